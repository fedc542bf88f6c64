import type { RouteOwner } from '../meta';
import type { RouteName } from '../table';
import type { RouteData, RoutesData } from '../data';

type Prefetches = () => Promise<{ ROUTE_DATA: RoutesData }>;

/** Each owner's chunk of prefetches: its kit, which runs the `load` of its routes' declarations (../data.ts says which routes have one). */
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

/** The data of a route (its owner's chunk, loaded once), or nothing for a route whose declaration has no `load`. */
export async function routeDataFor(route: { name: string; owner: string; load?: unknown }): Promise<RouteData | undefined> {
  const owner = route.owner as RouteOwner;
  const load = PREFETCH_MODULES[owner];
  if (!load || !route.load) return undefined;
  const { ROUTE_DATA } = await load();
  return ROUTE_DATA[route.name as RouteName];
}
