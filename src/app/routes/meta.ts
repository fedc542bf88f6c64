/**
 * What each route carries for the guards, the shell and the page title (TanStack Router `staticData`).
 * Pure data, no React: the route table, the guards, the server and the unit tests read it without loading
 * a page. router.tsx declares it as the router's static data.
 */

/**
 * The feature folder (src/features/<owner>) that builds a route's page. The last four have no folder
 * yet: their pages arrive with a later release and show their title and say so (ui/ComingSoon).
 */
export const ROUTE_OWNERS = [
  'site',
  'content',
  'sports',
  'bets',
  'account',
  'auth',
  'messages',
  'wallet',
  'withdraw',
  'games',
  'casino',
  'kyc',
  'support',
  'responsibleGaming',
  'video',
  'promo',
  'campaigns',
  'partner',
  'dev',
] as const;

export type RouteOwner = (typeof ROUTE_OWNERS)[number];

export interface RouteStatic {
  name: string;
  path: string;
  owner: RouteOwner | 'redirect';
  loginRequired?: boolean;
  hiddenUnderPagcor?: boolean;
  homeTab?: boolean;
}

/**
 * A route's metadata, as the guards, the shell, the server's build step and the tests read it
 * (table.gen.ts, generated from the declarations in routes/owners/<owner>.ts): pure data.
 */
export interface RouteDef {
  /** TanStack Router path: `$param` is required, `{-$param}` optional. */
  readonly path: string;
  readonly name: string;
  readonly owner: RouteOwner;
  /** An anonymous visitor is sent home with the login dialog open. */
  readonly loginRequired?: boolean;
  /** Redirects to / while the regulator-compliant (PAGCOR) version is active. */
  readonly hiddenUnderPagcor?: boolean;
  /** Not registered at all in production builds. */
  readonly nonProductionOnly?: boolean;
  /** Shown inside the home layout (header, tabs, bottom navigation). */
  readonly homeTab?: boolean;
  /** Child paths (relative), e.g. the live match tabs. The first child is where the parent lands. */
  readonly children?: readonly RouteChildDef[];
  /** The module of its page from the project's root ('' for a page the shell holds); none: a later release's (ComingSoon). */
  readonly page?: string;
  /** Its declaration has a `load`: its owner's chunk (routes/prefetch/<owner>.ts) starts its page's data. */
  readonly data?: boolean;
}

export interface RouteChildDef {
  readonly path: string;
  readonly name: string;
  readonly loginRequired?: boolean;
}

/** What a route's loader gets beside its search. */
export interface RouteLoadContext {
  params: Record<string, string>;
  preload: boolean;
}
