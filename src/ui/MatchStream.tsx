import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { matchStreamsQuery } from '../api/video';
import styles from './HlsVideo.module.css';
import { SourcePlayer } from './SourcePlayer';

/**
 * A live match's stream: its sources (saba/matchStreams: only those offered for its sport and to this
 * player) tried in order by SourcePlayer. The live match page and the video pages show it once the
 * player asked to watch.
 */
export function MatchStream({ matchId, label }: { matchId: string; label: string }) {
  const { t } = useTranslation();
  const { data, isError } = useQuery(matchStreamsQuery(matchId));
  if (!data) {
    return (
      <div className={styles.frame} role="status" data-testid={isError ? 'video-status' : undefined}>
        <span className={styles.message}>{isError ? t('match.videoNotFound') : t('match.videoTrying')}</span>
      </div>
    );
  }
  return <SourcePlayer key={matchId} sources={data.sources} attempts={data.attempts} label={label} />;
}
