import * as Comlink from 'comlink';
import { subscribe as subscribeStore } from 'valtio/vanilla';
import { subscribeKey } from 'valtio/vanilla/utils';
import type { ListSnapshot } from '../contract/feed';
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
 * /foryou): handed to the worker, which shows them without fetching when they are newer than what it
 * holds. Read once: the element goes with them.
 */
function seedFirstLists(api: Comlink.Remote<RealtimeApi> | null): void {
  const element = typeof document === 'undefined' ? null : document.getElementById('panalo-first-list');
  if (!element) return;
  element.remove();
  try {
    const { lists } = JSON.parse(element.textContent ?? '') as { lists?: { query: ListQuery; snapshot: ListSnapshot }[] };
    firstListsUntil = Date.now() + FIRST_LIST_TTL_MS;
    for (const { query, snapshot } of lists ?? []) {
      firstLists.set(firstListKey(query), snapshot);
      void api?.seedList(query, snapshot);
    }
  } catch {
    // Not what the server writes: the worker fetches the lists as it would without.
  }
}

/** The page's own copy of the inlined snapshots: its lists draw from them before the worker answers. */
const firstLists = new Map<string, ListSnapshot>();
let firstListsUntil = 0;
/** An inlined snapshot older than this is not drawn (the worker answers long before). */
const FIRST_LIST_TTL_MS = 30_000;
const firstListKey = (query: ListQuery) => `${query.sportTypeId}|${query.mode}|${query.dateId ?? ''}`;

/**
 * The snapshot the server inlined for this list, while the worker has not answered for it yet: the page
 * draws its first rows from it (useLiveList), the same rows the server drew into the HTML.
 */
export function firstList(query: ListQuery): ListSnapshot | undefined {
  if (firstLists.size === 0) seedFirstLists(null);
  if (Date.now() > firstListsUntil) firstLists.clear();
  return firstLists.get(firstListKey(query));
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
  seedFirstLists(api);
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
