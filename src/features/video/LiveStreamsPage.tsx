import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveStream } from '../../contract/video';
import { manilaTime } from '../../lib/dates';
import { Button } from '../../ui/Button';
import { MatchStream } from '../../ui/MatchStream';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { PageSkeleton } from '../../ui/Skeleton';
import { liveStreamsQuery } from './api';
import styles from './Video.module.css';

const title = (stream: LiveStream) => `${stream.homeName} – ${stream.awayName}`;

/**
 * /sport_video and /panalo-live ({product}-live): the matches that can be watched now (or within the
 * hour), with the providers this player may use, and the chosen one's stream at the top (tried source
 * by source, src/ui/SourcePlayer). Nothing is streamed until the player picks a match. /cignal shows only
 * the Philippine competitions on the Cignal channel.
 */
export function LiveStreamsPage({ cignalOnly = false }: { cignalOnly?: boolean }) {
  const { t } = useTranslation();
  const { data, isError, refetch } = useQuery(liveStreamsQuery);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const streams = (data?.streams ?? []).filter((s) => !cignalOnly || s.cignal);
  const watching = streams.find((s) => s.matchId === chosen);

  return (
    <PageLayout flush>
      {watching && (
        <section aria-label={t('video.nowWatching')}>
          <MatchStream matchId={watching.matchId} label={t('video.label', { match: title(watching) })} />
          <div className={styles.now}>
            <strong>{title(watching)}</strong>
            <Link className={styles.link} to="/liveSportGameV3" search={{ matchId: watching.matchId }}>
              {t('video.openMatch')}
            </Link>
          </div>
        </section>
      )}
      {!data && !isError && <PageSkeleton label={t('common.loading')} />}
      {isError && (
        <Notice icon="wifiOff" title={t('video.loadFailed')} role="alert">
          <Button variant="secondary" onClick={() => void refetch()}>
            {t('common.retry')}
          </Button>
        </Notice>
      )}
      {data && streams.length === 0 && (
        <Notice icon="play" title={cignalOnly ? t('video.noCignal') : t('video.none')} description={t('video.noneHint')} role="status">
          <Link className={styles.link} to="/highlights">
            {t('video.highlights')}
          </Link>
        </Notice>
      )}
      {streams.length > 0 && (
        <ul className={styles.list} aria-label={t('video.listLabel')}>
          {streams.map((stream) => (
            <li
              key={stream.matchId}
              className={`${styles.item} ${stream.matchId === chosen ? styles.selected : ''}`}
              data-testid="stream"
              data-providers={stream.providers.join(',')}
              data-match-id={stream.matchId}
            >
              <span className={styles.league}>{stream.leagueName}</span>
              <span className={styles.teams}>{title(stream)}</span>
              <div className={styles.meta}>
                <span>
                  {stream.state === 'live'
                    ? t('video.liveScore', { home: stream.homeScore ?? 0, away: stream.awayScore ?? 0 })
                    : t('video.startsAt', { time: manilaTime(Date.parse(stream.kickoff)) })}
                  {' · '}
                  <span data-testid="providers">{t('video.sources', { count: stream.providers.length })}</span>
                </span>
                {stream.state === 'live' && (
                  <Button
                    size="small"
                    variant={stream.matchId === chosen ? 'secondary' : 'primary'}
                    aria-pressed={stream.matchId === chosen}
                    aria-label={t('video.watchMatch', { match: title(stream) })}
                    onClick={() => setChosen(stream.matchId)}
                  >
                    {t('match.watch')}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </PageLayout>
  );
}

export function CignalPage() {
  return <LiveStreamsPage cignalOnly />;
}
