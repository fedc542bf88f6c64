import { type AnyRoute, type RouterHistory, createRootRoute, createRoute, createRouter, redirect } from '@tanstack/react-router';
import { areasLoadedYet, i18next, loadAreas } from '../i18n';
import { registerNavigator } from '../lib/navigation';
import { clearBetSlip } from '../features/betslip/store';
import { wireBetSlip } from './betSlip';
import { kyc } from '../stores/kyc';
import { currentPartner, isNativeApp } from '../stores/origin';
import { preferences } from '../stores/preferences';
import { isLoggedIn, session } from '../stores/session';
import { siteInfo } from '../stores/siteInfo';
import { ui } from '../stores/ui';
import { HomeLayout } from './HomeLayout';
import { RouteError } from './RouteError';
import { reportVisit } from './pwa';
import { Shell } from './Shell';
import { runEffects } from './routes/effects';
import { type GuardState, type MatchedRoute, type Redirect, type Search, decide } from './routes/guards';
import { ROUTE_SEARCH } from './routes/search';
import type { RouteName } from './routes/table';
import { events } from '../api/events';
import { afterFirstPaint, hurryAfterFirstPaint, markPageShown } from './afterFirstPaint';
import { hasOwnPage, pageFor, withRouteProps } from './routes/pages';
import { BET_SLIP_ROUTES, REDIRECTS, needsAreaStrings } from './routes/table';
import { ROUTE_DECLARATIONS } from './routes/declarations';
import type { RouteDeclaration } from './routes/route';
import { routeDataFor } from './routes/prefetch';
import { PageSkeletonFallback } from './PageSkeletonFallback';
import type { RouteStatic } from './routes/meta';

function staticOf(def: RouteDeclaration): RouteStatic {
  return {
    name: def.name,
    path: def.path,
    owner: def.owner,
    ...(def.loginRequired ? { loginRequired: true } : {}),
    ...(def.hiddenUnderPagcor ? { hiddenUnderPagcor: true } : {}),
    ...(def.homeTab ? { homeTab: true } : {}),
  };
}

export function currentGuardState(): GuardState {
  const user = session.user;
  return {
    partner: currentPartner(),
    isNativeApp: isNativeApp(),
    inFrame: window.parent !== window,
    loggedIn: isLoggedIn(),
    user: user ? { mobileNo: user.mobileNo, bindType: user.bindType } : undefined,
    site: siteInfo.data,
    kyc: kyc.known ? { forceNewUserEkycSwitch: kyc.forceNewUserEkycSwitch, ekycStatus: kyc.ekycStatus } : undefined,
    defaultTab: preferences.defaultTab,
  };
}

function hrefOf(target: Redirect): string {
  const query = stringifySearch(target.search ?? {});
  return `${target.to}${query}`;
}

/**
 * Every query value stays the text it was: a ticket, a phone number or an id like '0917' must never turn
 * into a number (the router's default turns '9' into 9 and long ids into rounded numbers).
 */
export function parseSearch(searchStr: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(searchStr.startsWith('?') ? searchStr.slice(1) : searchStr));
}

export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null) continue;
    params.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Whether a route's page may show strings of en.areas.ts (routes/table.ts: all but home, the sports pages
 * and redirects). A sports route without a page yet shows the coming-soon page, titled from the route
 * table (en.areas.ts): it waits for them too, or its title reads 'Panalo' until they come.
 */
function pageNeedsAreaStrings(def: RouteDeclaration): boolean {
  return needsAreaStrings(def) || (def.owner === 'sports' && !hasOwnPage(def.name));
}

/** Builds the one route tree of spec §2 from the routes' declarations (routes/owners/<owner>.ts). */
export function buildRouteTree(defs: readonly RouteDeclaration[], ready: () => Promise<void>) {
  const root = createRootRoute({
    component: Shell,
    errorComponent: RouteError,
    beforeLoad: async ({ location, matches, preload }) => {
      await ready();
      const leaf = matches[matches.length - 1];
      const meta = leaf?.staticData.route;
      const matched: MatchedRoute | undefined =
        meta && leaf ? { def: meta, params: leaf.params as Record<string, string | undefined> } : undefined;
      const decision = decide({ pathname: location.pathname, search: location.search as Search }, matched, currentGuardState());
      if (!preload) await runEffects(decision.effects);
      if (decision.redirect) throw redirect({ href: hrefOf(decision.redirect), replace: true });
    },
  });

  const home = createRoute({ getParentRoute: () => root, id: 'home', component: HomeLayout });
  const homeChildren: AnyRoute[] = [];
  const rootChildren: AnyRoute[] = [];

  for (const def of defs) {
    const parent = def.homeTab ? home : root;
    const search = ROUTE_SEARCH[def.name as RouteName];
    const route = createRoute({
      getParentRoute: () => parent,
      path: def.path,
      staticData: { route: staticOf(def) },
      ...(search ? { validateSearch: search } : {}),
      loaderDeps: ({ search: query }: { search: unknown }) => query as Record<string, unknown>,
      // Once the guards let the page through, its data and its strings start together, on the first page
      // of a visit as on any other: the page's queries (routes/data.ts, its owner's small chunk, which the
      // server preloads with the page), never waited for (the page shows its own skeleton), and the
      // areas' English (en.areas.ts) for a page that may show it, which the page waits for.
      loader: async ({ deps, params, preload }: { deps: Record<string, unknown>; params: Record<string, string>; preload: boolean }) => {
        void routeDataFor(def).then(
          (route) => route?.prefetch(deps, { params, preload }),
          () => undefined,
        );
        if (pageNeedsAreaStrings(def)) await loadAreas();
      },
      // Run it again on the visit after a hover, which may start what a hover must not (reading a message
      // marks it read).
      preloadStaleTime: 0,
    });
    route.update({ component: withRouteProps(pageFor(def.name), route) });
    if (def.children) {
      const [first] = def.children;
      const children = def.children.map((child) =>
        createRoute({
          getParentRoute: () => route,
          path: child.path,
          staticData: {
            route: {
              name: child.name,
              path: `${def.path}/${child.path}`,
              owner: def.owner,
              ...(child.loginRequired || def.loginRequired ? { loginRequired: true } : {}),
            },
          },
        }),
      );
      const index = createRoute({
        getParentRoute: () => route,
        path: '/',
        staticData: { route: { name: first?.name ?? def.name, path: def.path, owner: def.owner } },
      });
      route.addChildren([index, ...children]);
    }
    (def.homeTab ? homeChildren : rootChildren).push(route);
  }

  const redirects = REDIRECTS.map((r) =>
    createRoute({
      getParentRoute: () => root,
      path: r.from,
      staticData: { route: { name: `redirect:${r.from}`, path: r.from, owner: 'redirect' } },
    }),
  );
  // Anything else is unknown: the guards send it to / (spec §2).
  const unknown = createRoute({ getParentRoute: () => root, path: '$' });

  return root.addChildren([home.addChildren(homeChildren), ...rootChildren, ...redirects, unknown]);
}

export function createAppRouter(ready: () => Promise<void>, options: { history?: RouterHistory } = {}) {
  wireBetSlip();
  let firstPageShown = false;
  let shownIndex: number | undefined;
  const router = createRouter({
    // Production builds leave out the non-production-only routes (routes/table.ts routesFor, from the same declarations).
    routeTree: buildRouteTree(
      ROUTE_DECLARATIONS.filter((def) => !(import.meta.env.PROD && def.nonProductionOnly)),
      ready,
    ),
    ...(options.history ? { history: options.history } : {}),
    defaultPreload: 'intent',
    defaultPendingComponent: PageSkeletonFallback,
    defaultPendingMs: 150,
    defaultErrorComponent: RouteError,
    scrollRestoration: true,
    parseSearch,
    stringifySearch,
  });

  registerNavigator((href, options) => {
    void router.navigate({ href, replace: options?.replace ?? false });
  });

  router.subscribe('onBeforeLoad', ({ fromLocation }) => {
    // Whether the player opened the address or the app put it in place of the last: a replace keeps the
    // history entry's index, a new page or a step back or forward changes it.
    const index = historyIndex(router.history.location.state);
    ui.addressReplaced = fromLocation !== undefined && index === shownIndex;
    shownIndex = index;
  });

  router.subscribe('onResolved', ({ fromLocation }) => {
    // A second address the player opened: they have moved on, what waited for the first page to settle
    // goes now. Not the app's own redirect from the first (/withdraw to set the withdrawal password
    // first): that is still the page the player opened, whose own content is still on its way.
    if (firstPageShown && !ui.addressReplaced) hurryAfterFirstPaint();
    firstPageShown = true;
    markPageShown();
    const leaf = router.state.matches[router.state.matches.length - 1];
    const name = leaf?.staticData.route?.name ?? '';
    const previousName = ui.currentRouteName;
    // The bet slip is cleared when leaving the sports, foryou and live-game routes (spec §2).
    if (BET_SLIP_ROUTES.includes(previousName) && !BET_SLIP_ROUTES.includes(name)) clearBetSlip();
    ui.previousPath = fromLocation?.href ?? '';
    ui.currentRouteName = name;
    if (areasLoadedYet()) applyRouteMeta(name);
    else
      void afterFirstPaint()
        .then(loadAreas)
        .then(
          () => {
            // Still the page shown (titles are in the areas' strings, which have just arrived).
            if (ui.currentRouteName === name) applyRouteMeta(name);
          },
          () => applyRouteMeta(name),
        );
    reportVisit(router.state.location.pathname);
    // A page view for the event module (a push; it is sent later, in a batch).
    events.pageView(router.state.location.pathname, name);
  });

  return router;
}

/** The history entry's index TanStack's history keeps in its state (a replace keeps it, a push adds one). */
function historyIndex(state: unknown): number | undefined {
  const index = (state as Record<string, unknown> | null)?.['__TSR_index'];
  return typeof index === 'number' ? index : undefined;
}

/** Page title and description come from the route metadata (spec §2). */
export function applyRouteMeta(name: string): void {
  const meta = i18next.t(`routes.${name}` as 'routes.Home', { returnObjects: true }) as unknown as
    { title: string; description: string } | string;
  const app = i18next.t('app.name');
  if (typeof meta === 'object' && meta) {
    document.title = meta.title === app ? app : `${meta.title} · ${app}`;
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
  } else {
    document.title = app;
  }
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    route?: RouteStatic;
  }
  interface Register {
    router: AppRouter;
  }
}
