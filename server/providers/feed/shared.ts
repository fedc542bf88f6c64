import { promisify } from 'node:util';
import { gunzipSync, gzip } from 'node:zlib';
import type { Delta } from '../../../src/contract/feed';
import type { SportTypeId } from '../../../src/contract/sports';
import { FeedKeeper, type FeedLog, type FeedStateStore } from './keeper';
import { createFeedSimulator, type FeedCheck, type FeedOp, type FeedSimulator, type JournaledOp } from './simulator';
import { parseFeedState } from './snapshot';
import {
  DEFAULT_FEED_OPTIONS,
  type FeedListMode,
  type FeedOptions,
  type FeedProvider,
  type MarketChange,
  type MatchResult,
  type OutrightResult,
} from './types';

/**
 * One simulated feed for several instances. Only the leader (the holder of the 'feed' lease) runs the
 * simulator and stores its state (the keeper); it journals every op that moves the feed (a tick, a
 * catch-up, a development change; see FeedOp) and sends it to the other instances (RabbitMQ, see
 * server/realtime/feedLink.ts). Each follower keeps a replica: the leader's whole state once (asked
 * for at start and whenever it falls out of step), then the leader's ops replayed in order. The feed is
 * deterministic, so a replica is the same feed: the same matches, ids, prices, clocks, results and,
 * since every instance numbers its own deltas from the same state, the same deltas under the same
 * per-destination seq, without a delta crossing the network. Each op carries where it left the
 * leader's feed (FeedCheck); a replica that finds itself elsewhere, or misses an op, asks for the state
 * again. When the leader goes, the next holder of the lease carries on from its replica (the same
 * next op, seq and ids); one that has no replica in step resumes the stored state, as a restart does.
 *
 * Results reach the result listeners (settlement) on the leader only: they settle once; a new leader
 * settles what its predecessor may have left (BetService.reconcile, from the results the feed keeps).
 */

/** How the instances' feeds talk (server/realtime/feedLink.ts over RabbitMQ; tests link them in memory). */
export interface FeedChannel {
  /** Leader: an op it applied, to every other instance. */
  publishOp(entry: JournaledOp): void;
  /** Follower: asks the leader for its whole state (the answer comes to `state`). */
  requestState(): void;
  /** Follower: asks the leader to apply an op (the development page's finish and change buttons). */
  requestOp(op: FeedOp): void;
  /** Leader: its whole state (gzipped JSON) to the instance that asked. */
  sendState(to: string, data: Buffer): void;
  /** What the other instances send; this instance's own messages never come back. */
  listen(handlers: FeedChannelHandlers): void;
}

export interface FeedChannelHandlers {
  op(entry: JournaledOp): void;
  state(data: Buffer): void;
  stateRequest(from: string): void;
  opRequest(op: FeedOp): void;
}

/** The lease's side SharedFeed needs (server/lib/jobs.ts LeaderLease). */
export interface FeedLeadership {
  onGained(listener: () => unknown): () => void;
  onLost(listener: () => unknown): () => void;
}

export interface SharedFeedOptions {
  feed: Partial<FeedOptions>;
  store: FeedStateStore;
  channel: FeedChannel;
  lease: FeedLeadership;
  log: FeedLog;
  /** The leader drives its feed from a timer (false: tests step it). */
  run: boolean;
  /** How long open() waits for a leader's state before serving the stored one (default 3 s). */
  syncTimeoutMs?: number;
  /** Asks again when no state came within this (default 2 s). */
  retryMs?: number;
}

export type FeedRole = 'leader' | 'follower';

const gzipAsync = promisify(gzip);
/** Ops kept while a replica waits for a state; a longer wait starts over. */
const MAX_BUFFERED = 5_000;

const sameCheck = (a: FeedCheck, b: FeedCheck) => a.clock === b.clock && a.rng === b.rng && a.matches === b.matches && a.ids === b.ids;

export class SharedFeed implements FeedProvider {
  private sim: FeedSimulator;
  private simOff: (() => void)[] = [];
  private keeper: FeedKeeper | undefined;
  private publishOff: (() => void) | undefined;
  private roleNow: FeedRole = 'follower';
  /** Whether the replica follows the leader's ops (false: waiting for a state, serving the last one). */
  private inStep = false;
  private buffered: JournaledOp[] = [];
  private retry: NodeJS.Timeout | undefined;
  private closed = false;
  private changing: Promise<void> = Promise.resolve();
  private readonly synced = new Set<() => void>();
  private readonly deltaListeners = new Set<(destination: string, delta: Delta) => void>();
  private readonly resultListeners = new Set<(result: MatchResult) => void>();
  private readonly outrightListeners = new Set<(result: OutrightResult) => void>();
  private readonly roleListeners = new Set<(role: FeedRole) => unknown>();
  private readonly feedOptions: FeedOptions;

  /**
   * A follower at first: it listens, asks the leader for its state and waits for it up to syncTimeoutMs;
   * without an answer (no leader yet) it serves the stored state until it leads or a state comes.
   */
  static async open(options: SharedFeedOptions): Promise<SharedFeed> {
    const stored = await options.store.load();
    const state = stored && parseFeedState(unzip(stored.data));
    const feedOptions = { ...DEFAULT_FEED_OPTIONS, ...options.feed };
    let first: FeedSimulator | undefined;
    if (state && 'state' in state) {
      try {
        first = createFeedSimulator(feedOptions, { state: state.state });
      } catch (error) {
        options.log.warn({ err: error }, 'feed: the stored state cannot be read; waiting for the leader');
      }
    }
    const shared = new SharedFeed(options, first ?? createFeedSimulator(feedOptions));
    await shared.waitInStep(options.syncTimeoutMs ?? 3_000);
    return shared;
  }

  private constructor(
    private readonly options: SharedFeedOptions,
    first: FeedSimulator,
  ) {
    this.feedOptions = { ...DEFAULT_FEED_OPTIONS, ...options.feed };
    this.sim = first;
    this.install(first);
    options.channel.listen({
      op: (entry) => this.receiveOp(entry),
      state: (data) => this.receiveState(data),
      stateRequest: (from) => void this.answerState(from),
      opRequest: (op) => {
        if (this.roleNow === 'leader' && !this.closed) this.sim.apply(op);
      },
    });
    options.lease.onGained(() => this.serially(() => this.lead()));
    options.lease.onLost(() => this.serially(() => this.follow()));
    this.askState();
  }

  get role(): FeedRole {
    return this.roleNow;
  }

  /** Whether this instance's feed is the leader's or follows it op by op (false while it waits for a state). */
  get current(): boolean {
    return this.roleNow === 'leader' || this.inStep;
  }

  /** Hears this instance start or stop leading the feed (after the feed changed hands). */
  onRole(listener: (role: FeedRole) => unknown): () => void {
    this.roleListeners.add(listener);
    return () => this.roleListeners.delete(listener);
  }

  /** Stops the feed; a leader stores its last state first (then the lease is released, see app.ts). */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    await this.changing;
    this.publishOff?.();
    if (this.keeper) await this.keeper.stop();
    this.keeper = undefined;
    for (const off of this.simOff.splice(0)) off();
  }

  private serially(work: () => Promise<void>): Promise<void> {
    this.changing = this.changing.then(work, work);
    return this.changing;
  }

  private async lead(): Promise<void> {
    if (this.closed || this.roleNow === 'leader') return;
    const keeperOptions = { feed: this.feedOptions, store: this.options.store, log: this.options.log, run: this.options.run };
    if (this.inStep) {
      this.keeper = await FeedKeeper.attach(keeperOptions, this.sim);
      this.options.log.info({ ops: this.sim.ops() }, 'feed: leading, from the replica');
    } else {
      // No replica in step: the stored state, as a restart resumes it (new matches under new ids).
      this.keeper = await FeedKeeper.open(keeperOptions);
      this.install(this.keeper.feed);
      this.options.log.info({ ops: this.keeper.feed.ops() }, 'feed: leading, from the stored state');
    }
    this.roleNow = 'leader';
    this.inStep = true;
    this.buffered = [];
    clearTimeout(this.retry);
    this.publishOff = this.sim.onOp((entry) => this.options.channel.publishOp(entry));
    this.keeper.start();
    await this.tellRole();
  }

  private async follow(): Promise<void> {
    if (this.roleNow !== 'leader') return;
    this.roleNow = 'follower';
    if (this.closed) return;
    this.publishOff?.();
    this.publishOff = undefined;
    await this.keeper?.abandon();
    this.keeper = undefined;
    this.options.log.warn({ ops: this.sim.ops() }, 'feed: no longer leading; following the new leader');
    await this.tellRole();
  }

  private async tellRole(): Promise<void> {
    for (const listener of this.roleListeners) await listener(this.roleNow);
  }

  /** Makes `sim` the feed this instance serves, its deltas (and, on the leader, its results) heard. */
  private install(sim: FeedSimulator): void {
    for (const off of this.simOff.splice(0)) off();
    this.sim = sim;
    this.simOff = [
      sim.onDelta((destination, delta) => {
        for (const listener of this.deltaListeners) listener(destination, delta);
      }),
      sim.onResult((result) => {
        if (this.roleNow === 'leader') for (const listener of this.resultListeners) listener(result);
      }),
      sim.onOutrightResult((result) => {
        if (this.roleNow === 'leader') for (const listener of this.outrightListeners) listener(result);
      }),
    ];
  }

  private receiveOp(entry: JournaledOp): void {
    if (this.closed || this.roleNow === 'leader') return;
    if (!this.inStep) {
      this.buffered.push(entry);
      if (this.buffered.length > MAX_BUFFERED) this.outOfStep('no state came while ops piled up');
      return;
    }
    const expected = this.sim.ops() + 1;
    if (entry.n !== expected) {
      this.outOfStep(`op ${entry.n} came when ${expected} was due`);
      this.buffered.push(entry);
      return;
    }
    this.sim.apply(entry.op);
    if (!sameCheck(this.sim.check(), entry.check)) this.outOfStep(`op ${entry.n} left the replica elsewhere than the leader`);
  }

  private outOfStep(reason: string): void {
    this.options.log.warn({ reason, ops: this.sim.ops() }, 'feed: the replica is out of step; asking the leader for its state');
    this.inStep = false;
    this.buffered = [];
    this.askState();
  }

  /** Asks the leader for its state, again every retryMs until one comes. */
  private askState(): void {
    if (this.closed || this.roleNow === 'leader' || this.inStep) return;
    const retryMs = this.options.retryMs ?? 2_000;
    this.options.channel.requestState();
    clearTimeout(this.retry);
    this.retry = setTimeout(() => this.askState(), retryMs);
    this.retry.unref();
  }

  private async answerState(to: string): Promise<void> {
    if (this.roleNow !== 'leader' || this.closed) return;
    // Serialized between ticks, so it is the state after exactly sim.ops() ops.
    const json = JSON.stringify(this.sim.exportState());
    this.options.channel.sendState(to, await gzipAsync(json));
  }

  private receiveState(data: Buffer): void {
    if (this.closed || this.roleNow === 'leader' || this.inStep) return;
    const parsed = parseFeedState(unzip(data));
    if (!('state' in parsed)) {
      this.options.log.error({ reason: parsed.reason }, "feed: the leader's state is unreadable");
      return;
    }
    const replica = createFeedSimulator(this.feedOptions, { state: parsed.state });
    const pending = this.buffered.filter((entry) => entry.n > replica.ops()).sort((a, b) => a.n - b.n);
    for (const entry of pending) {
      if (entry.n !== replica.ops() + 1) return this.askState();
      replica.apply(entry.op);
    }
    this.buffered = [];
    this.inStep = true;
    clearTimeout(this.retry);
    this.install(replica);
    this.options.log.info({ ops: replica.ops() }, "feed: following the leader's feed");
    for (const done of this.synced) done();
  }

  private waitInStep(timeoutMs: number): Promise<void> {
    if (this.inStep) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.synced.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.synced.add(done);
    });
  }

  // ── FeedProvider: reads from this instance's feed; changes go to the leader ────────────────────

  leagues() {
    return this.sim.leagues();
  }
  listSnapshot(sportTypeId: SportTypeId, mode: FeedListMode, dateId?: string) {
    return this.sim.listSnapshot(sportTypeId, mode, dateId);
  }
  matchSnapshot(matchId: string) {
    return this.sim.matchSnapshot(matchId);
  }
  outrights(sportTypeId: SportTypeId) {
    return this.sim.outrights(sportTypeId);
  }
  outright(outrightOddsId: string) {
    return this.sim.outright(outrightOddsId);
  }
  result(matchId: string) {
    return this.sim.result(matchId);
  }
  outrightResult(outrightOddsId: string, eventDate: string) {
    return this.sim.outrightResult(outrightOddsId, eventDate);
  }
  idle() {
    return this.sim.idle();
  }
  sportCounts() {
    return this.sim.sportCounts();
  }
  match(matchId: string) {
    return this.sim.match(matchId);
  }
  market(marketId: string) {
    return this.sim.market(marketId);
  }
  now() {
    return this.sim.now();
  }
  /** The replica's (each instance prices from its own copy of the same feed). */
  get customBets() {
    return this.sim.customBets;
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

  /**
   * On the leader as on one instance. On a follower the op goes to the leader, and the answer is what
   * this replica expects (the change itself arrives with the leader's next ops).
   */
  finishNow(matchId: string): boolean {
    if (this.roleNow === 'leader') return this.sim.finishNow(matchId);
    const match = this.sim.match(matchId);
    this.options.channel.requestOp({ op: 'finishNow', matchId });
    return match !== undefined && match.eventStatus !== 'closed';
  }
  finishOutrightNow(outrightOddsId: string): boolean {
    if (this.roleNow === 'leader') return this.sim.finishOutrightNow(outrightOddsId);
    const offered = this.sim.outright(outrightOddsId) !== undefined;
    this.options.channel.requestOp({ op: 'finishOutrightNow', outrightOddsId });
    return offered;
  }
  changeMarketNow(marketId: string, change: MarketChange): boolean {
    if (this.roleNow === 'leader') return this.sim.changeMarketNow(marketId, change);
    const known = this.sim.market(marketId) !== undefined;
    this.options.channel.requestOp({ op: 'changeMarketNow', marketId, change });
    return known;
  }
  step(ms: number): void {
    if (this.roleNow === 'leader') this.sim.step(ms);
    else this.options.channel.requestOp({ op: 'step', ms });
  }
  /** The leader's keeper runs the feed (see lead); there is nothing to start or stop by hand. */
  start(): void {}
  stop(): void {}
}

/** The stored bytes as text; '' (which does not parse) when they are not gzip. */
function unzip(data: Buffer): string {
  try {
    return gunzipSync(data).toString('utf8');
  } catch {
    return '';
  }
}
