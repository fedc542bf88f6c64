import { manilaDay } from '../lib/dates';
import { compareText } from '../lib/order';
import type { League, ListMode, Match } from './feed';
import type { ListQuery } from './realtime';

/**
 * Which match belongs in which list (spec §2 /sports modes), written once for the three that draw lists:
 * the feed's list snapshots (server/providers/feed/simulator.ts), the realtime worker's list views
 * (workers/realtime/core.ts) and the server's first rows (server/plugins/firstRows.ts, src/realtime/seed.ts).
 * - live: in play (running, runningStatus '0');
 * - today / early: not started yet and open (running, runningStatus '1'), kicking off on this Manila day
 *   or a later one (early: that one day when a dateId is asked).
 * Finished, closed, postponed and deleted matches are in no list.
 */
export type ListedMode = Exclude<ListMode, 'outright'>;

type Listed = Pick<Match, 'eventStatus' | 'runningStatus' | 'kickoff'>;

/** Whether a match is in a mode's list on the Manila day `today` (its kick-off day, when the caller has it). */
export function inListMode(
  match: Listed,
  mode: ListedMode,
  today: string,
  dateId?: string,
  kickoffDay: string = manilaDay(new Date(match.kickoff)),
): boolean {
  if (match.eventStatus !== 'running') return false;
  if (mode === 'live') return match.runningStatus === '0';
  if (match.runningStatus !== '1') return false;
  if (mode === 'today') return kickoffDay === today;
  return kickoffDay > today && (!dateId || kickoffDay === dateId);
}

/** Whether a match belongs in a list view (its sport, its mode, its day). */
export function inListView(match: Listed & Pick<Match, 'sportTypeId'>, query: ListQuery, today: string): boolean {
  return match.sportTypeId === query.sportTypeId && inListMode(match, query.mode, today, query.dateId);
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
