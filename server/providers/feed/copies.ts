import type { LiveState, Market, Match, PeriodScore } from '../../../src/contract/feed';

/**
 * Copies handed out of the simulator (snapshots, deltas, look-ups) so no caller can reach the state it
 * mutates, and the live-state diff that decides what a 'live' change carries.
 */

/** The clock alone is republished only when it has moved this many seconds (clients run it between). */
const CLOCK_STEP = 5;

const copyScores = (scores: readonly PeriodScore[]): PeriodScore[] => scores.map((s) => ({ home: s.home, away: s.away }));

export function copyLive(live: LiveState): LiveState {
  return { ...live, periodScores: copyScores(live.periodScores), ...(live.tennisPoints ? { tennisPoints: { ...live.tennisPoints } } : {}) };
}

export function copyMatch(match: Match): Match {
  return { ...match, live: match.live && copyLive(match.live), video: match.video && { ...match.video } };
}

export function copyMarket(market: Market): Market {
  return {
    ...market,
    selections: market.selections.map((s) => ({ ...s })),
    ...(market.player ? { player: { ...market.player } } : {}),
  };
}

function sameScores(a: readonly PeriodScore[], b: readonly PeriodScore[]): boolean {
  return a.length === b.length && a.every((s, i) => s.home === b[i]!.home && s.away === b[i]!.away);
}

/**
 * What changed between the published live state and the current one, or null. The clock is sent with
 * any other change, when it went back (a new period), or every CLOCK_STEP seconds.
 */
export function diffLive(prev: LiveState, next: LiveState): Partial<LiveState> | null {
  const patch: Partial<LiveState> = {};
  if (prev.livePeriod !== next.livePeriod) patch.livePeriod = next.livePeriod;
  if (prev.isHT !== next.isHT) patch.isHT = next.isHT;
  if (prev.delayLive !== next.delayLive) patch.delayLive = next.delayLive;
  if (prev.homeScore !== next.homeScore) patch.homeScore = next.homeScore;
  if (prev.awayScore !== next.awayScore) patch.awayScore = next.awayScore;
  if (!sameScores(prev.periodScores, next.periodScores)) patch.periodScores = copyScores(next.periodScores);
  const tp = next.tennisPoints;
  if (tp && (prev.tennisPoints?.home !== tp.home || prev.tennisPoints.away !== tp.away)) patch.tennisPoints = { ...tp };
  if (prev.bestOfMap !== next.bestOfMap && next.bestOfMap !== undefined) patch.bestOfMap = next.bestOfMap;
  const others = Object.keys(patch).length > 0;
  const moved = next.inPlayTime3 - prev.inPlayTime3;
  if (moved !== 0 && (others || moved < 0 || moved >= CLOCK_STEP)) patch.inPlayTime3 = next.inPlayTime3;
  return Object.keys(patch).length > 0 ? patch : null;
}
