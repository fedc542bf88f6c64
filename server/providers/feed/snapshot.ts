import type { League, Market, Outright } from '../../../src/contract/feed';
import type { SportTypeId } from '../../../src/contract/sports';
import type { Team } from './fixtures';
import { SPORTS } from './sports';
import type { MarketSpec, SimMarket, SimMatch } from './state';
import type { MatchResult, OutrightResult } from './types';

/**
 * The simulator's whole state as plain JSON, so a restarted server resumes the same feed: the same
 * match and market ids, prices, scores, clocks and outrights, and the results its bets still need.
 * Only data is stored: a match's sport rules are found again by its sportTypeId, a market's spec by
 * specKey (its bet type and scope), never by position, so reordering a sport's markets in code does
 * not mix them up.
 */

/** Bumped whenever FeedState changes shape; a stored state of another format is not restored. */
export const FEED_STATE_FORMAT = 1;

export interface StoredMarket {
  market: Market;
  spec: string;
  player?: number;
}

/** A match as stored: its own state, its markets by spec key; the sport and caches are rebuilt. */
export interface StoredMatch extends Omit<SimMatch, 'sport' | 'markets' | 'cache'> {
  markets: StoredMarket[];
}

export interface FeedState {
  format: number;
  /** What a state only fits: the sports it was built for. */
  sports: SportTypeId[];
  clock: number;
  rng: number;
  idBase: number;
  matchCount: number;
  budget: number;
  leagues: League[];
  teams: [string, Team[]][];
  outrights: [string, Outright[]][];
  seasons: [string, number][];
  matches: StoredMatch[];
  held: string[];
  /** The last seq of every destination, so a client's next delta follows the one it had. */
  seqs: [string, number][];
  /** Results of finished matches and decided outrights the feed still answers for (see FeedProvider.result). */
  results: MatchResult[];
  outrightResults: OutrightResult[];
  /** Ops applied in the feed's life (FeedSimulator.ops); absent in states stored before there were replicas. */
  ops?: number;
}

/** A spec's stable name within its sport and series length. */
export const specKey = (spec: MarketSpec): string => `${spec.betType}|${spec.scope}`;

export function storeMatch(sim: SimMatch): StoredMatch {
  return {
    match: sim.match,
    kickoffMs: sim.kickoffMs,
    kickoffDay: sim.kickoffDay,
    s: sim.s,
    s0: sim.s0,
    pace: sim.pace,
    play: sim.play,
    bestOf: sim.bestOf,
    players: sim.players,
    suspendedUntil: sim.suspendedUntil,
    delayUntil: sim.delayUntil,
    removeAt: sim.removeAt,
    finishedAt: sim.finishedAt,
    markets: sim.markets.map((sm) => ({
      market: sm.market,
      spec: specKey(sm.spec),
      ...(sm.player === undefined ? {} : { player: sm.player }),
    })),
  };
}

/**
 * Rebuilds a match from its stored form (a deep copy: nothing is shared with the parsed JSON's other
 * users). Throws when the code no longer knows its sport or one of its market specs.
 */
export function reviveMatch(stored: StoredMatch): SimMatch {
  const sport = SPORTS[stored.match.sportTypeId];
  if (!sport) throw new Error(`stored match ${stored.match.matchId}: no sport ${stored.match.sportTypeId}`);
  const specs = new Map(sport.markets(stored.bestOf).map((spec) => [specKey(spec), spec]));
  const copy = structuredClone(stored);
  const sim: SimMatch = {
    match: copy.match,
    sport,
    kickoffMs: copy.kickoffMs,
    kickoffDay: copy.kickoffDay,
    markets: [],
    s: copy.s,
    s0: copy.s0,
    pace: copy.pace,
    play: copy.play,
    bestOf: copy.bestOf,
    players: copy.players,
    suspendedUntil: copy.suspendedUntil,
    delayUntil: copy.delayUntil,
    removeAt: copy.removeAt,
    finishedAt: copy.finishedAt,
    cache: new Map(),
  };
  sim.markets = copy.markets.map((stored): SimMarket => {
    const spec = specs.get(stored.spec);
    if (!spec) throw new Error(`stored market ${stored.market.marketId}: no spec ${stored.spec}`);
    return { market: stored.market, spec, sim, ...(stored.player === undefined ? {} : { player: stored.player }) };
  });
  return sim;
}

/** Parses a stored state; undefined (with the reason) when it is not JSON or not of this format. */
export function parseFeedState(text: string): { state: FeedState } | { reason: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { reason: `not JSON: ${(error as Error).message}` };
  }
  const state = value as Partial<FeedState> | null;
  if (typeof state !== 'object' || state === null) return { reason: 'not an object' };
  if (state.format !== FEED_STATE_FORMAT) return { reason: `format ${String(state.format)}, this server reads ${FEED_STATE_FORMAT}` };
  const lists = ['sports', 'leagues', 'teams', 'outrights', 'seasons', 'matches', 'held', 'seqs', 'results', 'outrightResults'] as const;
  const numbers = ['clock', 'rng', 'idBase', 'matchCount', 'budget'] as const;
  for (const key of lists) if (!Array.isArray(state[key])) return { reason: `${key} missing` };
  for (const key of numbers) if (!Number.isFinite(state[key])) return { reason: `${key} missing` };
  return { state: state as FeedState };
}
