import * as Comlink from 'comlink';
import { subscribe as subscribeStore } from 'valtio/vanilla';
import { subscribeKey } from 'valtio/vanilla/utils';
import { type Delta, Destination, type ListSnapshot } from '../contract/feed';
import type { ListQuery, RealtimeApi, RealtimeContext } from '../contract/realtime';
import { callerOf } from '../api/client';
import { apiEnvironment } from '../api/instance';
import { uuid } from '../lib/ids';
import { preferences } from '../stores/preferences';
import { session } from '../stores/session';
import { ui } from '../stores/ui';

/**
 * The tab's side of the realtime worker: one SharedWorker for every tab of the app (a dedicated Worker
 * per tab where SharedWorker is missing, e.g. Chrome on Android), wrapped with Comlink. Each tab holds a
 * Web Lock for its lifetime so the worker learns when it closes (SharedWorker ports never say so); the
 * worker gives each tab's port its own client, so no call carries a tab id.
 */

/** Names this tab's Web Lock. */
const tabId = uuid();

let remote: Comlink.Remote<RealtimeApi> | null = null;

/** The worker calls the API as this tab would: the same caller as the page's API client. */
const context = (): RealtimeContext => callerOf(apiEnvironment);

/**
 * The list snapshots the server inlined into the page (server/plugins/firstPaint.ts, on /sports and
 * /foryou), read once (the element goes with them): the page draws its first rows from them (firstList)
 * and hands them to the worker when it first watches a list (handOverFirstLists).
 */
function readFirstLists(): void {
  const element = typeof document === 'undefined' ? null : document.getElementById('panalo-first-list');
  if (!element) return;
  element.remove();
  try {
    const { lists } = JSON.parse(element.textContent ?? '') as { lists?: { query: ListQuery; snapshot: ListSnapshot }[] };
    firstListsUntil = Date.now() + FIRST_LIST_TTL_MS;
    for (const { query, snapshot } of lists ?? []) {
      firstLists.set(firstListKey(query), snapshot);
      toHandOver.push({ query, snapshot });
    }
  } catch {
    // Not what the server writes: the worker fetches the lists as it would without.
  }
}

/** The inlined lists not yet handed to the worker. */
const toHandOver: { query: ListQuery; snapshot: ListSnapshot }[] = [];

/**
 * Hands the inlined lists to the worker (RealtimeApi.seedList), which shows them without fetching when
 * they are newer than what it holds, with what the page's early socket received since (its deltas, per
 * destination), and ends that socket: the worker's own subscription carries on from there (its
 * `since`), so the rows never step back to older prices. Called before the first list is watched,
 * once React's rows have replaced the drawn ones (the early socket wrote only into those).
 */
export function handOverFirstLists(api: Comlink.Remote<RealtimeApi>): void {
  readFirstLists();
  if (toHandOver.length === 0) return;
  const early = earlyLive();
  early?.stop();
  for (const { query, snapshot } of toHandOver.splice(0))
    void api.seedList(query, snapshot, early?.deltas[Destination.sport(query.sportTypeId)] ?? []);
}

/** The page's own copy of the inlined snapshots: its lists draw from them before the worker answers. */
const firstLists = new Map<string, ListSnapshot>();
let firstListsUntil = 0;
/** An inlined snapshot older than this is not drawn (the worker answers long before). */
const FIRST_LIST_TTL_MS = 30_000;
const firstListKey = (query: ListQuery) => `${query.sportTypeId}|${query.mode}|${query.dateId ?? ''}`;

/**
 * The snapshot the server inlined for this list, while the worker has not answered for it yet: the page
 * draws its first rows from it (useLiveList), the same rows the server drew into the HTML, with the
 * prices they show now.
 */
export function firstList(query: ListQuery): ListSnapshot | undefined {
  if (firstLists.size === 0) readFirstLists();
  if (Date.now() > firstListsUntil) firstLists.clear();
  const snapshot = firstLists.get(firstListKey(query));
  // With the prices the page's early socket has written into the drawn rows by now: React's rows take
  // over showing them, not the older ones of the page.
  return snapshot && withEarlyPrices(snapshot);
}

/**
 * What the page's inline script saw move before the app ran (server/plugins/earlyLive.ts): the prices it
 * wrote into the drawn rows ('marketId|key' → price), the deltas it received per destination, and how
 * to end its socket.
 */
interface EarlyLive {
  prices: Record<string, number>;
  deltas: Record<string, Delta[]>;
  /** Set: the early socket no longer writes into the drawn rows (the app draws its own with `prices` as they are). */
  held?: boolean;
  stop(): void;
}

const earlyLive = (): EarlyLive | undefined => (globalThis as { __panaloLive?: EarlyLive }).__panaloLive;

/** The inlined snapshot with the prices the early socket has shown since (the rows must not step back to older ones). */
function withEarlyPrices(snapshot: ListSnapshot): ListSnapshot {
  const early = earlyLive();
  // From here the drawn rows keep what they show until React's replace them with the same prices.
  if (early) early.held = true;
  const prices = early?.prices;
  if (!prices || Object.keys(prices).length === 0) return snapshot;
  const priceOf = (marketId: string, key: string) => prices[`${marketId}|${key}`];
  return {
    ...snapshot,
    markets: snapshot.markets.map((market) =>
      market.selections.some((selection) => priceOf(market.marketId, selection.key) !== undefined)
        ? {
            ...market,
            selections: market.selections.map((selection) => ({
              ...selection,
              price: priceOf(market.marketId, selection.key) ?? selection.price,
            })),
          }
        : market,
    ),
  };
}

/** The worker answered for this list: its inlined snapshot is not needed any more. */
export function dropFirstList(query: ListQuery): void {
  firstLists.delete(firstListKey(query));
  listLive = true;
  markListLive();
}

let listLive = false;
let markListLive: () => void = () => undefined;
let firstLive: Promise<void> | undefined;
/**
 * Resolves once the worker answered for a list on a page that carried lists (its rows are live), at
 * once on any other page, at the latest 15 s after it is first asked: what may share the slow link after
 * (src/app/afterFirstPaint.ts, the service worker's precache) waits for it. Made on first use, not while
 * the modules evaluate (nothing at start runs before the modules are done).
 */
export function firstListLive(): Promise<void> {
  firstLive ??= new Promise<void>((resolve) => {
    const carried = typeof document !== 'undefined' && document.getElementById('panalo-first-list') !== null;
    if (!carried || listLive) return resolve();
    markListLive = resolve;
    setTimeout(resolve, 15_000);
  });
  return firstLive;
}

function start(): Comlink.Remote<RealtimeApi> {
  let endpoint: Comlink.Endpoint;
  if (typeof SharedWorker === 'function') {
    const worker = new SharedWorker(new URL('../../workers/realtime/shared.ts', import.meta.url), {
      type: 'module',
      name: 'panalo-realtime',
    });
    endpoint = worker.port;
  } else {
    endpoint = new Worker(new URL('../../workers/realtime/dedicated.ts', import.meta.url), { type: 'module', name: 'panalo-realtime' });
  }
  const api = Comlink.wrap<RealtimeApi>(endpoint);
  void api.connect(null, context());
  // The inlined lists are read (and their element goes) as the worker starts; they are handed to it when
  // the page first watches a list (handOverFirstLists).
  readFirstLists();
  if (typeof navigator.locks?.request === 'function') {
    // The worker waits on this tab's lock to learn that the tab closed, so it may only ask once the tab
    // holds it: asked earlier, the worker would get the lock at once and drop a living tab.
    const lockName = `panalo-tab-${tabId}`;
    void navigator.locks.request(lockName, () => {
      void api.connect(lockName, context());
      return new Promise<void>(() => undefined);
    });
  }
  // Log in, log out, a new language: the worker calls the API and opens the socket as this player.
  subscribeStore(session, () => void api.setContext(context()));
  subscribeStore(preferences, () => void api.setContext(context()));
  // The calls name the page the player is on (the pathname header), as the page's own calls do.
  subscribeKey(ui, 'currentRouteName', () => void api.setContext(context()));
  return api;
}

/** The realtime worker, started on first use; null where workers cannot run (tests, old browsers). */
export function realtime(): Comlink.Remote<RealtimeApi> | null {
  if (remote) return remote;
  if (typeof Worker !== 'function') return null;
  remote = start();
  return remote;
}
