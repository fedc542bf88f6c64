import type { League, Market, Match } from '../../src/contract/feed';
import type { ListQuery } from '../../src/contract/realtime';
import { manilaDay } from '../../src/lib/dates';
import { compareText } from '../../src/lib/order';
import type { MatchStore } from './store';

/** Whether a match belongs in a list view (spec §2 /sports modes live / today / early). */
export function inListView(match: Match, query: ListQuery, today: string): boolean {
  if (match.sportTypeId !== query.sportTypeId) return false;
  if (match.eventStatus === 'deleted' || match.eventStatus === 'postponed') return false;
  if (query.mode === 'live') return match.eventStatus === 'running' && match.runningStatus === '0';
  if (match.runningStatus !== '1') return false;
  const day = manilaDay(new Date(match.kickoff));
  if (query.mode === 'today') return day === today;
  return day > today && (!query.dateId || day === query.dateId);
}

/** Display order: league priority, then kick-off, then id (stable). */
export function orderMatches(matches: Match[], leagues: Map<string, League>): string[] {
  return matches
    .slice()
    .sort(
      (a, b) =>
        (leagues.get(a.leagueId)?.priority ?? 999) - (leagues.get(b.leagueId)?.priority ?? 999) ||
        compareText(a.leagueId, b.leagueId) ||
        compareText(a.kickoff, b.kickoff) ||
        compareText(a.matchId, b.matchId),
    )
    .map((match) => match.matchId);
}

export function mainMarkets(store: MatchStore, matchId: string): Market[] {
  return store.marketsOf(matchId).filter((market) => market.main);
}
