import type { LiveState, Market, MarketCategory, Match, PeriodScore } from '../../../src/contract/feed';
import type { SportTypeId } from '../../../src/contract/sports';
import type { ScopeModel } from './pricing';
import type { Rng } from './random';
import type { MarketKind } from './types';

/**
 * The simulator's own view of a match: the public Match it publishes, plus what only the feed knows
 * (hidden strength, the play state behind the live state, player points, suspension timers).
 */

/** Which figure a market settles on: the score, the per-period units (games, rally points), rounds fought, a player's points. */
export type Basis = 'score' | 'units' | 'duration' | 'player';

export interface MarketSpec {
  betType: number;
  name: string;
  kind: MarketKind;
  category: MarketCategory;
  /** 'FT', 'RT' (regulation time), '1H', 'Q1'…, 'P1', 'Set 2', 'Map 3', 'Game 1'. */
  scope: string;
  basis: Basis;
  main?: boolean;
  combo: boolean;
  maxBet: number;
  /** A moving line on the grid offset + k·step. */
  step?: number;
  offset?: number;
  /** A line that never moves, chosen when the market opens (esports -1.5 maps, boxing 9.5 rounds). */
  fixedLine?: (m: SimMatch, model: ScopeModel) => number;
  /** Player markets: one per team's top scorers, this many per team. */
  playersPerTeam?: number;
}

export interface Player {
  playerId: string;
  playerName: string;
  teamId: string;
  /** Share of the team's points. */
  share: number;
}

/** The play state behind LiveState; each engine uses the fields it needs. */
export interface PlayState {
  /** livePeriod (0 before the start). */
  period: number;
  /** Seconds played in the period (inPlayTime3). */
  clock: number;
  /** Length of the current period, map, half-inning or round. */
  length: number;
  /** Seconds of break left before the next period starts (the clock stands still). */
  breakLeft: number;
  isHT: boolean;
  home: number;
  away: number;
  periods: PeriodScore[];
  finished: boolean;
  /** Tennis: points of the current game. */
  points: [number, number];
  /** Tennis: who serves; basketball: who has the ball (0 home, 1 away). */
  server: 0 | 1;
  tiebreak: boolean;
  /** Seconds until the next rally/point. */
  nextIn: number;
  /** Baseball: 0 top (away bats), 1 bottom. */
  half: 0 | 1;
  /** Basketball: the current run of unanswered points, positive for home. */
  mark: number;
  /** Basketball: points per player, in the order of SimMatch.players. */
  playerPoints: number[];
  /** Boxing: rounds fought when it ended (e.g. 7.42). */
  rounds: number;
}

export interface PlayEvents {
  /** A goal or its equivalent: the match's markets suspend for a few seconds. */
  swing(): void;
  /** A scope ended ('1H', 'Q2', 'Set 1'…): its markets close. */
  periodEnd(scope: string): void;
}

export interface SportEngine {
  /** Match time of a whole match in seconds, breaks included (plans kick-offs and live starts). */
  readonly duration: number;
  start(m: SimMatch, rng: Rng): void;
  play(m: SimMatch, seconds: number, rng: Rng, events: PlayEvents): void;
  /** The public live state (delayLive false: the simulator owns it). */
  live(m: SimMatch): LiveState;
  /** Probabilities of a scope in the current state; undefined once the scope is decided or unknown. */
  model(m: SimMatch, scope: string, basis: Basis, player?: number): ScopeModel | undefined;
}

export interface SportDef {
  sportTypeId: SportTypeId;
  engine: SportEngine;
  /** The markets a match offers, given its series length. */
  markets(bestOf: number): MarketSpec[];
  /** Strength added to the home side (0 on neutral ground). */
  homeAdvantage: number;
  /** What the sides are called: teams, esports teams or people (tennis, badminton, boxing, table tennis). */
  sides: 'team' | 'esports' | 'person';
  /** 'Set', 'Game' or 'Map': the name of a period in scopes ('Set 2'). */
  periodPrefix: string;
  /** Series length (best of) choices, or boxing's scheduled rounds; [1] when it does not apply. */
  bestOf: readonly number[];
  /** Basketball rosters for player props. */
  playersPerTeam: number;
}

export interface SimMarket {
  market: Market;
  spec: MarketSpec;
  sim: SimMatch;
  /** Index into SimMatch.players for player markets. */
  player?: number;
}

export interface SimMatch {
  match: Match;
  sport: SportDef;
  /** Kick-off as epoch ms and as its Manila day ('YYYY-MM-DD'). */
  kickoffMs: number;
  kickoffDay: string;
  markets: SimMarket[];
  /** Hidden strength (log-odds scale, home advantage included); drifts around s0. */
  s: number;
  s0: number;
  /** Scoring-rate multiplier (moves totals); drifts around 1. */
  pace: number;
  play: PlayState;
  /** Series length (best of) or boxing's scheduled rounds. */
  bestOf: number;
  players: Player[];
  suspendedUntil: number;
  delayUntil: number;
  removeAt: number;
  finishedAt: number;
  /** Models and chances of the current state, cleared when the state or the strength moves. */
  cache: Map<string, unknown>;
}

/** A value computed once per state of the match (see SimMatch.cache). */
export function cached<T>(m: SimMatch, key: string, make: () => T): T {
  if (m.cache.has(key)) return m.cache.get(key) as T;
  const value = make();
  m.cache.set(key, value);
  return value;
}

export function newPlayState(): PlayState {
  return {
    period: 0,
    clock: 0,
    length: 0,
    breakLeft: 0,
    isHT: false,
    home: 0,
    away: 0,
    periods: [],
    finished: false,
    points: [0, 0],
    server: 0,
    tiebreak: false,
    nextIn: 0,
    half: 0,
    mark: 0,
    playerPoints: [],
    rounds: 0,
  };
}

/** Adds to the current period's score and the match score. */
export function score(play: PlayState, home: number, away: number, countsForMatch = true): void {
  const current = play.periods[play.periods.length - 1];
  if (current) {
    current.home += home;
    current.away += away;
  }
  if (countsForMatch) {
    play.home += home;
    play.away += away;
  }
}

/** The live state every engine shares; engines add their own fields. */
/**
 * Spends up to `seconds` of the break between periods; when the break ends, `next` starts the next
 * period. Answers the seconds still to play.
 */
export function spendBreak(play: PlayState, seconds: number, next: () => void): number {
  const pause = Math.min(seconds, play.breakLeft);
  play.breakLeft -= pause;
  if (play.breakLeft <= 1e-9) {
    play.breakLeft = 0;
    next();
  }
  return seconds - pause;
}

/**
 * Plays `seconds` of a point-by-point sport (tennis, volleyball, badminton, table tennis): the break
 * between sets, then a point every `gap()` seconds of play.
 */
export function playByPoints(play: PlayState, seconds: number, nextSet: () => void, gap: () => number, point: () => void): void {
  while (seconds > 1e-9 && !play.finished) {
    if (play.breakLeft > 0) {
      seconds = spendBreak(play, seconds, nextSet);
      continue;
    }
    if (seconds < play.nextIn) {
      play.nextIn -= seconds;
      play.clock += seconds;
      return;
    }
    seconds -= play.nextIn;
    play.clock += play.nextIn;
    play.nextIn = gap();
    point();
  }
}

export function baseLive(play: PlayState): LiveState {
  return {
    livePeriod: play.period,
    inPlayTime3: Math.floor(play.clock),
    isHT: play.isHT,
    delayLive: false,
    homeScore: play.home,
    awayScore: play.away,
    periodScores: play.periods.map((p) => ({ home: p.home, away: p.away })),
  };
}

/** Sums the period scores from index `from` to `to` (inclusive). */
export function sumPeriods(play: PlayState, from: number, to: number): PeriodScore {
  const sum = { home: 0, away: 0 };
  for (let i = from; i <= to && i < play.periods.length; i++) {
    sum.home += play.periods[i]!.home;
    sum.away += play.periods[i]!.away;
  }
  return sum;
}

/** The period number at the end of a scope name ('Q3' → 3, 'Set 2' → 2, 'FT' → undefined). */
export function scopeIndex(scope: string): number | undefined {
  const match = /(\d+)$/.exec(scope);
  return match ? Number(match[1]) : undefined;
}
