import {
  type SelectionDetail,
  type SelectionDetailRequest,
  type SelectionDetailResponse,
  type SelectionQuery,
  selectionDetailOf,
} from '../../src/contract/betting';
import { type Delta, Destination, type ListSnapshot, type Market, type MatchSnapshot } from '../../src/contract/feed';
import type {
  CashoutTicketWatch,
  CashoutValue,
  ConnectionStatus,
  FeedStatus,
  ListPatch,
  ListQuery,
  MatchPatch,
  RealtimeApi,
  RealtimeContext,
  UserQueue,
} from '../../src/contract/realtime';
import type { ChatMessage } from '../../src/contract/feed';
import type { SupportOutboxUpdate, SupportOutgoing } from '../../src/contract/support';
import { ANONYMOUS_CALLER } from '../../src/contract/request';
import { manilaDay } from '../../src/lib/dates';
import { CashoutWatches } from './cashout';
import { OrderRefresher } from './orders';
import { releaseCallback } from './release';
import { MatchStore } from './store';
import { SupportOutbox, type SupportOutboxStore, type SupportSender, memoryOutbox } from './support';
import { DestinationSync } from './sync';
import { inListView, orderMatches } from '../../src/contract/lists';
import { mainMarkets } from './views';

/**
 * The realtime core that every tab shares (ARCHITECTURE "Data flow of a live odds update"): one socket,
 * one STOMP subscription per destination however many tabs watch it, snapshots fetched and decoded
 * once, deltas applied in order to one normalized store, and a conflation tick that sends each tab
 * subscription only what changed, at most every ~100 ms. Everything outside (the socket, HTTP, time,
 * tab locks) comes in through interfaces, so this runs the same in a SharedWorker, a dedicated Worker
 * and a unit test.
 */
export interface Transport {
  /**
   * Subscribes now and again after every reconnect; answers the unsubscribe. `since`, asked at each
   * SUBSCRIBE: the seq of a snapshot held for the destination, so the server sends at once what followed
   * it (server/realtime/recentDeltas.ts) instead of the subscriber finding a gap and fetching again.
   */
  subscribe(
    destination: string,
    onMessage: (body: string, headers: Record<string, string>) => void,
    since?: () => number | undefined,
  ): () => void;
  /** False when the socket is down and nothing was sent. */
  publish(destination: string, body: string): boolean;
  /** Sets the token the socket connects with; a different token reconnects. */
  setToken(token: string): void;
  onStatus(listener: (status: ConnectionStatus) => void): void;
  start(): void;
}

export interface SnapshotSource {
  list(query: ListQuery, context: RealtimeContext): Promise<ListSnapshot>;
  match(matchId: string, context: RealtimeContext): Promise<MatchSnapshot>;
  /**
   * saba/querySelectionDetailV2 (at most SELECTION_DETAIL_BATCH selections), for the bet-order
   * refresh. Without it every refresh fails and the slips keep what they have.
   */
  selections?(request: SelectionDetailRequest, context: RealtimeContext): Promise<SelectionDetailResponse>;
}

/** A snapshot kept on the device (IndexedDB in the browser) for when the network is gone. */
export interface CachedSnapshot {
  /** When these prices were last known current (epoch ms). */
  asOf: number;
  list?: ListSnapshot;
  match?: MatchSnapshot;
}

/** Where the worker keeps the last snapshot of every list and match it loaded (workers/realtime/cache.ts). */
export interface SnapshotCache {
  read(key: string): Promise<CachedSnapshot | undefined>;
  write(key: string, value: CachedSnapshot): Promise<void>;
}

export interface CoreDeps {
  transport: Transport;
  snapshots: SnapshotSource;
  /** The last snapshots, kept for a reload with no network. */
  cache?: SnapshotCache;
  now: () => number;
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
  setTimeout: (fn: () => void, ms: number) => unknown;
  /** Resolves when the tab holding this Web Lock is gone. */
  whenReleased?: (lockName: string) => Promise<void>;
  /** Conflation tick. */
  conflateMs?: number;
  /** The support chat's outbox: where it keeps what waits (IndexedDB) and how it sends (support/send). */
  support?: { store: SupportOutboxStore; send: SupportSender };
}

type Send<T> = (value: T) => void;

interface ListSub {
  kind: 'list';
  id: number;
  tabId: string;
  destination: string;
  query: ListQuery;
  key: string;
  send: Send<ListPatch>;
  ready: boolean;
  members: Set<string>;
  sentMarkets: Set<string>;
}

interface MatchSub {
  kind: 'match';
  id: number;
  tabId: string;
  destination: string;
  matchId: string;
  key: string;
  send: Send<MatchPatch>;
  ready: boolean;
  sentMarkets: Set<string>;
}

interface PassSub {
  kind: 'chat' | 'user' | 'status' | 'jackpot';
  id: number;
  tabId: string;
  destination: string;
  send: Send<unknown>;
}

type Sub = ListSub | MatchSub | PassSub;

interface DestinationEntry {
  refs: number;
  unsubscribe: () => void;
  sync: DestinationSync | null;
}

/** A snapshot older than the deltas already received is fetched again after this pause. */
const RESYNC_BEHIND_MS = 300;

/** Snapshot retries on a patchy network: 1 s, 2 s, 5 s, then every 10 s while someone watches. */
const RETRY_MS = [1_000, 2_000, 5_000, 10_000];

/**
 * Refetches asked for by sequence gaps (or reconnects) while gaps keep coming: the first at once, then
 * each at least this long after the previous one landed, until a snapshot lands cleanly (its deltas
 * then follow in order for GAP_QUIET_MS, and the next gap is fetched at once again).
 */
export const GAP_BACKOFF_MS = [0, 1_000, 2_000, 4_000, 8_000, 15_000];
export const GAP_QUIET_MS = 10_000;

/** Write-behind of the views kept on the device: at most this often, and each at least this often while live. */
const PERSIST_MS = 5_000;
const PERSIST_REFRESH_MS = 60_000;

/** A fetch that never got an answer (no network, a timeout), as opposed to an error the server answered. */
function isNetworkError(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError' || name === 'NetworkError';
}

/** A seeded snapshot nobody asked for within this long is dropped (it would be stale). */
const SEED_TTL_MS = 60_000;

/** A list snapshot the page handed over (seedList), with the deltas its early socket received after it. */
interface Seed {
  snapshot: ListSnapshot;
  deltas: readonly Delta[];
  at: number;
}

/** The seq a seed stands at: its snapshot's, carried on by those of its deltas that follow on without a gap. */
function seedEnd(seed: Seed): number {
  let end = seed.snapshot.seq;
  for (const delta of seed.deltas) if ((delta.from ?? delta.seq) <= end + 1 && delta.seq > end) end = delta.seq;
  return end;
}

export const listKey = (q: ListQuery) => `list:${q.sportTypeId}:${q.mode}:${q.dateId ?? ''}`;
const queryOfKey = (key: string): ListQuery => {
  const [, sportTypeId = '', mode = 'live', dateId = ''] = key.split(':');
  return { sportTypeId, mode: mode as ListQuery['mode'], ...(dateId ? { dateId } : {}) };
};
export const matchKey = (matchId: string) => `match:${matchId}`;
const destinationOf = (key: string) => {
  const [kind, id = ''] = key.split(':');
  return kind === 'list' ? Destination.sport(id) : Destination.match(key.slice('match:'.length));
};

/**
 * The hub behind every tab's client: subscriptions are kept by the id of the client (one per tab's
 * port) that made them, so a tab that goes takes its subscriptions with it.
 */
export class RealtimeCore {
  readonly store = new MatchStore();
  /** The bet-order refresh of every tab's slip (workers/realtime/orders.ts). */
  readonly orders: OrderRefresher;
  /** The support chat's messages waiting for the server, for every tab (workers/realtime/support.ts). */
  readonly support: SupportOutbox;
  /** Open tickets' cash-out values, priced again from the deltas (workers/realtime/cashout.ts). */
  readonly cashout = new CashoutWatches(this.store);
  private readonly subs = new Map<number, Sub>();
  private readonly destinations = new Map<string, DestinationEntry>();
  private readonly loading = new Map<string, Promise<void>>();
  private readonly retries = new Map<string, number>();
  /** Snapshots asked for again while their fetch was on its way: fetched once more when it lands. */
  private readonly again = new Set<string>();
  private context: RealtimeContext = ANONYMOUS_CALLER;
  private nextClient = 1;
  private status: ConnectionStatus = 'connecting';
  private wasOnline = false;
  private nextId = 1;
  private timer: unknown = null;
  private started = false;
  /** The Web Locks of living tabs that the worker waits on. */
  private readonly tabLocks = new Set<string>();
  /** Delta counter, for the benchmark and diagnostics. */
  deltasApplied = 0;

  constructor(private readonly deps: CoreDeps) {
    deps.transport.onStatus((status) => this.onTransportStatus(status));
    this.orders = new OrderRefresher({
      fetch: (request) =>
        deps.snapshots.selections
          ? deps.snapshots.selections(request, this.context)
          : Promise.reject(new Error('querySelectionDetailV2: no selection source')),
      live: (query) => this.liveDetail(query),
      now: deps.now,
      setInterval: deps.setInterval,
      clearInterval: deps.clearInterval,
    });
    this.support = new SupportOutbox({
      store: deps.support?.store ?? memoryOutbox(),
      send: deps.support?.send ?? (() => Promise.resolve({ kind: 'network' })),
      context: () => this.context,
      setTimeout: deps.setTimeout,
    });
  }

  /** A new tab's own client (the worker exposes one on each port). */
  client(): RealtimeApi {
    return new TabClient(this, `tab-${this.nextClient++}`);
  }

  // ---- the clients' calls, by client id ------------------------------------------------------------

  async connect(tabId: string, lockName: string | null, context: RealtimeContext): Promise<void> {
    await this.setContext(context);
    if (!this.started) {
      this.started = true;
      this.deps.transport.start();
    }
    if (lockName && this.deps.whenReleased && !this.tabLocks.has(lockName)) {
      this.tabLocks.add(lockName);
      void this.deps.whenReleased(lockName).then(() => {
        this.tabLocks.delete(lockName);
        return this.disconnectTab(tabId);
      });
    }
  }

  async setContext(context: RealtimeContext): Promise<void> {
    const tokenChanged = context.token !== this.context.token;
    this.context = context;
    if (tokenChanged) this.deps.transport.setToken(context.token);
  }

  async watchList(tabId: string, query: ListQuery, onPatch: (patch: ListPatch) => void): Promise<number> {
    const destination = Destination.sport(query.sportTypeId);
    const sub: ListSub = {
      kind: 'list',
      id: this.nextId++,
      tabId,
      destination,
      query: { ...query },
      key: listKey(query),
      send: onPatch,
      ready: false,
      members: new Set(),
      sentMarkets: new Set(),
    };
    this.subs.set(sub.id, sub);
    this.acquire(destination, true);
    const seed = this.takeSeed(sub.key);
    if (seed) this.mergeSnapshot(sub.key, this.listMerge(sub.query, seed.snapshot, seed.deltas));
    else if (!this.loading.has(sub.key) && this.isLoaded(sub.key)) this.resetList(sub);
    else {
      this.load(sub.key);
      if (this.offline.has(sub.key)) this.sendOffline(sub);
    }
    this.ensureTicking();
    return sub.id;
  }

  /**
   * A list snapshot the page already has (the server inlines one into the HTML): used as if fetched
   * when it is newer than what the worker holds. Nobody watching the list yet: it waits (briefly) for
   * the first watchList, which then needs no fetch. The usual sequence rules follow: a delta after a
   * gap still fetches the list again.
   */
  async seedList(query: ListQuery, snapshot: ListSnapshot, deltas: readonly Delta[] = []): Promise<void> {
    if (String(snapshot.sportTypeId) !== query.sportTypeId || !Number.isFinite(snapshot.seq)) return;
    const key = listKey(query);
    const seed: Seed = { snapshot, deltas, at: this.deps.now() };
    const held = this.heldSeq(key);
    if (held !== null && seedEnd(seed) <= held) return;
    if (this.hasWatchers(key)) {
      this.mergeSnapshot(key, this.listMerge(query, snapshot, deltas));
      return;
    }
    const pending = this.seeds.get(key);
    if (pending && seedEnd(pending) >= seedEnd(seed)) return;
    this.seeds.set(key, seed);
  }

  async watchMatch(tabId: string, matchId: string, onPatch: (patch: MatchPatch) => void): Promise<number> {
    const destination = Destination.match(matchId);
    const sub: MatchSub = {
      kind: 'match',
      id: this.nextId++,
      tabId,
      destination,
      matchId,
      key: matchKey(matchId),
      send: onPatch,
      ready: false,
      sentMarkets: new Set(),
    };
    this.subs.set(sub.id, sub);
    this.acquire(destination, true);
    if (!this.loading.has(sub.key) && this.isLoaded(sub.key)) this.resetMatch(sub);
    else {
      this.load(sub.key);
      if (this.offline.has(sub.key)) this.sendOffline(sub);
    }
    this.ensureTicking();
    return sub.id;
  }

  async watchChat(tabId: string, matchId: string, onMessage: (message: ChatMessage) => void): Promise<number> {
    return this.watchPass('chat', tabId, Destination.chat(matchId), onMessage as Send<unknown>);
  }

  async watchUser(tabId: string, queue: UserQueue, onEvent: (event: unknown) => void): Promise<number> {
    return this.watchPass('user', tabId, Destination[queue], onEvent);
  }

  async watchJackpot(tabId: string, onMessage: (message: unknown) => void): Promise<number> {
    return this.watchPass('jackpot', tabId, Destination.jackpot, onMessage);
  }

  async watchStatus(tabId: string, onStatus: (status: ConnectionStatus) => void): Promise<number> {
    const id = this.nextId++;
    this.subs.set(id, { kind: 'status', id, tabId, destination: '', send: onStatus as Send<unknown> });
    onStatus(this.status);
    return id;
  }

  async watchOrders(
    tabId: string,
    orders: SelectionQuery[],
    single: boolean,
    onDetails: (details: SelectionDetail[]) => void,
  ): Promise<number> {
    const id = this.nextId++;
    this.orders.watch(id, tabId, orders, single, onDetails);
    return id;
  }

  async updateOrders(subscriptionId: number, orders: SelectionQuery[], single: boolean): Promise<void> {
    this.orders.update(subscriptionId, orders, single);
  }

  async sendChat(matchId: string, text: string): Promise<boolean> {
    return this.deps.transport.publish(Destination.chat(matchId), JSON.stringify({ text }));
  }

  // ---- the support chat's outbox (workers/realtime/support.ts) ----------------------------------------

  async sendSupport(message: SupportOutgoing): Promise<void> {
    await this.support.add(message);
  }

  async watchSupportOutbox(tabId: string, onUpdate: (update: SupportOutboxUpdate) => void): Promise<number> {
    const id = this.nextId++;
    this.support.watch(id, tabId, onUpdate);
    return id;
  }

  async retrySupport(clientMessageId: string): Promise<void> {
    await this.support.retry(clientMessageId);
  }

  async discardSupport(clientMessageId: string): Promise<void> {
    await this.support.discard(clientMessageId);
  }

  async watchCashout(tabId: string, tickets: CashoutTicketWatch[], onValues: (values: CashoutValue[]) => void): Promise<number> {
    const id = this.nextId++;
    for (const matchId of this.cashout.watch(id, tabId, tickets, onValues)) {
      const key = matchKey(matchId);
      this.acquire(Destination.match(matchId), true);
      if (!this.loading.has(key) && !this.isLoaded(key)) this.load(key);
    }
    this.ensureTicking();
    return id;
  }

  async unwatch(subscriptionId: number): Promise<void> {
    if (this.orders.unwatch(subscriptionId)) return;
    const cashout = this.cashout.unwatch(subscriptionId);
    if (cashout) {
      for (const matchId of cashout.matchIds) this.release(Destination.match(matchId));
      releaseCallback(cashout.send);
      if (this.subs.size === 0 && this.cashout.size === 0) this.stopTicking();
      return;
    }
    const outboxWatch = this.support.unwatch(subscriptionId);
    if (outboxWatch) return releaseCallback(outboxWatch);
    const sub = this.subs.get(subscriptionId);
    if (!sub) return;
    this.subs.delete(subscriptionId);
    releaseCallback(sub.send);
    if (sub.destination) this.release(sub.destination);
    if (this.subs.size === 0 && this.cashout.size === 0) this.stopTicking();
  }

  async disconnectTab(tabId: string): Promise<void> {
    this.orders.disconnectTab(tabId);
    for (const callback of this.support.disconnectTab(tabId)) releaseCallback(callback);
    for (const id of this.cashout.idsOfTab(tabId)) await this.unwatch(id);
    for (const sub of [...this.subs.values()]) if (sub.tabId === tabId) await this.unwatch(sub.id);
  }

  /**
   * A selection as the feed has it now, where a page's subscription keeps its market current: its
   * match's own destination, or its sport's list for a main market (the lists carry main markets only).
   */
  private liveDetail(query: SelectionQuery): SelectionDetail | undefined {
    const market = this.store.markets.get(query.marketId);
    const match = market && this.store.matches.get(market.matchId);
    if (!market || !match) return undefined;
    const fed = this.isCurrent(Destination.match(match.matchId)) || (market.main && this.isCurrent(Destination.sport(match.sportTypeId)));
    return fed ? selectionDetailOf(market, query.key, match) : undefined;
  }

  /** Subscribed, and its snapshot merged: the store follows this destination's deltas. */
  private isCurrent(destination: string): boolean {
    if (!this.destinations.has(destination)) return false;
    for (const key of this.loaded) if (destinationOf(key) === destination) return true;
    return false;
  }

  /** Subscriptions and destinations in use, for diagnostics and tests. */
  usage(): { subscriptions: number; destinations: string[] } {
    return { subscriptions: this.subs.size, destinations: [...this.destinations.keys()] };
  }

  // ---- destinations ------------------------------------------------------------------------------

  private watchPass(kind: 'chat' | 'user' | 'jackpot', tabId: string, destination: string, send: Send<unknown>): number {
    const id = this.nextId++;
    this.subs.set(id, { kind, id, tabId, destination, send });
    this.acquire(destination, false);
    return id;
  }

  private acquire(destination: string, feed: boolean): void {
    const entry = this.destinations.get(destination);
    if (entry) {
      entry.refs++;
      return;
    }
    const sync = feed ? new DestinationSync() : null;
    const unsubscribe = this.deps.transport.subscribe(
      destination,
      (body) => this.onMessage(destination, body),
      sync ? () => this.sinceOf(destination, sync) : undefined,
    );
    this.destinations.set(destination, { refs: 1, unsubscribe, sync });
  }

  private release(destination: string): void {
    const entry = this.destinations.get(destination);
    if (!entry) return;
    entry.refs--;
    if (entry.refs > 0) return;
    entry.unsubscribe();
    this.destinations.delete(destination);
    // No socket feeds this destination any more: its snapshots go stale and must be fetched again.
    for (const key of [...this.loaded]) if (destinationOf(key) === destination) this.loaded.delete(key);
  }

  private onMessage(destination: string, body: string): void {
    const entry = this.destinations.get(destination);
    if (!entry) return;
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      return;
    }
    if (!entry.sync) {
      for (const sub of this.subs.values()) if (sub.destination === destination && 'send' in sub) (sub as PassSub).send(value);
      return;
    }
    this.run(destination, entry.sync.onDelta(value as Delta));
  }

  private run(destination: string, action: ReturnType<DestinationSync['onDelta']>, afterSnapshot = false): void {
    if (action.kind === 'apply') {
      for (const delta of action.deltas) {
        for (const change of delta.changes) this.store.apply(change);
        this.deltasApplied++;
      }
      if (action.deltas.length) for (const key of this.loaded) if (destinationOf(key) === destination) this.dirty.add(key);
    } else if (action.kind === 'resync') {
      // A snapshot that is already behind the socket: ask again shortly rather than at once, so a
      // lagging server cannot make the worker spin.
      if (afterSnapshot) this.deps.setTimeout(() => this.resync(destination), RESYNC_BEHIND_MS);
      else this.resync(destination);
    }
  }

  /**
   * The seq this destination's data stands at when its subscription is made: the last delta applied, or
   * else the oldest seeded snapshot waiting for it (the page's inlined lists: seedList). The server then
   * sends what followed at once, which the seed is merged with, and no fetch follows. Nothing (no
   * `since`) before any of them: the first delta then starts the usual way.
   */
  private sinceOf(destination: string, sync: DestinationSync): number | undefined {
    if (sync.lastSeq !== null) return sync.lastSeq;
    let since: number | undefined;
    for (const [key, seed] of this.seeds)
      if (destinationOf(key) === destination && (since === undefined || seedEnd(seed) < since)) since = seedEnd(seed);
    return since;
  }

  /** Fetches again every snapshot that feeds a destination (after a gap or a reconnect). */
  private resync(destination: string): void {
    const keys = new Set<string>();
    for (const sub of this.subs.values()) {
      if ((sub.kind === 'list' || sub.kind === 'match') && sub.destination === destination) keys.add(sub.key);
    }
    for (const key of keys) this.load(key, true);
  }

  // ---- snapshots ---------------------------------------------------------------------------------

  private readonly loaded = new Set<string>();
  /** The seq of the last snapshot merged for each key. */
  private readonly snapshotSeq = new Map<string, number>();
  /** Seeded list snapshots that wait for their first watcher (seedList). */
  private readonly seeds = new Map<string, Seed>();

  private isLoaded(key: string): boolean {
    return this.loaded.has(key);
  }

  /** How far the data held for a key goes: its last snapshot, or the deltas applied on top; null: nothing current. */
  private heldSeq(key: string): number | null {
    if (!this.loaded.has(key)) return null;
    const sync = this.destinations.get(destinationOf(key))?.sync;
    const last = sync?.lastSeq ?? null;
    const snap = this.snapshotSeq.get(key) ?? null;
    if (last === null) return snap;
    return snap === null ? last : Math.max(last, snap);
  }

  private takeSeed(key: string): Seed | null {
    const seed = this.seeds.get(key);
    if (!seed) return null;
    this.seeds.delete(key);
    if (this.deps.now() - seed.at > SEED_TTL_MS) return null;
    const held = this.heldSeq(key);
    return held !== null && seedEnd(seed) <= held ? null : seed;
  }

  /**
   * Fetches a snapshot, one at a time per key: asked again while one is on its way (`force`: a gap, a
   * reconnect), it fetches once more when that one lands, however often it was asked meanwhile. A slow
   * link therefore never has two fetches of one list in flight, nor one per gap. Refetches forced while
   * gaps keep coming back off (GAP_BACKOFF_MS from the last landing) until one lands cleanly.
   */
  private load(key: string, force = false): void {
    if (this.loading.has(key)) {
      if (force) this.again.add(key);
      return;
    }
    if (force) {
      const landed = this.landedAt.get(key);
      const step = landed !== undefined && this.deps.now() - landed >= GAP_QUIET_MS ? 0 : (this.gapStep.get(key) ?? 0);
      const pause = GAP_BACKOFF_MS[Math.min(step, GAP_BACKOFF_MS.length - 1)] ?? 0;
      const wait = (this.landedAt.get(key) ?? -Infinity) + pause - this.deps.now();
      if (wait > 0) {
        if (!this.deferred.has(key)) {
          this.deferred.add(key);
          this.deps.setTimeout(() => {
            this.deferred.delete(key);
            if (this.hasWatchers(key)) this.load(key, true);
          }, wait);
        }
        return;
      }
      this.gapStep.set(key, step + 1);
    }
    const job = this.fetchSnapshot(key).then(
      (merge) => {
        this.loading.delete(key);
        this.retries.delete(key);
        this.landedAt.set(key, this.deps.now());
        this.mergeSnapshot(key, merge);
        if (this.again.delete(key) && this.hasWatchers(key)) this.load(key, true);
      },
      (error: unknown) => {
        this.loading.delete(key);
        this.landedAt.set(key, this.deps.now());
        // The retry below fetches the latest anyway.
        this.again.delete(key);
        // No network and nothing current to show: the last snapshot kept on the device, marked offline.
        if (isNetworkError(error) && !this.loaded.has(key) && this.hasWatchers(key)) this.goOffline(key);
        const attempt = this.retries.get(key) ?? 0;
        this.retries.set(key, attempt + 1);
        this.deps.setTimeout(
          () => {
            if (this.retries.get(key) === attempt + 1 && !this.loading.has(key) && this.hasWatchers(key)) this.load(key);
          },
          RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)] ?? 10_000,
        );
      },
    );
    this.loading.set(key, job);
  }

  // ---- offline -----------------------------------------------------------------------------------

  /** Keys shown from the device's copy because the network is gone: that copy (null: none kept). */
  private readonly offline = new Map<string, CachedSnapshot | null>();
  /** Views changed since they were last written to the device. */
  private readonly dirty = new Set<string>();
  private readonly savedAt = new Map<string, number>();
  private lastPersist = -Infinity;
  /** Per key: how many gap refetches in a row, when its last fetch ended, and whether one waits. */
  private readonly gapStep = new Map<string, number>();
  private readonly landedAt = new Map<string, number>();
  private readonly deferred = new Set<string>();

  private goOffline(key: string): void {
    if (this.offline.has(key)) return;
    this.offline.set(key, null);
    const read = this.deps.cache ? this.deps.cache.read(key).catch(() => undefined) : Promise.resolve(undefined);
    void read.then((cached) => {
      // Loaded meanwhile (the network came back): the live view has gone out already.
      if (!this.offline.has(key) || this.loaded.has(key)) return;
      this.offline.set(key, cached ?? null);
      for (const sub of this.subs.values()) if ((sub.kind === 'list' || sub.kind === 'match') && sub.key === key) this.sendOffline(sub);
    });
  }

  /** The device's copy of a view, whole, marked offline (empty when none was kept). Not live: never patched. */
  private sendOffline(sub: ListSub | MatchSub): void {
    const cached = this.offline.get(sub.key) ?? null;
    const asOf = cached?.asOf ?? null;
    if (sub.kind === 'match') {
      const snapshot = cached?.match;
      sub.send({ reset: true, status: 'offline', asOf, match: snapshot?.match ?? null, markets: snapshot?.markets ?? [] });
      return;
    }
    const list = cached?.list;
    const leagues = list?.leagues ?? [];
    const matches = list?.matches ?? [];
    sub.send({
      reset: true,
      status: 'offline',
      asOf,
      leagues,
      matches,
      markets: list?.markets ?? [],
      order: orderMatches(matches, new Map(leagues.map((l) => [l.leagueId, l]))),
    });
  }

  /**
   * Write-behind of every live view to the device (at most every PERSIST_MS; a view just loaded at the
   * next tick), with the time its prices were known current. Nothing is written while the socket is down.
   */
  persist(): void {
    const cache = this.deps.cache;
    if (!cache || this.status === 'reconnecting') return;
    const now = this.deps.now();
    const due = now - this.lastPersist >= PERSIST_MS;
    const today = manilaDay(now);
    for (const key of this.loaded) {
      const saved = this.savedAt.get(key);
      const wanted = saved === undefined || (due && (this.dirty.has(key) || now - saved >= PERSIST_REFRESH_MS));
      if (!wanted || this.loading.has(key)) continue;
      const value = this.viewOf(key, now, today);
      if (!value) continue;
      this.dirty.delete(key);
      this.savedAt.set(key, now);
      void cache.write(key, value).catch(() => undefined);
    }
    if (due) this.lastPersist = now;
  }

  /** A live view as a snapshot to keep: a list's matches and main markets, or a match with all its markets. */
  private viewOf(key: string, now: number, today: string): CachedSnapshot | null {
    const seq = this.heldSeq(key) ?? 0;
    if (key.startsWith('match:')) {
      const matchId = key.slice('match:'.length);
      const match = this.store.matches.get(matchId);
      return match ? { asOf: now, match: { seq, match, markets: this.store.marketsOf(matchId) } } : null;
    }
    const query = queryOfKey(key);
    const matches = [...this.store.matches.values()].filter((match) => inListView(match, query, today));
    const leagueIds = new Set(matches.map((m) => m.leagueId));
    return {
      asOf: now,
      list: {
        sportTypeId: query.sportTypeId as ListSnapshot['sportTypeId'],
        seq,
        leagues: [...this.store.leagues.values()].filter((l) => leagueIds.has(l.leagueId)),
        matches,
        markets: matches.flatMap((m) => mainMarkets(this.store, m.matchId)),
      },
    };
  }

  private hasWatchers(key: string): boolean {
    for (const sub of this.subs.values()) if ((sub.kind === 'list' || sub.kind === 'match') && sub.key === key) return true;
    return key.startsWith('match:') && this.cashout.watchesMatch(key.slice('match:'.length));
  }

  /** Fetches a snapshot; answers how to merge it into the store. */
  private async fetchSnapshot(key: string): Promise<() => void> {
    const [kind, ...rest] = key.split(':');
    if (kind === 'list') {
      const query = queryOfKey(key);
      return this.listMerge(query, await this.deps.snapshots.list(query, this.context));
    }
    const matchId = rest.join(':');
    return this.matchMerge(matchId, await this.deps.snapshots.match(matchId, this.context));
  }

  /**
   * How a list snapshot (fetched or seeded) goes into the store; a seeded one with the deltas the page
   * received after it (its early socket), applied as if from this socket.
   */
  private listMerge(query: ListQuery, snapshot: ListSnapshot, deltas: readonly Delta[] = []): () => void {
    return () => {
      for (const league of snapshot.leagues) this.store.putLeague(league);
      const listed = new Set(snapshot.markets.map((m) => m.marketId));
      for (const match of snapshot.matches) {
        this.store.putMatch(match);
        // A main market the feed no longer lists is gone (the list carries main markets only).
        for (const market of mainMarkets(this.store, match.matchId))
          if (!listed.has(market.marketId)) this.store.removeMarket(market.marketId);
      }
      for (const market of snapshot.markets) this.store.putMarket(market);
      this.snapshotSeq.set(listKey(query), snapshot.seq);
      const destination = Destination.sport(query.sportTypeId);
      this.afterSnapshot(destination, snapshot.seq);
      const sync = this.destinations.get(destination)?.sync;
      if (sync) for (const delta of deltas) this.run(destination, sync.onDelta(delta));
    };
  }

  private matchMerge(matchId: string, snapshot: MatchSnapshot): () => void {
    return () => {
      this.store.putMatch(snapshot.match);
      const ids = new Set(snapshot.markets.map((m) => m.marketId));
      for (const market of this.store.marketsOf(matchId)) if (!ids.has(market.marketId)) this.store.removeMarket(market.marketId);
      for (const market of snapshot.markets) this.store.putMarket(market);
      this.snapshotSeq.set(matchKey(matchId), snapshot.seq);
      this.afterSnapshot(Destination.match(matchId), snapshot.seq);
    };
  }

  private afterSnapshot(destination: string, seq: number): void {
    const entry = this.destinations.get(destination);
    if (entry?.sync) this.run(destination, entry.sync.onSnapshot(seq), true);
  }

  /**
   * Merges a snapshot so that its subscriptions get it whole (a reset) and every other subscription
   * gets only what it changed: pending changes go out first, then the snapshot's own.
   */
  private mergeSnapshot(key: string, merge: () => void): void {
    this.flush();
    merge();
    this.loaded.add(key);
    this.offline.delete(key);
    this.dirty.add(key);
    for (const sub of this.subs.values()) {
      if (sub.kind === 'list' && sub.key === key) this.resetList(sub);
      if (sub.kind === 'match' && sub.key === key) this.resetMatch(sub);
    }
    this.flush(key);
  }

  // ---- patches -----------------------------------------------------------------------------------

  /** A snapshot fetched while the first connection is still being made is current: only a lost socket makes data stale. */
  private feedStatus(): FeedStatus {
    return this.status === 'reconnecting' ? 'reconnecting' : 'live';
  }

  private resetList(sub: ListSub): void {
    const today = manilaDay(this.deps.now());
    const matches = [...this.store.matches.values()].filter((match) => inListView(match, sub.query, today));
    sub.members = new Set(matches.map((m) => m.matchId));
    const markets = matches.flatMap((m) => mainMarkets(this.store, m.matchId));
    sub.sentMarkets = new Set(markets.map((m) => m.marketId));
    sub.ready = true;
    const leagueIds = new Set(matches.map((m) => m.leagueId));
    sub.send({
      reset: true,
      status: this.feedStatus(),
      leagues: [...this.store.leagues.values()].filter((l) => leagueIds.has(l.leagueId)),
      matches,
      markets,
      order: orderMatches(matches, this.store.leagues),
    });
  }

  private resetMatch(sub: MatchSub): void {
    const match = this.store.matches.get(sub.matchId) ?? null;
    const markets = match ? this.store.marketsOf(sub.matchId) : [];
    sub.sentMarkets = new Set(markets.map((m) => m.marketId));
    sub.ready = true;
    sub.send({ reset: true, status: this.feedStatus(), match, markets });
  }

  private ensureTicking(): void {
    if (this.timer !== null) return;
    this.timer = this.deps.setInterval(() => {
      this.flush();
      this.persist();
    }, this.deps.conflateMs ?? 100);
  }

  private stopTicking(): void {
    if (this.timer === null) return;
    this.deps.clearInterval(this.timer);
    this.timer = null;
  }

  /** One conflation tick: send each ready subscription what changed for it since the last tick. */
  flush(skipKey?: string): void {
    if (!this.store.hasChanges()) return;
    const changes = this.store.takeChanges();
    // The slip hears of a moved price in the same tick as the rows (a match that ends closes its markets).
    const moved = new Set(changes.markets);
    for (const matchId of changes.matches) for (const market of this.store.marketsOf(matchId)) moved.add(market.marketId);
    this.orders.feedChanged(moved);
    this.cashout.feedChanged(moved);
    const marketsByMatch = new Map<string, Market[]>();
    for (const id of changes.markets) {
      const market = this.store.markets.get(id);
      if (!market) continue;
      const list = marketsByMatch.get(market.matchId);
      if (list) list.push(market);
      else marketsByMatch.set(market.matchId, [market]);
    }
    const today = manilaDay(this.deps.now());
    for (const sub of this.subs.values()) {
      if (sub.kind === 'list' && sub.ready && sub.key !== skipKey) this.flushList(sub, changes, marketsByMatch, today);
      if (sub.kind === 'match' && sub.ready && sub.key !== skipKey) this.flushMatch(sub, changes, marketsByMatch);
    }
  }

  private flushList(
    sub: ListSub,
    changes: ReturnType<MatchStore['takeChanges']>,
    marketsByMatch: Map<string, Market[]>,
    today: string,
  ): void {
    const patch: ListPatch = { status: this.feedStatus() };
    const matches = [];
    const markets: Market[] = [];
    const removedMatches: string[] = [];
    const removedMarkets: string[] = [];
    let membershipChanged = false;

    const touched = new Set<string>([...changes.matches, ...marketsByMatch.keys()]);
    for (const matchId of touched) {
      const match = this.store.matches.get(matchId);
      if (!match || match.sportTypeId !== sub.query.sportTypeId) continue;
      const inView = inListView(match, sub.query, today);
      if (inView && !sub.members.has(matchId)) {
        sub.members.add(matchId);
        membershipChanged = true;
        matches.push(match);
        for (const market of mainMarkets(this.store, matchId)) {
          markets.push(market);
          sub.sentMarkets.add(market.marketId);
        }
        continue;
      }
      if (!inView && sub.members.has(matchId)) {
        sub.members.delete(matchId);
        membershipChanged = true;
        removedMatches.push(matchId);
        continue;
      }
      if (!inView) continue;
      if (changes.matches.has(matchId)) matches.push(match);
      for (const market of marketsByMatch.get(matchId) ?? []) {
        if (!market.main) continue;
        markets.push(market);
        sub.sentMarkets.add(market.marketId);
      }
    }
    for (const matchId of changes.goneMatches) {
      if (sub.members.delete(matchId)) {
        membershipChanged = true;
        removedMatches.push(matchId);
      }
    }
    for (const marketId of changes.goneMarkets) if (sub.sentMarkets.delete(marketId)) removedMarkets.push(marketId);

    if (matches.length) patch.matches = matches;
    if (markets.length) patch.markets = markets;
    if (removedMatches.length) patch.removedMatches = removedMatches;
    if (removedMarkets.length) patch.removedMarkets = removedMarkets;
    if (membershipChanged) {
      const members = [...sub.members].map((id) => this.store.matches.get(id)).filter((m) => m !== undefined);
      patch.order = orderMatches(members, this.store.leagues);
      const leagueIds = new Set(members.map((m) => m.leagueId));
      patch.leagues = [...this.store.leagues.values()].filter((l) => leagueIds.has(l.leagueId));
    }
    if (patch.matches || patch.markets || patch.removedMatches || patch.removedMarkets || patch.order) sub.send(patch);
  }

  private flushMatch(sub: MatchSub, changes: ReturnType<MatchStore['takeChanges']>, marketsByMatch: Map<string, Market[]>): void {
    const patch: MatchPatch = { status: this.feedStatus() };
    if (changes.goneMatches.has(sub.matchId)) patch.match = null;
    else if (changes.matches.has(sub.matchId)) patch.match = this.store.matches.get(sub.matchId) ?? null;
    const markets = marketsByMatch.get(sub.matchId);
    if (markets?.length) {
      patch.markets = markets;
      for (const market of markets) sub.sentMarkets.add(market.marketId);
    }
    const removed = [...changes.goneMarkets].filter((id) => sub.sentMarkets.delete(id));
    if (removed.length) patch.removedMarkets = removed;
    if (patch.match !== undefined || patch.markets || patch.removedMarkets) sub.send(patch);
  }

  // ---- connection --------------------------------------------------------------------------------

  private onTransportStatus(status: ConnectionStatus): void {
    const reconnected = status === 'online' && this.wasOnline;
    if (status === 'online') this.wasOnline = true;
    this.status = status;
    for (const sub of this.subs.values()) if (sub.kind === 'status') sub.send(status);
    if (status === 'reconnecting') {
      for (const sub of this.subs.values())
        if ((sub.kind === 'list' || sub.kind === 'match') && sub.ready) sub.send({ status: 'reconnecting' });
    }
    if (status === 'online') {
      // The support chat's waiting messages go now.
      this.support.online();
      // The network is back: views shown from the device fetch now rather than at their next retry.
      for (const key of [...this.offline.keys()]) if (this.hasWatchers(key)) this.load(key);
    }
    if (reconnected) {
      // What happened while the socket was down is lost: every view starts again from a snapshot.
      for (const [destination, entry] of this.destinations) {
        if (!entry.sync) continue;
        entry.sync.reset();
        this.resync(destination);
      }
    }
  }
}

/** One tab's client: the core's calls with this tab's id filled in. */
class TabClient implements RealtimeApi {
  constructor(
    private readonly core: RealtimeCore,
    private readonly tabId: string,
  ) {}

  connect(lockName: string | null, context: RealtimeContext): Promise<void> {
    return this.core.connect(this.tabId, lockName, context);
  }
  setContext(context: RealtimeContext): Promise<void> {
    return this.core.setContext(context);
  }
  watchList(query: ListQuery, onPatch: (patch: ListPatch) => void): Promise<number> {
    return this.core.watchList(this.tabId, query, onPatch);
  }
  seedList(query: ListQuery, snapshot: ListSnapshot, deltas?: Delta[]): Promise<void> {
    return this.core.seedList(query, snapshot, deltas);
  }
  watchMatch(matchId: string, onPatch: (patch: MatchPatch) => void): Promise<number> {
    return this.core.watchMatch(this.tabId, matchId, onPatch);
  }
  watchChat(matchId: string, onMessage: (message: ChatMessage) => void): Promise<number> {
    return this.core.watchChat(this.tabId, matchId, onMessage);
  }
  watchUser(queue: UserQueue, onEvent: (event: unknown) => void): Promise<number> {
    return this.core.watchUser(this.tabId, queue, onEvent);
  }
  watchStatus(onStatus: (status: ConnectionStatus) => void): Promise<number> {
    return this.core.watchStatus(this.tabId, onStatus);
  }
  watchJackpot(onMessage: (message: unknown) => void): Promise<number> {
    return this.core.watchJackpot(this.tabId, onMessage);
  }
  watchOrders(orders: SelectionQuery[], single: boolean, onDetails: (details: SelectionDetail[]) => void): Promise<number> {
    return this.core.watchOrders(this.tabId, orders, single, onDetails);
  }
  updateOrders(subscriptionId: number, orders: SelectionQuery[], single: boolean): Promise<void> {
    return this.core.updateOrders(subscriptionId, orders, single);
  }
  sendChat(matchId: string, text: string): Promise<boolean> {
    return this.core.sendChat(matchId, text);
  }
  sendSupport(message: SupportOutgoing): Promise<void> {
    return this.core.sendSupport(message);
  }
  watchSupportOutbox(onUpdate: (update: SupportOutboxUpdate) => void): Promise<number> {
    return this.core.watchSupportOutbox(this.tabId, onUpdate);
  }
  retrySupport(clientMessageId: string): Promise<void> {
    return this.core.retrySupport(clientMessageId);
  }
  discardSupport(clientMessageId: string): Promise<void> {
    return this.core.discardSupport(clientMessageId);
  }
  watchCashout(tickets: CashoutTicketWatch[], onValues: (values: CashoutValue[]) => void): Promise<number> {
    return this.core.watchCashout(this.tabId, tickets, onValues);
  }
  unwatch(subscriptionId: number): Promise<void> {
    return this.core.unwatch(subscriptionId);
  }
}
