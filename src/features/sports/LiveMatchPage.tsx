import { Link, useRouterState } from '@tanstack/react-router';
import { type ReactNode, Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { loadAreas } from '../../i18n';
import { SportTypeId } from '../../contract/sports';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { useLiveMatch } from '../../realtime/hooks';
import { PageSkeleton } from '../../ui/Skeleton';
import { TabBar, tabStyles } from '../../ui/Tabs';
import { ChatTab } from './ChatTab';
import { AnalysisTab, LineupTab, PicksTab, StandingTab } from './InsightTabs';
import styles from './LiveMatch.module.css';
import { MarketsTab } from './MarketsTab';
import { MatchVideo } from './MatchVideo';
import { ReconnectingBanner } from './MatchStatus';
import { OfflineBanner, OfflineProvider, offlineOf } from './offline';
import { Scoreboard } from './Scoreboard';
import type { LiveMatchSearch } from './search';
import { SportsbookMaintenance, useHongKongMarketCheck, useSportsbookMaintenance } from './status';
import { useNow } from '../../hooks/useNow';

/** The child routes of /liveSportGameV3 (spec §2), in tab order; the bare path shows 'bet'. */
const TABS = [
  { path: 'bet', key: 'bet' },
  { path: 'builder', key: 'builder' },
  { path: 'chat', key: 'chat' },
  { path: 'picks', key: 'picks' },
  { path: 'standing', key: 'standing' },
  { path: 'analysis', key: 'analysis' },
  { path: 'line-up', key: 'lineup' },
] as const;

/** The Bet Builder tab (issue 38), with its strings (the areas' chunk), only when it is opened. */
const BuilderTab = lazy(() =>
  Promise.all([import('./BuilderTab'), loadAreas().catch(() => undefined)]).then(([m]) => ({ default: m.BuilderTab })),
);

/** The feed's custom-bet API prices football (providers/feed/customBet.ts): the tab shows on its matches. */
const hasBuilder = (sportTypeId: string) => sportTypeId === SportTypeId.Football;

/**
 * /liveSportGameV3?matchId=…: scoreboard, video, and the tabs bet (all markets by category, live),
 * bet builder (football: picks of the match combined into one bet, issue 38), chat (live over STOMP), picks, standing, analysis and line-up. The match comes from the shared worker
 * (one /topic/match subscription however many tabs show it). `tickets`: what src/app puts under the
 * scoreboard (the player's open tickets on this match with their cash-out; features do not import each other).
 */
export function LiveMatchPage({ matchId = '', tickets }: LiveMatchSearch & { tickets?: ReactNode }) {
  const { t } = useTranslation();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const segment = pathname.split('/').filter(Boolean)[1] ?? 'bet';
  const tab = TABS.find((candidate) => candidate.path === segment) ?? TABS[0];
  const view = useLiveMatch(matchId);
  const now = useNow(60_000);
  const match = view.match;
  const maintenance = useSportsbookMaintenance();
  useHongKongMarketCheck();
  const offline = offlineOf([view]);

  if (!matchId) {
    return (
      <PageLayout>
        <Notice icon="ticket" title={t('match.notFound')}>
          <Link to="/sports" className={styles.retry}>
            {t('tabs.sports')}
          </Link>
        </Notice>
      </PageLayout>
    );
  }
  if (maintenance) {
    return (
      <PageLayout>
        <SportsbookMaintenance />
      </PageLayout>
    );
  }
  if (match === undefined) {
    return (
      <PageLayout>
        <PageSkeleton label={t('common.loading')} lines={8} />
      </PageLayout>
    );
  }
  if (match === null && offline) {
    // No network, and this match was never kept on the device.
    return (
      <PageLayout>
        <OfflineBanner view={offline} />
        <Notice icon="ticket" title={t('sports.offlineNothing')}>
          <Link to="/sports" search={{ mode: 'live' }} className={styles.retry}>
            {t('tabs.sports')}
          </Link>
        </Notice>
      </PageLayout>
    );
  }
  if (match === null) {
    return (
      <PageLayout>
        <Notice icon="ticket" title={t('match.over')} description={t('match.notFound')}>
          <Link to="/sports" search={{ mode: 'live' }} className={styles.retry}>
            {t('tabs.sports')}
          </Link>
        </Notice>
      </PageLayout>
    );
  }

  return (
    <OfflineProvider value={offline}>
      <PageLayout title={match.leagueName} flush>
        {view.status === 'reconnecting' && <ReconnectingBanner />}
        {offline && <OfflineBanner view={offline} />}
        <Scoreboard match={match} now={now} />
        {match.video && <MatchVideo matchId={match.matchId} title={`${match.homeName} – ${match.awayName}`} />}
        {tickets}
        <div className={styles.tabs}>
          <TabBar label={t('match.tabsLabel')}>
            {TABS.filter((candidate) => candidate.key !== 'builder' || hasBuilder(match.sportTypeId)).map((candidate) => (
              <Link
                key={candidate.path}
                to={`/liveSportGameV3/${candidate.path}`}
                search={{ matchId }}
                replace
                className={tabStyles.tab}
                aria-current={candidate.path === tab.path ? 'page' : undefined}
              >
                {t(`match.tabs.${candidate.key}`)}
              </Link>
            ))}
          </TabBar>
        </div>
        <div className={styles.tabBody}>
          {tab.key === 'bet' && <MarketsTab match={match} markets={view.markets} moves={view.moves} />}
          {tab.key === 'builder' && (
            <Suspense fallback={<PageSkeleton label={t('common.loading')} lines={6} />}>
              <BuilderTab match={match} />
            </Suspense>
          )}
          {tab.key === 'chat' && <ChatTab matchId={match.matchId} />}
          {tab.key === 'picks' && <PicksTab match={match} markets={view.markets} moves={view.moves} />}
          {tab.key === 'standing' && <StandingTab match={match} />}
          {tab.key === 'analysis' && <AnalysisTab match={match} />}
          {tab.key === 'lineup' && <LineupTab match={match} />}
        </div>
      </PageLayout>
    </OfflineProvider>
  );
}
