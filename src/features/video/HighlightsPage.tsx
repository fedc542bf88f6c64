import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HighlightClip } from '../../contract/video';
import { dataSaver as dataSaverMode } from '../../stores/dataSaver';
import { Button } from '../../ui/Button';
import { HlsVideo } from '../../ui/HlsVideo';
import hlsStyles from '../../ui/HlsVideo.module.css';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { PageSkeleton } from '../../ui/Skeleton';
import { clipUrl, highlightsQuery } from './api';
import styles from './Video.module.css';

type Playing = { clip: HighlightClip; url?: string; failed?: boolean };

const title = (clip: HighlightClip) => `${clip.homeName} ${clip.homeScore} – ${clip.awayScore} ${clip.awayName}`;

/**
 * /highlights: this week's clips (spec §1 weekly highlights), of finished matches and of live ones so
 * far, newest first. A clip's playlist is asked for when it is opened (its URL is signed and short-lived).
 */
export function HighlightsPage() {
  const { t } = useTranslation();
  const { data, isError, refetch } = useQuery(highlightsQuery);
  const [playing, setPlaying] = useState<Playing | undefined>(undefined);
  // Data-saver mode as the player opened the page (src/stores/dataSaver.ts): nothing starts by itself.
  const [dataSaver] = useState(() => dataSaverMode.on);

  const open = (clip: HighlightClip) => {
    setPlaying({ clip });
    clipUrl(clip.clipId).then(
      (answer) => setPlaying((current) => (current?.clip.clipId === clip.clipId ? { clip, url: answer.url } : current)),
      () => setPlaying((current) => (current?.clip.clipId === clip.clipId ? { clip, failed: true } : current)),
    );
  };
  const failed = () => setPlaying((current) => current && { clip: current.clip, failed: true });

  return (
    <PageLayout flush>
      {playing && (
        <section aria-label={t('video.nowWatching')}>
          <div className={hlsStyles.frame} data-testid="clip">
            {playing.url && !playing.failed && (
              <HlsVideo key={playing.url} src={playing.url} autoPlay={!dataSaver} label={title(playing.clip)} onFailed={failed} />
            )}
            {(!playing.url || playing.failed) && (
              <span className={hlsStyles.message} role="status">
                {playing.failed ? t('match.videoNotFound') : t('match.videoTrying')}
              </span>
            )}
          </div>
          <div className={styles.now}>
            <strong>{title(playing.clip)}</strong>
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
      {data && data.clips.length === 0 && <Notice icon="play" title={t('video.noHighlights')} role="status" />}
      {data && data.clips.length > 0 && (
        <ul className={styles.list} aria-label={t('video.highlightsLabel')}>
          {data.clips.map((clip) => (
            <li key={clip.clipId} className={styles.item} data-testid="highlight">
              <span className={styles.league}>{clip.leagueName}</span>
              <span className={styles.teams}>{title(clip)}</span>
              <div className={styles.meta}>
                <span>
                  {clip.state === 'live' ? t('video.soFar') : t('video.fullTime')}
                  {' · '}
                  {t('video.seconds', { count: clip.durationSeconds })}
                </span>
                <Button size="small" aria-label={t('video.playClip', { match: title(clip) })} onClick={() => open(clip)}>
                  {t('video.play')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </PageLayout>
  );
}
