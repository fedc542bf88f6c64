import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STREAM_START_TIMEOUT_MS, type VideoSource } from '../contract/video';
import { dataSaver as dataSaverMode } from '../stores/dataSaver';
import { lookupStream } from '../api/video';
import { HlsVideo } from './HlsVideo';
import styles from './HlsVideo.module.css';

type Phase =
  | { kind: 'lookup'; index: number }
  | { kind: 'loading'; index: number; url: string }
  | { kind: 'playing'; index: number; url: string }
  | { kind: 'failed' };

export interface SourcePlayerProps {
  /** The sources in the order to try them (saba/matchStreams). */
  sources: readonly VideoSource[];
  /** Lookup attempts per source (spec §4: 3 when several sources exist, more for a lone one). */
  attempts: number;
  /** The video's accessible name. */
  label: string;
}

/**
 * Match video (spec §4 "Video"): the sources are tried in the order given, each provider's URL looked
 * up with its retries (src/api/video.ts); a stream that fails, or that delivers nothing for
 * STREAM_START_TIMEOUT_MS before it starts, gives way to the next source; when none is left, 'video not found' (§8).
 * On a slow connection or with data saver on, nothing starts by itself: the player presses play.
 */
export function SourcePlayer({ sources, attempts, label }: SourcePlayerProps) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>(sources.length > 0 ? { kind: 'lookup', index: 0 } : { kind: 'failed' });
  // Data-saver mode as the player opened the page (src/stores/dataSaver.ts): nothing starts by itself.
  const [dataSaver] = useState(() => dataSaverMode.on);
  const [tried, setTried] = useState(0);
  /** Counts the pieces of the current stream that arrived: a slow link that still delivers is waited for. */
  const [progress, setProgress] = useState(0);

  const next = (index: number) => {
    setTried((n) => Math.max(n, index + 1));
    setPhase(index + 1 < sources.length ? { kind: 'lookup', index: index + 1 } : { kind: 'failed' });
  };

  const lookupIndex = phase.kind === 'lookup' ? phase.index : -1;
  useEffect(() => {
    const source = sources[lookupIndex];
    if (!source) return;
    const controller = new AbortController();
    void lookupStream(source, attempts, controller.signal).then((url) => {
      if (controller.signal.aborted) return;
      if (url) setPhase({ kind: 'loading', index: lookupIndex, url });
      else next(lookupIndex);
    });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new lookup only when the source index changes
  }, [lookupIndex, sources, attempts]);

  const loading = phase.kind === 'loading' ? phase : undefined;
  useEffect(() => {
    // With data saver the player starts it; the wait for the first frames would be theirs.
    if (!loading || dataSaver) return;
    const timer = setTimeout(() => next(loading.index), STREAM_START_TIMEOUT_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one timer per stream, started again by each piece that arrives
  }, [loading?.url, dataSaver, progress]);

  if (phase.kind === 'failed') {
    return (
      <div className={styles.frame} role="status" data-testid="video-status">
        <span className={styles.message}>{t('match.videoNotFound')}</span>
      </div>
    );
  }
  const source = sources[phase.index];
  return (
    <div className={styles.frame} data-testid="video" data-provider={source?.provider} data-state={phase.kind}>
      {phase.kind !== 'lookup' && (
        <HlsVideo
          key={phase.url}
          src={phase.url}
          autoPlay={!dataSaver}
          label={label}
          onPlaying={() => setPhase({ kind: 'playing', index: phase.index, url: phase.url })}
          onProgress={() => setProgress((n) => n + 1)}
          onFailed={() => next(phase.index)}
        />
      )}
      {phase.kind !== 'playing' && (
        <span className={styles.message} role="status">
          {phase.kind === 'loading' && dataSaver ? t('video.dataSaver') : tried > 0 ? t('video.nextSource') : t('match.videoTrying')}
        </span>
      )}
      {sources.length > 1 && <span className={styles.source}>{t('video.source', { n: phase.index + 1, count: sources.length })}</span>}
    </div>
  );
}
