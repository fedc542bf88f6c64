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
  'promo',
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
