import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/Icon';
import { streamUrl, streamsQuery } from './api';
import styles from './LiveMatch.module.css';
import { timers } from '../../lib/timers';

/** A source that has not started playing by then is given up for the next. */
const START_TIMEOUT_MS = 15_000;

type Phase =
  { kind: 'idle' } | { kind: 'trying'; index: number; url?: string } | { kind: 'playing'; index: number; url: string } | { kind: 'failed' };

/**
 * Live video (spec §3 match video, §4 "video not found"): nothing is downloaded until the player asks
 * (mobile data is dear); then the sources are tried in the order the server gives them, each provider's
 * URL looked up (three attempts when there is another source to fall back on), and a stream that fails
 * to play moves on to the next. When all fail: 'video not found'.
 */
export function MatchVideo({ matchId }: { matchId: string }) {
  const { t } = useTranslation();
  const { data, isError } = useQuery(streamsQuery(matchId));
  const sources = data?.sources ?? [];
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });

  const next = (index: number) => setPhase(index + 1 < sources.length ? { kind: 'trying', index: index + 1 } : { kind: 'failed' });

  const trying = phase.kind === 'trying' ? phase : null;
  const source = trying ? sources[trying.index] : undefined;
  const lookingUp = trying !== null && trying.url === undefined;
  useEffect(() => {
    if (!lookingUp || !source || !trying) return;
    let cancelled = false;
    const index = trying.index;
    void streamUrl(source, sources.length > 1 ? 3 : 1).then((url) => {
      if (cancelled) return;
      if (url) setPhase({ kind: 'trying', index, url });
      else setPhase(index + 1 < sources.length ? { kind: 'trying', index: index + 1 } : { kind: 'failed' });
    });
    return () => {
      cancelled = true;
    };
  }, [lookingUp, source, trying, sources.length]);

  const waitingUrl = trying?.url;
  useEffect(() => {
    if (!waitingUrl || !trying) return;
    const index = trying.index;
    const timer = timers.setTimeout(
      () => setPhase(index + 1 < sources.length ? { kind: 'trying', index: index + 1 } : { kind: 'failed' }),
      START_TIMEOUT_MS,
    );
    return () => timers.clearTimeout(timer);
  }, [waitingUrl, trying, sources.length]);

  // The match says it has video: its button holds its place while the sources are looked up, so the
  // markets under it do not move down when they arrive (CLS, issue 31); there is nothing to start yet.
  if (data === undefined && !isError && phase.kind === 'idle') {
    return (
      <button type="button" className={styles.watch} disabled data-testid="watch">
        <Icon name="play" size={16} />
        {t('match.watch')}
      </button>
    );
  }
  if (sources.length === 0) return null;

  if (phase.kind === 'idle') {
    return (
      <button type="button" className={styles.watch} onClick={() => setPhase({ kind: 'trying', index: 0 })} data-testid="watch">
        <Icon name="play" size={16} />
        {t('match.watch')}
      </button>
    );
  }
  if (phase.kind === 'failed') {
    return (
      <div className={styles.video} role="status" data-testid="video-status">
        <span className={styles.videoMessage}>{t('match.videoNotFound')}</span>
      </div>
    );
  }
  const url = phase.url;
  const index = phase.index;
  return (
    <div className={styles.video} data-testid="video" data-provider={sources[index]?.provider}>
      {url && (
        <video
          key={url}
          className={styles.videoElement}
          src={url}
          autoPlay
          muted
          playsInline
          controls
          onCanPlay={() => setPhase({ kind: 'playing', index, url })}
          onError={() => next(index)}
        />
      )}
      {phase.kind === 'trying' && (
        <span className={styles.videoMessage} role="status">
          {t('match.videoTrying')}
        </span>
      )}
    </div>
  );
}
