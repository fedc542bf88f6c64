import './ui/global.css';
import './lib/zodConfig';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { load as reactDomClient } from 'on-first-use:react-dom/client';
import { apiEnvironment, queryClient } from './api/instance';
import { afterFirstPaint } from './app/afterFirstPaint';
import { registerServiceWorker } from './app/pwa';
import { type AppRouter, createAppRouter } from './app/router';
import { ensureVisitorToken } from './features/auth/entryLogin';
import { realtime } from './realtime/client';
import { siteInfoQuery } from './features/site/api';
import { initI18n, loadAreas } from './i18n';
import { GAME_LIST_ID } from './lib/gameTiles';
import { yieldToMain } from './lib/yieldToMain';
import { startEvents } from './api/events';
import { preferences } from './stores/preferences';
import { siteInfo } from './stores/siteInfo';

/** On a first visit the guards wait this long for site information before using the defaults. */
const FIRST_SITE_INFO_WAIT_MS = 3_000;

let router: AppRouter | undefined;
let firstLoad: Promise<void> | undefined;

/** The site information the guards decide on: all of it but the player's own address (the page carries it blank). */
function guardsInput(): string {
  const { clientIp: _, ...rest } = siteInfo.data;
  return JSON.stringify(rest);
}

/** Asks for the site information again (cached 2 minutes); a changed answer runs the guards again at once. */
function refreshSiteInfo(): Promise<void> {
  const before = guardsInput();
  return queryClient.fetchQuery(siteInfoQuery).then(
    () => {
      if (guardsInput() !== before) void router?.invalidate();
    },
    () => undefined,
  );
}

/** Whether each guard run refreshes the site information: from the start on a first visit, else once the page is up. */
let refreshing = false;

/**
 * What the route guards need before a decision: site information. The page carries it, and a returning
 * player's device has it from last time, so nothing waits; it is refreshed in the background once the
 * first page is up (its answer's schemas, zod among them, are not worth a long task before that), and
 * when the answer changes (the regulator-compliant version switched on, say) the guards run again at once.
 */
function guardsReady(): Promise<void> {
  if (!firstLoad) {
    if (siteInfo.known) {
      firstLoad = Promise.resolve();
      void afterFirstPaint().then(() => {
        refreshing = true;
        return refreshSiteInfo();
      });
      return firstLoad;
    }
    refreshing = true;
    firstLoad = Promise.race([refreshSiteInfo(), new Promise<void>((r) => setTimeout(r, FIRST_SITE_INFO_WAIT_MS))]);
    return firstLoad;
  }
  if (refreshing) void refreshSiteInfo();
  return firstLoad;
}

/**
 * Asks for the chunks of the page at the address now, in parallel with everything else before the first
 * render (the router would only ask once the guards have run). '/' only redirects: its chunk is the
 * default tab's.
 */
function preloadCurrentRoute(appRouter: AppRouter): void {
  try {
    const pathname = location.pathname === '/' ? `/${preferences.defaultTab}` : location.pathname;
    const [routes] = appRouter.getMatchedRoutes(pathname);
    for (const route of routes) void appRouter.loadRouteChunk(route)?.catch(() => undefined);
  } catch {
    // Only a head start: the router loads the page itself when it renders it.
  }
}

/** The page came with the feed's lists or the game lists (the server drew it from them): it is live from its first screen. */
function carriesLiveData(): boolean {
  return document.getElementById('panalo-first-list') !== null || document.getElementById(GAME_LIST_ID) !== null;
}

/** Whether the page at the address shows what the realtime worker brings on its first screen: the sports pages (the live match) and the home tabs. */
function showsLiveData(appRouter: AppRouter): boolean {
  try {
    const pathname = location.pathname === '/' ? `/${preferences.defaultTab}` : location.pathname;
    const [routes] = appRouter.getMatchedRoutes(pathname);
    const leaf = routes[routes.length - 1]?.options.staticData?.route;
    return leaf?.owner === 'sports' || leaf?.homeTab === true;
  } catch {
    return true;
  }
}

async function start(): Promise<void> {
  // Out of the task that evaluated every module first; then the realtime worker: its script, socket and
  // first lists load while the page's own code runs.
  await yieldToMain();
  const live = carriesLiveData();
  if (live) realtime();
  await yieldToMain();
  const i18nReady = initI18n(preferences.language, { deferAreas: true });
  await yieldToMain();
  const appRouter = createAppRouter(guardsReady);
  router = appRouter;
  // Any other page (a deposit link, an account page) does not share a slow link with the worker's script,
  // socket and first calls while its own code and data load (issue 31): it starts once the page is up,
  // or earlier where the page asks for it (realtime() starts on first use). The live match starts it now.
  if (!live) {
    if (showsLiveData(appRouter)) realtime();
    else void afterFirstPaint().then(() => realtime());
  }
  await yieldToMain();
  preloadCurrentRoute(appRouter);
  // A page's first calls may leave before the visitor's token came: one refused for it waits for it, then goes again.
  apiEnvironment.visitorToken = ensureVisitorToken;
  void ensureVisitorToken();
  await i18nReady;
  await yieldToMain();
  // The first page is matched, its guards run and its chunk loaded before React renders: the first render
  // (a transition, below) is then the page itself. Rendered first and loaded after, the router's state
  // change re-rendered the whole page in one synchronous pass (its store updates cannot be time-sliced).
  await appRouter.load().catch(() => undefined);
  await yieldToMain();
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root element');
  // react-dom's client evaluates here, not with the entry's modules (scripts/vite-on-first-use.ts says why).
  const app = reactDomClient().createRoot(root);
  // A transition: React renders the first page in slices that leave the main thread free between them
  // (one long task on a slow phone otherwise), and keeps what is on screen (the prerendered shell) until then.
  startTransition(() =>
    app.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={appRouter} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
  // What no first screen needs comes once the page is up: the other areas' strings, the service worker.
  void afterFirstPaint().then(() => {
    void loadAreas().catch(() => undefined);
    // In development too (`npm run dev` serves it from its source), so offline and update flows can be tried there.
    registerServiceWorker();
    // The event module (issue 39): statistics leave in batches, after the page is up.
    void startEvents().catch(() => undefined);
  });
}

// From a microtask, once every module has evaluated: nothing the start schedules (timers, the worker,
// requests) then has the whole entry's evaluation on its stack. A profiler or a DevTools trace records
// each such stack, and one holding it makes V8 re-parse the entire bundle for its source positions.
void Promise.resolve().then(start);
