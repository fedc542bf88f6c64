import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { api } from '../../api/instance';
import { FEATURE_EXPERIMENT } from '../../contract/events';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import styles from './Dev.module.css';

/** The screen part of compare/group/assign's device id ('390x844x3'); the server adds the address it sees. */
const screenId = (width: number, height: number, ratio: number) =>
  `${Math.round(width)}x${Math.round(height)}x${Math.round(ratio * 100) / 100}`;

const assign = (deviceId: string) =>
  api.call<{ experiment: string; groupName: string }>('main', 'compare/group/assign', { deviceId }, { quiet: true });

/**
 * /abTest (development builds only): the /feature experiment of spec §7 from the developer's side. The
 * group the server assigns this device (compare/group/assign with this screen's size; the server adds
 * the address it sees), the experiment's groups, a link to /feature as this device sees it, and any
 * other screen size asked of the server to see which group such a phone on this network lands in (the
 * answer is kept as that device's group, as for a real one). The groups' results are on /dev/stats.
 */
export function AbTestPage() {
  const mine = screenId(screen.width, screen.height, devicePixelRatio);
  const current = useQuery({ queryKey: ['dev', 'abTest', mine], queryFn: () => assign(mine), staleTime: Infinity, retry: 1 });
  const [width, setWidth] = useState('360');
  const [height, setHeight] = useState('800');
  const [ratio, setRatio] = useState('2');
  const other = useMutation({ mutationFn: (deviceId: string) => assign(deviceId) });
  const otherId = screenId(Number(width) || 0, Number(height) || 0, Number(ratio) || 1);
  return (
    <PageLayout>
      <div className={styles.page}>
        <p className={styles.banner}>Development tool: not in production builds.</p>
        <section className={styles.section} aria-labelledby="ab-this">
          <h2 id="ab-this">This device</h2>
          <p className={styles.dim}>
            Experiment <code>{FEATURE_EXPERIMENT.name}</code>, groups {FEATURE_EXPERIMENT.groups.join(', ')}. Screen <code>{mine}</code>
          </p>
          {current.isError && (
            <Notice icon="wifiOff" title="The group could not be asked." role="alert">
              <Button variant="secondary" onClick={() => void current.refetch()}>
                Retry
              </Button>
            </Notice>
          )}
          {current.data && (
            <p>
              Group{' '}
              <span className={styles.group} data-testid="ab-group">
                {current.data.groupName}
              </span>
            </p>
          )}
          <div className={styles.links}>
            <Link to="/feature">Open /feature as this device</Link>
            <a href="/dev/stats">Results (/dev/stats)</a>
          </div>
        </section>
        <section className={styles.section} aria-labelledby="ab-other">
          <h2 id="ab-other">Another screen on this network</h2>
          <div className={styles.row}>
            <TextField label="Width" inputMode="numeric" value={width} onChange={(event) => setWidth(event.target.value)} />
            <TextField label="Height" inputMode="numeric" value={height} onChange={(event) => setHeight(event.target.value)} />
            <TextField label="Pixel ratio" inputMode="decimal" value={ratio} onChange={(event) => setRatio(event.target.value)} />
          </div>
          <Button variant="secondary" busy={other.isPending} onClick={() => other.mutate(otherId)}>
            Ask its group
          </Button>
          {other.isError && <p role="alert">The server refused {otherId}: a screen is up to 5 digits by 5 digits.</p>}
          {other.data && (
            <p role="status" data-testid="ab-other-group">
              <code>{otherId}</code> is in group <strong>{other.data.groupName}</strong>
            </p>
          )}
        </section>
      </div>
    </PageLayout>
  );
}
