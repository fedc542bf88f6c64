import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SportTypeId } from '../../contract/sports';
import type { HighlightClip } from '../../contract/video';
import { MissionList } from '../../features/campaigns/MissionsPage';
import { MISSIONS_KEY, openHighlight, watchedHighlight } from '../../features/campaigns/api';
import { clipUrl, highlightsQuery } from '../../features/video/api';
import { useLoggedIn } from '../../hooks/useLoggedIn';
import { dataSaver as dataSaverMode } from '../../stores/dataSaver';
import { showToast } from '../../stores/ui';
import { Button } from '../../ui/Button';
import { HlsVideo } from '../../ui/HlsVideo';
import hlsStyles from '../../ui/HlsVideo.module.css';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { Skeleton } from '../../ui/Skeleton';
import styles from './SportCampaign.module.css';

type Playing = { clip: HighlightClip; url?: string; failed?: boolean; counts: boolean };

const title = (clip: HighlightClip) => `${clip.homeName} ${clip.homeScore} – ${clip.awayScore} ${clip.awayName}`;

/**
 * /nbaVideo (issue 35): this week's basketball highlights (the video module's clips, the HLS player)
 * with the "watch the highlight" missions. A logged-in player's clip is opened through the missions
 * call, which records the opening; when it plays to its end the page reports it and the server counts
 * it only if the clip's length has passed since it was opened (once per clip). A visitor watches too,
 * through the ordinary clip call, and is told watching counts after logging in and joining.
 */
export function NbaVideoRoute() {
  const { t } = useTranslation();
  const loggedIn = useLoggedIn();
  const queryClient = useQueryClient();
  const { data, isError, refetch } = useQuery(highlightsQuery);
  const [playing, setPlaying] = useState<Playing | undefined>(undefined);
  // Data-saver mode as the player opened the page (src/stores/dataSaver.ts): nothing starts by itself.
  const [dataSaver] = useState(() => dataSaverMode.on);
  const [counted, setCounted] = useState<ReadonlySet<string>>(new Set());
  const clips = data?.clips.filter((clip) => clip.sportTypeId === SportTypeId.Basketball) ?? [];

  const open = (clip: HighlightClip) => {
    setPlaying({ clip, counts: loggedIn });
    const same = (current: Playing | undefined) => current?.clip.clipId === clip.clipId;
    const url = loggedIn
      ? openHighlight(clip.clipId).then((answer) => {
          if (answer.watched) setCounted((set) => new Set(set).add(clip.clipId));
          return answer.url;
        })
      : clipUrl(clip.clipId).then((answer) => answer.url);
    url.then(
      (src) => setPlaying((current) => (same(current) ? { ...current!, url: src } : current)),
      () => setPlaying((current) => (same(current) ? { ...current!, failed: true } : current)),
    );
  };
  const ended = () => {
    if (!playing?.counts || counted.has(playing.clip.clipId)) return;
    const { clipId } = playing.clip;
    watchedHighlight(clipId).then(
      () => {
        setCounted((set) => new Set(set).add(clipId));
        showToast('success', t('sportpromo.nbaVideo.counted'));
        void queryClient.invalidateQueries({ queryKey: MISSIONS_KEY });
      },
      () => undefined,
    );
  };

  return (
    <PageLayout>
      <div className={styles.page}>
        <p className={styles.intro}>{t('sportpromo.nbaVideo.intro')}</p>
        <section className={styles.section} aria-labelledby="nba-video-missions">
          <h2 id="nba-video-missions" className={styles.heading}>
            {t('sportpromo.missions')}
          </h2>
          <MissionList eventId="nba-video" />
        </section>
        <section className={styles.section} aria-labelledby="nba-video-clips">
          <h2 id="nba-video-clips" className={styles.heading}>
            {t('sportpromo.nbaVideo.clips')}
          </h2>
          {playing && (
            <div aria-label={t('video.nowWatching')} role="region">
              <div className={hlsStyles.frame} data-testid="clip">
                {playing.url && !playing.failed && (
                  <HlsVideo
                    key={playing.url}
                    src={playing.url}
                    autoPlay={!dataSaver}
                    label={title(playing.clip)}
                    onFailed={() => setPlaying((current) => current && { ...current, failed: true })}
                    onEnded={ended}
                  />
                )}
                {(!playing.url || playing.failed) && (
                  <span className={hlsStyles.message} role="status">
                    {playing.failed ? t('match.videoNotFound') : t('match.videoTrying')}
                  </span>
                )}
              </div>
              <p className={styles.intro}>
                <strong>{title(playing.clip)}</strong>
                {' · '}
                {counted.has(playing.clip.clipId)
                  ? t('sportpromo.nbaVideo.alreadyCounted')
                  : playing.counts
                    ? t('sportpromo.nbaVideo.watchToEnd')
                    : t('sportpromo.nbaVideo.visitor')}
              </p>
            </div>
          )}
          {!data && !isError && <Skeleton height={120} radius={12} />}
          {isError && (
            <Notice icon="wifiOff" title={t('video.loadFailed')} role="alert">
              <Button variant="secondary" onClick={() => void refetch()}>
                {t('common.retry')}
              </Button>
            </Notice>
          )}
          {data && clips.length === 0 && <Notice icon="play" title={t('sportpromo.nbaVideo.none')} role="status" />}
          {clips.length > 0 && (
            <ul className={styles.clips} aria-label={t('sportpromo.nbaVideo.clips')}>
              {clips.map((clip) => (
                <li key={clip.clipId} className={styles.clip} data-testid="nba-highlight">
                  <span className={styles.league}>{clip.leagueName}</span>
                  <span className={styles.teams}>{title(clip)}</span>
                  <div className={styles.meta}>
                    <span>
                      {clip.state === 'live' ? t('video.soFar') : t('video.fullTime')}
                      {' · '}
                      {t('video.seconds', { count: clip.durationSeconds })}
                      {counted.has(clip.clipId) && <span className={styles.counted}> · {t('sportpromo.nbaVideo.countedShort')}</span>}
                    </span>
                    <Button size="small" aria-label={t('video.playClip', { match: title(clip) })} onClick={() => open(clip)}>
                      {t('video.play')}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </PageLayout>
  );
}
