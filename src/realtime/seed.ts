import type { ListSnapshot } from '../contract/feed';
import type { ListPatch, ListQuery } from '../contract/realtime';
import { manilaDay } from '../lib/dates';
import { inListView, orderMatches } from '../contract/lists';
import { firstList } from './client';

/**
 * A list snapshot the server inlined, as the patch the realtime worker would send for it (its resetList:
 * the list's members, their main markets, in display order), so the page draws the rows the server drew
 * before the worker has answered.
 */
export function snapshotPatch(query: ListQuery, snapshot: ListSnapshot, now: number): ListPatch {
  const today = manilaDay(now);
  const matches = snapshot.matches.filter((match) => inListView(match, query, today));
  const members = new Set(matches.map((m) => m.matchId));
  const leagues = new Map(snapshot.leagues.map((league) => [league.leagueId, league]));
  const leagueIds = new Set(matches.map((m) => m.leagueId));
  return {
    reset: true,
    status: 'live',
    leagues: snapshot.leagues.filter((l) => leagueIds.has(l.leagueId)),
    matches,
    markets: snapshot.markets.filter((market) => market.main && members.has(market.matchId)),
    order: orderMatches(matches, leagues),
  };
}

/** The patch of the snapshot the server inlined for this list, while the worker has not answered for it (client.ts firstList). */
export function firstListPatch(query: ListQuery): ListPatch | undefined {
  const snapshot = firstList(query);
  return snapshot ? snapshotPatch(query, snapshot, Date.now()) : undefined;
}
