import {
  Destination,
  type Change,
  type Delta,
  type League,
  type ListSnapshot,
  type Match,
  type Outright,
} from '../../../src/contract/feed';
import { MarketStatus, type SportTypeId } from '../../../src/contract/sports';
import { inListMode } from '../../../src/contract/lists';
import { DAY_MS, manilaDayId } from './calendar';
import { simulatorCustomBets } from './customBet';
import { copyLive, copyMarket, copyMatch, diffLive } from './copies';
import { buildCatalogue, newMatch, outright, soonWindow, type Schedule, type Team } from './fixtures';
import { repriceMarket } from './markets';
import { Outbox } from './outbox';
import { clamp } from './pricing';
import { Rng } from './random';
import { matchResult } from './settlement';
import { FEED_STATE_FORMAT, type FeedState, reviveMatch, storeMatch } from './snapshot';
import type { SimMarket, SimMatch } from './state';
import {
  DEFAULT_FEED_OPTIONS,
  type FeedListMode,
  type FeedOptions,
  type FeedProvider,
  type MarketChange,
  type MatchResult,
  type OutrightResult,
  type SportCount,
} from './types';

/**
 * The odds feed simulator. Everything moves on its own clock, advanced by step(): pre-match matches
 * kick off, live matches are played by their sport engine, finished ones settle and leave, new ones
 * arrive, and prices drift at the configured rate. Every change is routed to the match's destination
 * and, when a list row shows it, to the sport's; each tick ends with one numbered delta per
 * destination. Only the seeded Rng and the simulated clock are used, so a run is reproducible.
 */

/** Match-time seconds a swing (goal, run, break, map) keeps the match's markets suspended. */
const SUSPEND_SECONDS = 5;
/** Match-time seconds a finished match stays listed before its removeMatch. */
const REMOVE_AFTER_SECONDS = 60;
/** On average one delayed-live spell per live match per this much feed time. */
const DELAY_EVERY_MS = 10 * 60_000;
/** Live matches draw this many times the price moves of a pre-match one. */
const LIVE_WEIGHT = 3;
/** The share of a sport's matches kept live or about to start (the rest today and later this week). */
const LIVE_SHARE = 0.35;
/** A decided outright's league opens its next season's outright this long after the last eventDate. */
const SEASON_MS = 120 * DAY_MS;
/** Match-time seconds per engine call when finishNow plays a match to its end. */
const FINISH_STEP_SECONDS = 10;
/** Feed time a result stays answerable by result()/outrightResult() after the event ended. */
const RESULT_KEEP_MS = 60 * 60_000;
/**
 * The longest stretch of downtime a resumed feed plays through (in CATCH_UP_TICK_MS ticks); a longer
 * one counts as a pause (see catchUp).
 */
export const CATCH_UP_MAX_MS = 10 * 60_000;
const CATCH_UP_TICK_MS = 1_000;

export interface SimulatorStart {
  /** A stored state (see exportState) to resume instead of dealing new matches. */
  state?: FeedState | undefined;
  /**
   * Runs when a tick produced results, before they reach the result listeners, which get them only once
   * its promise settles: the keeper stores the state there, so no bet is settled on a result a restart
   * could forget and play again differently.
   */
  beforeResults?: () => Promise<void>;
  /**
   * With a state: new matches get ids from a new block (of this instant), not the stored count, since
   * a crash loses the matches dealt after the state was stored, and a bet on one of them must not meet
   * another match under its id.
   */
  renumberAt?: number;
}

/**
 * What moves a feed, as data: a journaled feed (see FeedSimulator.onOp) replays on another instance's
 * copy of the same state to the same state, deltas and seqs, since the feed is deterministic
 * (server/providers/feed/shared.ts keeps followers' replicas this way).
 */
export type FeedOp =
  | { op: 'step'; ms: number }
  | { op: 'catchUp'; now: number }
  | { op: 'finishNow'; matchId: string }
  | { op: 'finishOutrightNow'; outrightOddsId: string }
  | { op: 'changeMarketNow'; marketId: string; change: MarketChange };

/** An op as applied: its number in the feed's life (1, 2, 3…, kept in the state) and where it left the feed. */
export interface JournaledOp {
  n: number;
  op: FeedOp;
  check: FeedCheck;
}

/** Where a feed stands: two replicas that applied the same ops agree on it. */
export interface FeedCheck {
  clock: number;
  rng: number;
  matches: number;
  /** The id block new matches are numbered from (a resumed feed's renumbering moves it). */
  ids: number;
}

/** Ids of a feed's run: a block per start second, wide enough for any run's matches. */
const ID_BLOCK = 100_000;
const idBlock = (epochMs: number) => (Math.floor(epochMs / 1000) % 100_000_000) * ID_BLOCK;

export function createFeedSimulator(options: Partial<FeedOptions> = {}, start: SimulatorStart = {}): FeedSimulator {
  return new FeedSimulator({ ...DEFAULT_FEED_OPTIONS, ...options }, start);
}

export class FeedSimulator implements FeedProvider {
  private readonly rng: Rng;
  private clock: number;
  private readonly idBase: number;
  private matchCount = 0;
  private budget = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly leagueList: League[] = [];
  private readonly leaguesBySport = new Map<string, League[]>();
  private readonly teams = new Map<string, Team[]>();
  private readonly outrightList = new Map<string, Outright[]>();
  private readonly sims = new Map<string, SimMatch>();
  private readonly bySport = new Map<string, Map<string, SimMatch>>();
  private readonly marketIndex = new Map<string, SimMarket>();
  /** Markets whose line and prices the drift leaves alone (changeMarketNow hold). */
  private readonly held = new Set<string>();
  private readonly outbox: Outbox;
  private readonly deltaListeners = new Set<(destination: string, delta: Delta) => void>();
  private readonly resultListeners = new Set<(result: MatchResult) => void>();
  private pendingResults: MatchResult[] = [];
  private readonly outrightListeners = new Set<(result: OutrightResult) => void>();
  private pendingOutrightResults: OutrightResult[] = [];
  /** The season number of each league's current outright. */
  private readonly seasons = new Map<string, number>();
  /** Recent results by matchId and by outrightOddsId + eventDate, oldest first (see RESULT_KEEP_MS). */
  private readonly results = new Map<string, MatchResult>();
  private readonly outrightResults = new Map<string, OutrightResult>();
  private beforeResults: (() => Promise<void>) | undefined;
  /** Results on their way to the listeners (see SimulatorStart.beforeResults), in order. */
  private delivering: Promise<void> = Promise.resolve();
  /** Counts the ticks and changes, so a keeper can tell whether anything moved since it last stored. */
  private revisionCount = 0;
  /** Ops applied in the feed's life (see FeedOp), kept in the state. */
  private opCount = 0;
  private readonly opListeners = new Set<(entry: JournaledOp) => void>();

  constructor(
    private readonly options: FeedOptions,
    { state, beforeResults, renumberAt }: SimulatorStart = {},
  ) {
    this.beforeResults = beforeResults;
    if (state) {
      this.rng = new Rng(state.rng);
      this.clock = state.clock;
      this.idBase = renumberAt === undefined ? state.idBase : Math.max(idBlock(renumberAt), state.idBase + ID_BLOCK);
      this.outbox = new Outbox(state.seqs);
      this.opCount = state.ops ?? 0;
      this.resume(state);
      if (renumberAt !== undefined) this.matchCount = 0;
      return;
    }
    this.rng = new Rng(options.seed);
    this.clock = options.now();
    this.outbox = new Outbox();
    // Ids carry the start second so a feed that starts afresh does not reuse the ids of open bets.
    this.idBase = idBlock(this.clock);
    for (const sport of options.sports) {
      const catalogue = buildCatalogue(sport, this.rng, this.clock);
      this.leagueList.push(...catalogue.leagues);
      this.leaguesBySport.set(sport, catalogue.leagues);
      for (const [leagueId, teams] of catalogue.teams) this.teams.set(leagueId, teams);
      this.outrightList.set(sport, catalogue.outrights);
      this.bySport.set(sport, new Map());
    }
    for (const sport of options.sports) {
      const n = options.matchesPerSport;
      for (let k = 0; k < n; k++)
        this.createMatch(sport, k < n * 0.2 ? 'live' : k < n * LIVE_SHARE ? 'soon' : k < n * 0.6 ? 'today' : 'early');
    }
  }

  /** Rebuilds the state of a stored feed (everything but the Rng, clock, ids and seqs the constructor set). */
  private resume(state: FeedState): void {
    if (state.sports.join() !== this.options.sports.join())
      throw new Error(`stored feed plays sports ${state.sports.join()}, this one ${this.options.sports.join()}`);
    this.matchCount = state.matchCount;
    this.budget = state.budget;
    this.leagueList.push(...state.leagues);
    for (const sport of this.options.sports) {
      this.leaguesBySport.set(
        sport,
        this.leagueList.filter((l) => l.sportTypeId === sport),
      );
      this.bySport.set(sport, new Map());
    }
    for (const [leagueId, teams] of state.teams) this.teams.set(leagueId, teams);
    for (const [sport, list] of state.outrights) this.outrightList.set(sport, list);
    for (const [leagueId, season] of state.seasons) this.seasons.set(leagueId, season);
    for (const stored of state.matches) {
      const sim = reviveMatch(stored);
      const sport = this.bySport.get(sim.match.sportTypeId);
      if (!sport) throw new Error(`stored match ${sim.match.matchId} of sport ${sim.match.sportTypeId}, which this feed does not play`);
      this.sims.set(sim.match.matchId, sim);
      sport.set(sim.match.matchId, sim);
      for (const sm of sim.markets) this.marketIndex.set(sm.market.marketId, sm);
    }
    for (const marketId of state.held) this.held.add(marketId);
    for (const result of state.results) this.results.set(result.matchId, result);
    for (const result of state.outrightResults) this.outrightResults.set(outrightKey(result.outrightOddsId, result.eventDate), result);
  }

  /**
   * The whole state as plain data (see snapshot.ts). It shares objects with the running feed: serialize
   * it at once, before the feed moves again.
   */
  exportState(): FeedState {
    return {
      format: FEED_STATE_FORMAT,
      sports: [...this.options.sports],
      clock: this.clock,
      rng: this.rng.position,
      idBase: this.idBase,
      matchCount: this.matchCount,
      budget: this.budget,
      leagues: this.leagueList,
      teams: [...this.teams],
      outrights: [...this.outrightList],
      seasons: [...this.seasons],
      matches: [...this.sims.values()].map(storeMatch),
      held: [...this.held],
      seqs: this.outbox.seqList(),
      results: [...this.results.values()],
      outrightResults: [...this.outrightResults.values()],
      ops: this.opCount,
    };
  }

  /** Ops applied so far (see FeedOp). */
  ops(): number {
    return this.opCount;
  }

  /** Where the feed stands now (see FeedCheck). */
  check(): FeedCheck {
    return { clock: this.clock, rng: this.rng.position, matches: this.sims.size, ids: this.idBase + this.matchCount };
  }

  /** Hears every op once applied, after its deltas. Answers the unsubscribe. */
  onOp(listener: (entry: JournaledOp) => void): () => void {
    this.opListeners.add(listener);
    return () => this.opListeners.delete(listener);
  }

  /** Applies an op as the method it names would (a replica replays the leader's ops with it). */
  apply(op: FeedOp): void {
    switch (op.op) {
      case 'step':
        return this.step(op.ms);
      case 'catchUp':
        return this.catchUp(op.now);
      case 'finishNow':
        this.finishNow(op.matchId);
        return;
      case 'finishOutrightNow':
        this.finishOutrightNow(op.outrightOddsId);
        return;
      case 'changeMarketNow':
        this.changeMarketNow(op.marketId, op.change);
        return;
    }
  }

  /** The keeper that now stores this feed (see SimulatorStart.beforeResults); undefined: none. */
  setBeforeResults(beforeResults: (() => Promise<void>) | undefined): void {
    this.beforeResults = beforeResults;
  }

  private journal(op: FeedOp): void {
    const n = ++this.opCount;
    if (this.opListeners.size === 0) return;
    const entry: JournaledOp = { n, op, check: this.check() };
    for (const listener of this.opListeners) listener(entry);
  }

  /** Grows whenever the feed moves (a tick, a finished match, a changed market). */
  revision(): number {
    return this.revisionCount;
  }

  /**
   * Brings a resumed feed's clock up to `now`. The last CATCH_UP_MAX_MS of the downtime are played as
   * if the server had been running (in coarse ticks: matches go on, score, finish and settle); any
   * earlier downtime is a pause: every pending time (kick-offs, suspensions, removals) moves on by it,
   * so nothing happens in it. A deploy is covered in full, while a server that was off for days starts
   * in a bounded time instead of playing days of matches nobody could bet on. Outright dates do not
   * move: their tickets are keyed on them, and a season whose end passed is decided at once.
   */
  catchUp(now: number): void {
    const gap = now - this.clock;
    if (!(gap > 0)) return;
    const paused = Math.max(0, gap - CATCH_UP_MAX_MS);
    if (paused > 0) this.pause(paused);
    for (let left = gap - paused; left > 0; left -= CATCH_UP_TICK_MS) this.tick(Math.min(left, CATCH_UP_TICK_MS));
    this.journal({ op: 'catchUp', now });
  }

  private pause(ms: number): void {
    this.clock += ms;
    const later = (t: number) => (t > 0 ? t + ms : t);
    for (const sim of this.sims.values()) {
      sim.kickoffMs += ms;
      sim.kickoffDay = manilaDayId(sim.kickoffMs);
      sim.match.kickoff = new Date(sim.kickoffMs).toISOString();
      sim.suspendedUntil = later(sim.suspendedUntil);
      sim.delayUntil = later(sim.delayUntil);
      sim.removeAt = later(sim.removeAt);
      sim.finishedAt = later(sim.finishedAt);
    }
  }

  // ── Reading ────────────────────────────────────────────────────────────────────────────────────

  now(): number {
    return this.clock;
  }

  leagues(): League[] {
    return this.leagueList.map((l) => ({ ...l }));
  }

  listSnapshot(sportTypeId: SportTypeId, mode: FeedListMode, dateId?: string): ListSnapshot {
    const today = manilaDayId(this.clock);
    const sims = [...(this.bySport.get(sportTypeId)?.values() ?? [])].filter((sim) => inMode(sim, mode, today, dateId));
    const priority = new Map(this.leagueList.map((l) => [l.leagueId, l.priority]));
    sims.sort(
      (a, b) =>
        (priority.get(a.match.leagueId) ?? 99) - (priority.get(b.match.leagueId) ?? 99) ||
        a.kickoffMs - b.kickoffMs ||
        a.match.matchId.localeCompare(b.match.matchId),
    );
    const leagueIds = new Set(sims.map((s) => s.match.leagueId));
    return {
      sportTypeId,
      seq: this.outbox.seq(Destination.sport(sportTypeId)),
      leagues: this.leagueList.filter((l) => leagueIds.has(l.leagueId)).map((l) => ({ ...l })),
      matches: sims.map((s) => copyMatch(s.match)),
      markets: sims.flatMap((s) => s.markets.filter((m) => m.market.main).map((m) => copyMarket(m.market))),
    };
  }

  matchSnapshot(matchId: string) {
    const sim = this.sims.get(matchId);
    if (!sim) return undefined;
    return {
      seq: this.outbox.seq(Destination.match(matchId)),
      match: copyMatch(sim.match),
      markets: sim.markets.map((m) => copyMarket(m.market)),
    };
  }

  outrights(sportTypeId: SportTypeId): Outright[] {
    return (this.outrightList.get(sportTypeId) ?? []).map((o) => ({ ...o, teams: o.teams.map((t) => ({ ...t })) }));
  }

  outright(outrightOddsId: string): Outright | undefined {
    for (const list of this.outrightList.values()) {
      const found = list.find((o) => o.outrightOddsId === outrightOddsId);
      if (found) return { ...found, teams: found.teams.map((t) => ({ ...t })) };
    }
    return undefined;
  }

  sportCounts(): SportCount[] {
    const today = manilaDayId(this.clock);
    return this.options.sports.map((sportTypeId) => {
      const count: SportCount = { sportTypeId, live: 0, today: 0, early: 0 };
      for (const sim of this.bySport.get(sportTypeId)?.values() ?? []) {
        if (inMode(sim, 'live', today)) count.live++;
        else if (inMode(sim, 'today', today)) count.today++;
        else if (inMode(sim, 'early', today)) count.early++;
      }
      return count;
    });
  }

  match(matchId: string): Match | undefined {
    const sim = this.sims.get(matchId);
    return sim && copyMatch(sim.match);
  }

  /** The custom-bet API priced from each match's own scoring model (customBet.ts). */
  readonly customBets = simulatorCustomBets(
    (matchId) => this.sims.get(matchId),
    (sim) =>
      sim.match.eventStatus === 'running' &&
      sim.markets.some((sm) => sm.spec.kind === '1x2' && sm.spec.scope === 'FT' && sm.market.status === MarketStatus.Running),
  );

  market(marketId: string) {
    const sm = this.marketIndex.get(marketId);
    return sm && copyMarket(sm.market);
  }

  result(matchId: string): MatchResult | undefined {
    const result = this.results.get(matchId);
    return result && structuredClone(result);
  }

  outrightResult(outrightOddsId: string, eventDate: string): OutrightResult | undefined {
    const result = this.outrightResults.get(outrightKey(outrightOddsId, eventDate));
    return result && { ...result };
  }

  idle(): Promise<void> {
    return this.delivering;
  }

  onDelta(listener: (destination: string, delta: Delta) => void): () => void {
    this.deltaListeners.add(listener);
    return () => this.deltaListeners.delete(listener);
  }

  onResult(listener: (result: MatchResult) => void): () => void {
    this.resultListeners.add(listener);
    return () => this.resultListeners.delete(listener);
  }

  onOutrightResult(listener: (result: OutrightResult) => void): () => void {
    this.outrightListeners.add(listener);
    return () => this.outrightListeners.delete(listener);
  }

  // ── Time ───────────────────────────────────────────────────────────────────────────────────────

  step(ms: number): void {
    let left = ms;
    while (left > 0) {
      const tick = Math.min(left, this.options.tickMs);
      this.tick(tick);
      left -= tick;
    }
    this.journal({ op: 'step', ms });
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.step(this.options.tickMs), this.options.tickMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private tick(ms: number): void {
    this.clock += ms;
    const seconds = (ms / 1000) * this.options.matchSpeed;
    const live: SimMatch[] = [];
    const pre: SimMatch[] = [];
    for (const sim of [...this.sims.values()]) {
      if (sim.play.finished) {
        if (this.clock >= sim.removeAt) this.remove(sim);
        continue;
      }
      if (sim.match.runningStatus === '1') {
        if (this.clock < sim.kickoffMs) {
          pre.push(sim);
          continue;
        }
        this.kickOff(sim);
      }
      this.advance(sim, seconds, ms);
      if (!sim.play.finished && sim.suspendedUntil === 0) live.push(sim);
    }
    this.drift(ms, live, pre);
    for (const list of this.outrightList.values()) {
      for (const o of [...list]) if (this.clock >= Date.parse(o.eventDate)) this.decideOutright(o);
    }
    this.forgetOldResults();
    this.flush();
  }

  finishNow(matchId: string): boolean {
    const done = this.playToEnd(matchId);
    if (done) this.journal({ op: 'finishNow', matchId });
    return done;
  }

  finishOutrightNow(outrightOddsId: string): boolean {
    const done = this.decideOutrightNow(outrightOddsId);
    if (done) this.journal({ op: 'finishOutrightNow', outrightOddsId });
    return done;
  }

  changeMarketNow(marketId: string, change: MarketChange): boolean {
    const done = this.changeMarket(marketId, change);
    if (done) this.journal({ op: 'changeMarketNow', marketId, change });
    return done;
  }

  private playToEnd(matchId: string): boolean {
    const sim = this.sims.get(matchId);
    if (!sim || sim.play.finished) return false;
    if (sim.match.runningStatus === '1') this.kickOff(sim);
    const ended: string[] = [];
    const events = { swing: () => undefined, periodEnd: (scope: string) => ended.push(scope) };
    for (let calls = 0; !sim.play.finished; calls++) {
      if (calls > 100_000) throw new Error(`match ${matchId} did not finish`);
      sim.sport.engine.play(sim, FINISH_STEP_SECONDS, this.rng, events);
    }
    sim.cache.clear();
    sim.delayUntil = 0;
    this.publishLive(sim);
    for (const scope of ended) for (const sm of sim.markets) if (sm.spec.scope === scope) this.setStatus(sm, MarketStatus.Closed);
    this.finish(sim);
    this.flush();
    return true;
  }

  private decideOutrightNow(outrightOddsId: string): boolean {
    for (const list of this.outrightList.values()) {
      const found = list.find((o) => o.outrightOddsId === outrightOddsId);
      if (!found) continue;
      this.decideOutright(found);
      this.flush();
      return true;
    }
    return false;
  }

  private changeMarket(marketId: string, change: MarketChange): boolean {
    const sm = this.marketIndex.get(marketId);
    if (!sm || sm.sim.play.finished) return false;
    if ('hold' in change) {
      if (change.hold) this.held.add(marketId);
      else this.held.delete(marketId);
    } else if ('status' in change) {
      this.setStatus(sm, change.status);
    } else {
      const selection = sm.market.selections.find((s) => s.key === change.key);
      const price = Math.round(change.price * 100) / 100;
      if (!selection || !(price > 1)) return false;
      if (selection.price !== price) {
        selection.price = price;
        this.emitMarket(sm, { t: 'price', marketId, key: selection.key, price });
      }
    }
    sm.sim.cache.clear();
    this.flush();
    return true;
  }

  /**
   * Draws an outright's winner from the teams' current implied chances (1 / price, normalised) with the
   * seeded Rng, and puts the league's next season in its place so a sport never runs out of outrights.
   */
  private decideOutright(o: Outright): void {
    const weights = o.teams.map((t) => (t.price > 0 ? 1 / t.price : 0));
    let draw = this.rng.next() * weights.reduce((a, b) => a + b, 0);
    let winner = o.teams[o.teams.length - 1]!;
    for (let i = 0; i < o.teams.length; i++) {
      draw -= weights[i]!;
      if (draw < 0) {
        winner = o.teams[i]!;
        break;
      }
    }
    const result: OutrightResult = {
      outrightOddsId: o.outrightOddsId,
      leagueId: o.leagueId,
      sportTypeId: o.sportTypeId,
      eventDate: o.eventDate,
      winnerTeamId: winner.teamId,
      winnerTeamName: winner.teamName,
      settledAt: this.clock,
    };
    this.outrightResults.set(outrightKey(o.outrightOddsId, o.eventDate), result);
    this.pendingOutrightResults.push(result);
    const list = this.outrightList.get(o.sportTypeId) ?? [];
    const league = this.leagueList.find((l) => l.leagueId === o.leagueId)!;
    const season = (this.seasons.get(o.leagueId) ?? 1) + 1;
    this.seasons.set(o.leagueId, season);
    const next = outright(league, this.teams.get(o.leagueId)!, Math.max(Date.parse(o.eventDate), this.clock) + SEASON_MS, season);
    list.splice(list.indexOf(o), 1, next);
  }

  private kickOff(sim: SimMatch): void {
    sim.sport.engine.start(sim, this.rng);
    sim.match.runningStatus = '0';
    this.send(sim, { t: 'match', matchId: sim.match.matchId, runningStatus: '0' }, true);
    this.publishLive(sim);
  }

  private advance(sim: SimMatch, seconds: number, ms: number): void {
    let swing = false;
    const ended: string[] = [];
    sim.sport.engine.play(sim, seconds, this.rng, { swing: () => (swing = true), periodEnd: (scope) => ended.push(scope) });
    sim.cache.clear();
    if (sim.play.finished || (sim.delayUntil > 0 && this.clock >= sim.delayUntil)) sim.delayUntil = 0;
    else if (sim.delayUntil === 0 && this.rng.chance(ms / DELAY_EVERY_MS))
      sim.delayUntil = this.clock + Math.round(this.rng.range(2000, 6000));
    this.publishLive(sim);
    for (const scope of ended) for (const sm of sim.markets) if (sm.spec.scope === scope) this.setStatus(sm, MarketStatus.Closed);
    if (sim.play.finished) this.finish(sim);
    else if (swing) this.suspend(sim);
    else if (sim.suspendedUntil > 0 && this.clock >= sim.suspendedUntil) this.reopen(sim);
  }

  private suspend(sim: SimMatch): void {
    sim.suspendedUntil = this.clock + (SUSPEND_SECONDS * 1000) / this.options.matchSpeed;
    for (const sm of sim.markets) if (sm.market.status === MarketStatus.Running) this.setStatus(sm, MarketStatus.Suspend);
  }

  private reopen(sim: SimMatch): void {
    sim.suspendedUntil = 0;
    for (const sm of sim.markets) {
      if (sm.market.status !== MarketStatus.Suspend) continue;
      this.setStatus(sm, MarketStatus.Running);
      if (!this.held.has(sm.market.marketId)) this.budget -= repriceMarket(sm, this.emitMarket);
    }
  }

  private finish(sim: SimMatch): void {
    const { match } = sim;
    match.eventStatus = 'closed';
    match.runningStatus = '2';
    this.send(sim, { t: 'match', matchId: match.matchId, eventStatus: 'closed', runningStatus: '2' }, true);
    for (const sm of sim.markets) this.setStatus(sm, MarketStatus.Closed);
    sim.suspendedUntil = 0;
    sim.finishedAt = this.clock;
    sim.removeAt = this.clock + Math.max(this.options.tickMs, (REMOVE_AFTER_SECONDS * 1000) / this.options.matchSpeed);
    const result = matchResult(sim, this.clock);
    this.results.set(result.matchId, result);
    this.pendingResults.push(result);
  }

  private remove(sim: SimMatch): void {
    const { matchId, sportTypeId } = sim.match;
    this.send(sim, { t: 'removeMatch', matchId }, true);
    this.outbox.retire(Destination.match(matchId));
    this.sims.delete(matchId);
    this.bySport.get(sportTypeId)?.delete(matchId);
    for (const sm of sim.markets) {
      this.marketIndex.delete(sm.market.marketId);
      this.held.delete(sm.market.marketId);
    }
    const next = this.createMatch(sportTypeId, this.replacementSchedule(sim));
    const markets = next.markets.filter((m) => m.market.main).map((m) => copyMarket(m.market));
    this.outbox.push(Destination.sport(sportTypeId), { t: 'addMatch', match: copyMatch(next.match), markets });
  }

  /**
   * Keeps a sport's mix steady: a finished match is replaced by one starting soon while fewer than
   * LIVE_SHARE of the sport's matches are live or about to be, otherwise by one later in the week.
   */
  private replacementSchedule(gone: SimMatch): Schedule {
    const horizon = this.clock + soonWindow(gone, this.options.matchSpeed);
    let active = 0;
    for (const sim of this.bySport.get(gone.match.sportTypeId)?.values() ?? [])
      if (!sim.play.finished && sim.kickoffMs <= horizon) active++;
    return active < LIVE_SHARE * this.options.matchesPerSport ? 'soon' : 'later';
  }

  /** Random walks of strengths, repricing one market per draw, until the tick's price-change budget is spent. */
  private createMatch(sport: SportTypeId, schedule: Schedule): SimMatch {
    const leagues = this.leaguesBySport.get(sport)!;
    // Top leagues get more matches.
    const league = leagues[Math.min(leagues.length - 1, Math.floor(this.rng.next() ** 1.6 * leagues.length))]!;
    const matchId = String(this.idBase + ++this.matchCount);
    const make = () =>
      newMatch(
        { rng: this.rng, clock: this.clock, matchSpeed: this.options.matchSpeed },
        matchId,
        league,
        this.teams.get(league.leagueId)!,
        schedule,
      );
    // A team plays one match at a time: draw again (a few times) when either side is already busy then.
    let sim = make();
    for (let attempt = 0; attempt < 8 && this.clashes(sim); attempt++) sim = make();
    this.sims.set(matchId, sim);
    this.bySport.get(sport)!.set(matchId, sim);
    for (const sm of sim.markets) this.marketIndex.set(sm.market.marketId, sm);
    return sim;
  }

  /** Whether a team of `sim` has another unfinished match within two match lengths of its kick-off. */
  private clashes(sim: SimMatch): boolean {
    const gap = (2 * sim.sport.engine.duration * 1000) / this.options.matchSpeed;
    const teams = new Set([sim.match.homeId, sim.match.awayId]);
    for (const other of this.bySport.get(sim.match.sportTypeId)?.values() ?? []) {
      if (other.play.finished || Math.abs(other.kickoffMs - sim.kickoffMs) >= gap) continue;
      if (teams.has(other.match.homeId) || teams.has(other.match.awayId)) return true;
    }
    return false;
  }

  private drift(ms: number, live: SimMatch[], pre: SimMatch[]): void {
    const rate = this.options.priceChangesPerSecond;
    this.budget = clamp(this.budget + (rate * ms) / 1000, -rate, Math.max(rate, 10));
    const liveWeight = live.length * LIVE_WEIGHT;
    const weight = liveWeight + pre.length;
    if (weight === 0) return;
    const rng = this.rng;
    for (let attempts = Math.ceil(this.budget) * 4 + 20; this.budget >= 1 && attempts > 0; attempts--) {
      const pool = rng.next() * weight < liveWeight ? live : pre;
      const sim = pool[rng.int(pool.length)]!;
      const step = pool === live ? 0.08 : 0.04;
      sim.s += step * rng.normal() - 0.05 * (sim.s - sim.s0);
      sim.pace = clamp(sim.pace + 0.01 * rng.normal() - 0.05 * (sim.pace - 1), 0.75, 1.3);
      sim.cache.clear();
      const sm = sim.markets[rng.int(sim.markets.length)];
      if (sm?.market.status === MarketStatus.Running && !this.held.has(sm.market.marketId))
        this.budget -= repriceMarket(sm, this.emitMarket);
    }
  }

  private flush(): void {
    this.revisionCount++;
    const deltas = this.outbox.flush(this.clock);
    for (const [destination, delta] of deltas) for (const listener of this.deltaListeners) listener(destination, delta);
    const results = this.pendingResults;
    this.pendingResults = [];
    const outrightResults = this.pendingOutrightResults;
    this.pendingOutrightResults = [];
    if (results.length === 0 && outrightResults.length === 0) return;
    // Each listener gets its own copy: the kept results must not change under the feed.
    const deliver = () => {
      for (const result of results) for (const listener of this.resultListeners) listener(structuredClone(result));
      for (const result of outrightResults) for (const listener of this.outrightListeners) listener({ ...result });
    };
    if (!this.beforeResults) return deliver();
    const stored = this.beforeResults();
    this.delivering = this.delivering.then(() => stored).then(deliver, deliver);
  }

  /** Forgets results older than RESULT_KEEP_MS (the maps are in the order the events ended). */
  private forgetOldResults(): void {
    const before = this.clock - RESULT_KEEP_MS;
    for (const [key, result] of this.results) {
      if (result.finishedAt >= before) break;
      this.results.delete(key);
    }
    for (const [key, result] of this.outrightResults) {
      if (result.settledAt >= before) break;
      this.outrightResults.delete(key);
    }
  }

  // ── Changes ────────────────────────────────────────────────────────────────────────────────────

  private send(sim: SimMatch, change: Change, list: boolean): void {
    this.outbox.push(Destination.match(sim.match.matchId), change);
    if (list) this.outbox.push(Destination.sport(sim.match.sportTypeId), change);
  }

  private readonly emitMarket = (sm: SimMarket, change: Change): void => this.send(sm.sim, change, sm.market.main);

  private setStatus(sm: SimMarket, status: MarketStatus): void {
    if (sm.market.status === status) return;
    sm.market.status = status;
    this.emitMarket(sm, { t: 'market', marketId: sm.market.marketId, status });
  }

  private publishLive(sim: SimMatch): void {
    const next = sim.sport.engine.live(sim);
    next.delayLive = sim.delayUntil > 0;
    const prev = sim.match.live;
    if (!prev) {
      sim.match.live = next;
      this.send(sim, { t: 'live', matchId: sim.match.matchId, live: copyLive(next) }, true);
      return;
    }
    const patch = diffLive(prev, next);
    if (!patch) return;
    sim.match.live = { ...prev, ...patch };
    this.send(sim, { t: 'live', matchId: sim.match.matchId, live: patch }, true);
  }
}

const outrightKey = (outrightOddsId: string, eventDate: string) => `${outrightOddsId}|${eventDate}`;

/** The contract's list rule (src/contract/lists.ts), with the kick-off day the simulator keeps. */
function inMode(sim: SimMatch, mode: FeedListMode, today: string, dateId?: string): boolean {
  return inListMode(sim.match, mode, today, dateId, sim.kickoffDay);
}
