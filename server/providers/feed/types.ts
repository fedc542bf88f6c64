import type { Delta, League, ListSnapshot, Market, Match, MatchSnapshot, Outright, PeriodScore } from '../../../src/contract/feed';
import { type MarketStatus, SportTypeId } from '../../../src/contract/sports';
import type { CustomBetProvider } from './customBet';

/**
 * The odds feed as the rest of the backend sees it. The simulator implements it; a real feed adapter
 * (Saba, Betradar…) would implement the same interface, translating its own messages into the shared
 * model of src/contract/feed.ts.
 */
export interface FeedProvider {
  leagues(): League[];
  /**
   * Matches of a sport for a list mode, with their main markets: 'live' in play, 'today' not started and
   * kicking off on the current Asia/Manila calendar day, 'early' not started and kicking off on a later
   * Manila day (dateId 'YYYY-MM-DD' narrows early to one day). seq is the current seq of
   * Destination.sport(sportTypeId).
   */
  listSnapshot(sportTypeId: SportTypeId, mode: FeedListMode, dateId?: string): ListSnapshot;
  /** One match with all its markets (closed period markets included); seq of Destination.match(matchId). */
  matchSnapshot(matchId: string): MatchSnapshot | undefined;
  outrights(sportTypeId: SportTypeId): Outright[];
  /** One outright (league winner market) by id, while it is offered. */
  outright(outrightOddsId: string): Outright | undefined;
  /**
   * The result of a match that finished within the last hour of feed time (a finished match stays in
   * match() only a minute). Settlement reads it at start, for bets whose settlement a restart cut off.
   */
  result(matchId: string): MatchResult | undefined;
  /** The result of an outright season (its eventDate) decided within the last hour of feed time. */
  outrightResult(outrightOddsId: string, eventDate: string): OutrightResult | undefined;
  /** Resolves once every result produced so far has reached the result listeners. */
  idle(): Promise<void>;
  /** Counts for the sport tabs. */
  sportCounts(): SportCount[];
  match(matchId: string): Match | undefined;
  market(marketId: string): Market | undefined;
  /** Every delta, per destination, numbered 1, 2, 3… per destination with no gaps. Returns the unsubscribe. */
  onDelta(listener: (destination: string, delta: Delta) => void): () => void;
  /** A match finished: its final result, for settlement. Called after the deltas of the same tick. */
  onResult(listener: (result: MatchResult) => void): () => void;
  /**
   * An outright was decided at its eventDate: its winner, for settlement. A new season's outright of
   * the same league takes its place in outrights(). Called after the match results of the same tick.
   */
  onOutrightResult(listener: (result: OutrightResult) => void): () => void;
  /**
   * Plays a match to its end at once and emits its deltas and result before returning (development
   * and tests: settle a bet without waiting). False when the match is unknown or already finished.
   */
  finishNow(matchId: string): boolean;
  /** Decides an outright at once, as finishNow does for a match. False when it is not offered. */
  finishOutrightNow(outrightOddsId: string): boolean;
  /**
   * Changes one market at once and emits the delta (development and tests: show a price change or a
   * suspension without waiting for the drift): a selection's decimal price, or the market's status; or
   * holds the market's line and prices still (hold true) until released, so a test decides every change.
   * False when the market or selection is unknown, its match is over, or the price is not above 1.
   */
  changeMarketNow(marketId: string, change: MarketChange): boolean;
  /** Advance simulated time by ms, in ticks of at most tickMs (deterministic; tests call it directly). */
  step(ms: number): void;
  /** Drive step() from a real timer every tickMs; stop() clears it. */
  start(): void;
  stop(): void;
  /** The simulated clock, epoch ms. */
  now(): number;
  /** The provider's custom-bet API (the bet builder: available selections, calculate, filter, settle). */
  readonly customBets: CustomBetProvider;
}

export type MarketChange = { key: string; price: number } | { status: MarketStatus } | { hold: boolean };

export type FeedListMode = 'live' | 'today' | 'early';

export interface SportCount {
  sportTypeId: SportTypeId;
  live: number;
  today: number;
  early: number;
}

/** How one selection of a settled market ended. Half outcomes come from quarter lines (-0.25, 2.75…). */
export type SelectionOutcome = 'won' | 'lost' | 'void' | 'halfWon' | 'halfLost';

/** What a market's selections are about, which decides how they settle (see settlement.ts). */
export type MarketKind = 'handicap' | 'overUnder' | '1x2' | 'moneyline' | 'oddEven' | 'correctScore';

/**
 * The result of one market. `score` holds the figures the market settles on, already narrowed to the
 * market's period and quantity: goals/points/sets/maps of the period for home and away; for a
 * basketball player market the player's points as home (away 0); for boxing total rounds the rounds
 * fought (e.g. 7.42) as home. With settleSelection(kind, key, point, score) a settlement engine can
 * settle a bet struck at any earlier line; `outcomes` is the same at the market's last line.
 */
export interface MarketResult {
  marketId: string;
  betType: number;
  kind: MarketKind;
  periodName: string;
  /** The market's last line (the bet's own point is what settles it). */
  point: number | null;
  /** null when the period was never played (all selections void). */
  score: PeriodScore | null;
  outcomes: Record<string, SelectionOutcome>;
  playerId?: string;
}

export interface MatchResult {
  matchId: string;
  sportTypeId: SportTypeId;
  /** Final score as the live state shows it: goals, points, sets, maps won; boxing 1-0 for the winner. */
  homeScore: number;
  awayScore: number;
  periodScores: PeriodScore[];
  /** 'd' only in football, where draws stand. */
  winner: 'h' | 'a' | 'd';
  /** Epoch ms of the simulated clock when the match ended. */
  finishedAt: number;
  markets: MarketResult[];
}

/** How an outright ended: exactly one team won; every other team lost. */
export interface OutrightResult {
  outrightOddsId: string;
  leagueId: string;
  sportTypeId: SportTypeId;
  /** The outright's eventDate (ISO), which tells one season's outright from the next. */
  eventDate: string;
  winnerTeamId: string;
  winnerTeamName: string;
  /** Epoch ms of the simulated clock when it was decided. */
  settledAt: number;
}

export interface FeedOptions {
  /** Same seed + same steps → identical output. */
  seed: number;
  /** Called once: epoch ms the simulated clock starts at. */
  now: () => number;
  /** Matches kept per sport (a live, today and early mix). */
  matchesPerSport: number;
  /** Price changes (one selection's price) per second of feed time, across the whole feed. */
  priceChangesPerSecond: number;
  /** Match time per feed time: 600 plays a 90-minute match in 9 seconds. */
  matchSpeed: number;
  /** One delta per destination per tick at most. */
  tickMs: number;
  sports: SportTypeId[];
}

export const FEED_SPORTS: readonly SportTypeId[] = [
  SportTypeId.Football,
  SportTypeId.Basketball,
  SportTypeId.ESports,
  SportTypeId.Tennis,
  SportTypeId.Volleyball,
  SportTypeId.Badminton,
  SportTypeId.IceHockey,
  SportTypeId.Baseball,
  SportTypeId.Boxing,
  SportTypeId.TableTennis,
];

export const DEFAULT_FEED_OPTIONS: FeedOptions = {
  seed: 20_240_601,
  now: () => Date.now(),
  matchesPerSport: 30,
  priceChangesPerSecond: 50,
  matchSpeed: 1,
  tickMs: 100,
  sports: [...FEED_SPORTS],
};
