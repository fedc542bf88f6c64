import type { RouteOwner } from '../meta';
import type { RouteName } from '../table';
import { type RouteData, type RoutesData, ROUTES_WITH_DATA } from '../data';

type Prefetches = () => Promise<{ ROUTE_DATA: RoutesData }>;

/** Each owner's chunk of prefetches (../data.ts says which routes have one). */
export const PREFETCH_MODULES: Partial<Record<RouteOwner, Prefetches>> = {
  account: () => import('./account'),
  auth: () => import('./auth'),
  bets: () => import('./bets'),
  casino: () => import('./casino'),
  content: () => import('./content'),
  games: () => import('./games'),
  messages: () => import('./messages'),
  responsibleGaming: () => import('./responsibleGaming'),
  sports: () => import('./sports'),
  support: () => import('./support'),
  wallet: () => import('./wallet'),
  withdraw: () => import('./withdraw'),
};

/** The data of a route (its owner's chunk, loaded once), or nothing for a route that has none. */
export async function routeDataFor(route: { name: string; owner: string }): Promise<RouteData | undefined> {
  const owner = route.owner as RouteOwner;
  const load = PREFETCH_MODULES[owner];
  if (!load || !ROUTES_WITH_DATA[owner]?.includes(route.name as RouteName)) return undefined;
  const { ROUTE_DATA } = await load();
  return ROUTE_DATA[route.name as RouteName];
}
