import { Suspense, lazy } from 'react';
import { LiveMatchPage } from '../../features/sports/LiveMatchPage';
import type { LiveMatchSearch } from '../../features/sports/search';
import { useLoggedIn } from '../../hooks/useLoggedIn';
import { loadAreas } from '../../i18n';

/** The player's open tickets on a match: their own chunk with My Bets' strings, only once logged in. */
const MatchTickets = lazy(() =>
  Promise.all([import('../../features/bets/MatchTickets'), loadAreas()]).then(([m]) => ({ default: m.MatchTickets })),
);

/**
 * /liveSportGameV3: the match page with the player's open tickets on it and their live cash-out (issue 38),
 * composed here since features do not import each other.
 */
export function LiveMatchRoute(search: LiveMatchSearch) {
  const loggedIn = useLoggedIn();
  const tickets =
    loggedIn && search.matchId ? (
      <Suspense fallback={null}>
        <MatchTickets matchId={search.matchId} />
      </Suspense>
    ) : null;
  return <LiveMatchPage {...search} tickets={tickets} />;
}
