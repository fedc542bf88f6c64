import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../hooks/useNow';
import { useLiveMatch } from '../../realtime/hooks';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { PageSkeleton } from '../../ui/Skeleton';
import styles from './LiveMatch.module.css';
import { MatchVideo } from './MatchVideo';
import { Scoreboard } from './Scoreboard';
import type { LiveMatchSearch } from './search';

/**
 * /player?matchId=… (spec §2 Games: the video player route): one match's video on its own page, with
 * its live score over it and the way to its markets. The video follows the §4 rules of the match page
 * (src/features/sports/MatchVideo.tsx): nothing downloads until the player taps Watch, sources tried in
 * order, 'video not found' when none plays or the sport has none. Without a match, or once it is over,
 * it leads to the matches that can be watched now.
 */
export function PlayerPage({ matchId }: LiveMatchSearch) {
  const { t } = useTranslation();
  if (!matchId) {
    return (
      <PageLayout>
        <Notice icon="play" title={t('player.choose')} description={t('player.chooseHint')}>
          <Link to="/sport_video" className={styles.retry}>
            {t('player.liveStreams')}
          </Link>
        </Notice>
      </PageLayout>
    );
  }
  return <MatchPlayer matchId={matchId} />;
}

function MatchPlayer({ matchId }: { matchId: string }) {
  const { t } = useTranslation();
  const view = useLiveMatch(matchId);
  const now = useNow(60_000);
  const match = view.match;
  if (match === undefined) {
    return (
      <PageLayout>
        <PageSkeleton label={t('common.loading')} lines={6} />
      </PageLayout>
    );
  }
  if (match === null) {
    return (
      <PageLayout>
        <Notice icon="play" title={t('match.over')} description={t('player.chooseHint')}>
          <Link to="/sport_video" className={styles.retry}>
            {t('player.liveStreams')}
          </Link>
        </Notice>
      </PageLayout>
    );
  }
  const title = `${match.homeName} – ${match.awayName}`;
  return (
    <PageLayout title={match.leagueName} flush>
      <div data-testid="player-page">
        {match.video ? (
          <MatchVideo matchId={match.matchId} title={title} />
        ) : (
          <p className={styles.noVideo} role="status" data-testid="video-status">
            {t('match.videoNotFound')}
          </p>
        )}
        <Scoreboard match={match} now={now} />
        <p className={styles.playerLinks}>
          <Link to="/liveSportGameV3" search={{ matchId }} className={styles.retry}>
            {t('player.openMarkets')}
          </Link>
        </p>
      </div>
    </PageLayout>
  );
}
