/// <reference lib="webworker" />
/// <reference types="vite/client" />
/**
 * The service worker (Workbox, injectManifest). It precaches the app shell, caches each page's chunk the
 * first time it is opened, keeps static scripts (game lists, news) fresh in the background, and decides
 * what a navigation gets with no network: a page the player has opened before gets the app (it runs
 * from cache), any other page gets the maintenance page. A new version waits until the player accepts
 * it in the app (message SKIP_WAITING), never activating on its own.
 */
import { clientsClaim } from 'workbox-core';
import { CacheExpiration } from 'workbox-expiration';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const SHELL = '/index.html';
const VISITED = 'visited-pages';
const MAINTENANCE_PATH = '/maintenance';
/** A slow network gets this long before a page the player has opened before is served from cache. */
const NAVIGATION_TIMEOUT_MS = 4_000;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// Take control of open pages on the first install, so the very first visit already works offline.
// Updates still wait for the player (no skipWaiting here).
clientsClaim();

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string; path?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  // The app moves between pages without asking the network; it tells us which pages the player opened.
  if (data?.type === 'VISITED' && typeof data.path === 'string' && data.path.startsWith('/')) event.waitUntil(rememberVisit(data.path));
});

// Hashed build files never change: once fetched, serve them from cache.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/') && request.method === 'GET',
  new CacheFirst({
    cacheName: 'assets',
    plugins: [new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true })],
  }),
);

// ---- The casino's game lists and thumbnails (issue 13) ------------------------------------------
// The lists (GAME_LIST_INDEX_URL → versioned immutable chunks) are kept whole in a cache of their own:
// fetched when this worker activates, so even a lobby never opened works offline, and again whenever
// the index names a new version (the old version's chunks are then dropped). The index is asked of the
// network first (it is small and says which version is current), the cache answering when there is
// none; a chunk comes from the cache once stored. Thumbnails are cached as they are seen, capped.
const GAME_LISTS = 'game-lists';
const GAME_THUMBS = 'game-thumbs';
const GAME_INDEX_PATH = '/static/games/index.json';
const GAME_THUMBS_PREFIX = '/static/games/thumbs/';
const GAME_THUMBS_MAX = 300;
const GAME_INDEX_TIMEOUT_MS = 3_000;

function isGameChunk(url: URL): boolean {
  return url.pathname.startsWith('/static/games/') && url.pathname.endsWith('.json') && url.pathname !== GAME_INDEX_PATH;
}

let gameListRefresh: Promise<void> | null = null;

/** Stores the index and every chunk it names that is not stored yet, then drops chunks it no longer names. */
async function storeGameLists(indexResponse: Response): Promise<void> {
  const index = (await indexResponse.clone().json()) as { version?: unknown; chunks?: unknown };
  if (!Array.isArray(index.chunks)) return;
  const cache = await caches.open(GAME_LISTS);
  const chunks = index.chunks.filter((chunk): chunk is string => typeof chunk === 'string');
  const wanted = new Set(chunks.map((chunk) => new URL(chunk, self.location.origin).href));
  for (const url of wanted) {
    if (await cache.match(url)) continue;
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    await cache.put(url, response);
  }
  // Only once every chunk of the version is stored does the index that names it replace the old one.
  await cache.put(new URL(GAME_INDEX_PATH, self.location.origin).href, indexResponse);
  for (const request of await cache.keys()) {
    const url = new URL(request.url);
    if (isGameChunk(url) && !wanted.has(url.href)) await cache.delete(request);
  }
}

/** Fetches the index and keeps the lists it names (one refresh at a time; failures wait for the next). */
function refreshGameLists(fresh?: Response): Promise<void> {
  gameListRefresh ??= (async () => {
    try {
      const response = fresh ?? (await fetch(GAME_INDEX_PATH, { credentials: 'same-origin', cache: 'no-cache' }));
      if (response.ok) await storeGameLists(response);
    } catch {
      // Offline or the server failed: the stored lists stay; the next index request tries again.
    } finally {
      gameListRefresh = null;
    }
  })();
  return gameListRefresh;
}

self.addEventListener('activate', (event: ExtendableEvent) => event.waitUntil(refreshGameLists()));

async function storedIndexVersion(): Promise<unknown> {
  const stored = await (await caches.open(GAME_LISTS)).match(new URL(GAME_INDEX_PATH, self.location.origin).href);
  if (!stored) return undefined;
  return ((await stored.json().catch(() => ({}))) as { version?: unknown }).version;
}

registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname === GAME_INDEX_PATH && request.method === 'GET',
  async ({ request, event }) => {
    const network = fetch(request).then(
      (response) => (response.ok ? response : undefined),
      () => undefined,
    );
    const first = await Promise.race([network, timeout(GAME_INDEX_TIMEOUT_MS)]);
    if (first instanceof Response) {
      const version = (
        (await first
          .clone()
          .json()
          .catch(() => ({}))) as { version?: unknown }
      ).version;
      if (version !== (await storedIndexVersion())) event.waitUntil(refreshGameLists(first.clone()));
      return first;
    }
    const stored = await (await caches.open(GAME_LISTS)).match(new URL(GAME_INDEX_PATH, self.location.origin).href);
    if (stored) return stored;
    return (await network) ?? Response.error();
  },
);

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && isGameChunk(url) && !url.pathname.startsWith(GAME_THUMBS_PREFIX) && request.method === 'GET',
  async ({ request, event }) => {
    const cache = await caches.open(GAME_LISTS);
    const stored = await cache.match(request.url);
    if (stored) return stored;
    const response = await fetch(request);
    if (response.ok) event.waitUntil(cache.put(request.url, response.clone()));
    return response;
  },
);

registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith(GAME_THUMBS_PREFIX) && request.method === 'GET',
  new CacheFirst({
    cacheName: GAME_THUMBS,
    plugins: [new ExpirationPlugin({ maxEntries: GAME_THUMBS_MAX, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true })],
  }),
);

// News pictures: named by their bytes, so a kept one is never stale (an article read once shows its picture offline).
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/static/news/images/') && request.method === 'GET',
  new CacheFirst({
    cacheName: 'news-images',
    plugins: [new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true })],
  }),
);

// Static scripts (history, most-win, news): shown at once from cache, refreshed behind.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/static/') && request.method === 'GET',
  new StaleWhileRevalidate({
    cacheName: 'static-scripts',
    plugins: [new ExpirationPlugin({ maxEntries: 60, purgeOnQuotaError: true })],
  }),
);

const visitedExpiration = new CacheExpiration(VISITED, { maxEntries: 200 });

async function rememberVisit(pathname: string): Promise<void> {
  if (pathname === MAINTENANCE_PATH) return;
  const cache = await caches.open(VISITED);
  await cache.put(pathname, new Response('1'));
  await visitedExpiration.updateTimestamp(pathname);
  await visitedExpiration.expireEntries();
}

async function wasVisited(pathname: string): Promise<boolean> {
  const cache = await caches.open(VISITED);
  return (await cache.match(pathname)) !== undefined;
}

async function shell(): Promise<Response> {
  return (await matchPrecache(SHELL)) ?? Response.error();
}

function timeout(ms: number): Promise<'timeout'> {
  return new Promise((resolve) => setTimeout(() => resolve('timeout'), ms));
}

async function navigate({ request, url }: { request: Request; url: URL }): Promise<Response> {
  if (url.pathname === MAINTENANCE_PATH) {
    // The maintenance page always works: online it is the fresh page, offline the precached shell.
    return fetch(request).catch(shell);
  }
  const network = fetch(request).then(
    (response) => {
      if (response.ok) void rememberVisit(url.pathname);
      return response;
    },
    () => undefined,
  );
  const first = await Promise.race([network, timeout(NAVIGATION_TIMEOUT_MS)]);
  if (first instanceof Response) return first;
  const visited = await wasVisited(url.pathname);
  if (first === 'timeout') {
    // Slow, not down: a page opened before starts from cache now; any other page keeps waiting.
    if (visited) return shell();
    const late = await network;
    if (late) return late;
  }
  if (visited) return shell();
  const from = encodeURIComponent(url.pathname + url.search);
  return Response.redirect(`${MAINTENANCE_PATH}?offline=1&from=${from}`, 302);
}

// The development server precaches nothing (an empty manifest), so there is no shell to fall back on:
// navigations go to the network as they would without a service worker.
// The simulators' and development pages (/sim/…, /dev/…: a framed game, a hosted checkout) are not the
// app's: they go to the network as the browser asked for them (a game page framed by the app is asked as
// an iframe, which it reads from Sec-Fetch-Dest), with no app shell or maintenance page in their place.
if (import.meta.env.PROD) registerRoute(new NavigationRoute(navigate, { denylist: [/^\/sim\//, /^\/dev\//] }));

// ---- Web Push (issue 38) ------------------------------------------------------------------------------
// The server sends a PushPayload (src/contract/pushKinds.ts) as JSON, already in the player's language.
// A tap opens the page it names (a ticket's /history-detail, a withdrawal's /withdrawInfo) in an open
// window of the app when there is one, else in a new one.

interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
  kind: string;
}

function readPush(data: PushMessageData | null): PushMessage | undefined {
  try {
    const value = data?.json() as Partial<PushMessage> | undefined;
    if (typeof value?.title !== 'string' || typeof value.body !== 'string') return undefined;
    // Only a page of this app: a path, never another site.
    const url = typeof value.url === 'string' && value.url.startsWith('/') && !value.url.startsWith('//') ? value.url : '/';
    return {
      title: value.title,
      body: value.body,
      url,
      tag: typeof value.tag === 'string' ? value.tag : '',
      kind: String(value.kind ?? ''),
    };
  } catch {
    return undefined;
  }
}

self.addEventListener('push', (event: PushEvent) => {
  const message = readPush(event.data);
  if (!message) return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag || undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: message.url, kind: message.kind },
    }),
  );
});

self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const path = (event.notification.data as { url?: unknown } | null)?.url;
  const target = new URL(typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') ? path : '/', self.location.origin)
    .href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus().catch(() => undefined);
        // The app's own router takes it from there (a full navigation would reload the app).
        open.postMessage({ type: 'OPEN_PAGE', url: target });
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
