import type { SearchSchema } from '../../lib/search';
import type { RouteDef, RouteLoadContext, RouteOwner } from './meta';
import { ROUTES, type RouteName } from './table';

/**
 * The data a route's page will ask for, started by the route's loader (router.tsx) with the route, so the
 * requests run while the page's chunk downloads and its strings arrive, on the first page of a visit as
 * on any other (issue 31: a page opened from a link waited for the page to settle before, ~3 s). It never
 * waits: the page shows its own skeleton and errors, and its query finds the request under way.
 *
 * A route declares its data beside its path (`load` in routes/owners/<owner>.ts); the queries it starts
 * are its owner's chunk (routes/prefetch/<owner>.ts, the owner's kit: next to nothing beside the page's
 * own queries, which its page chunk holds too; loaded by routes/prefetch/index.ts), so a page opened
 * directly downloads only its own; the server preloads it with the page's chunk
 * (scripts/vite-first-paint.ts, which reads ROUTES_WITH_DATA: pure, no import at run time). A route
 * without (/foryou) loads none.
 *  - `search`: the search schema the prefetch reads (the route's own, which the router validates with);
 *  - `prefetch`: starts the page's queries (and on hover, when the router preloads: a prefetch that
 *    must not run then, reading a message marks it read, checks `preload`).
 */
export interface RouteData {
  search?: SearchSchema;
  prefetch: (search: Record<string, unknown>, route: RouteLoadContext) => void;
}

export type RoutesData = Partial<Record<RouteName, RouteData>>;

/** The routes whose pages have data to start (a `load` in their declaration), by the feature that owns them. */
export const ROUTES_WITH_DATA: Partial<Record<RouteOwner, readonly RouteName[]>> = {};
for (const route of ROUTES as readonly RouteDef[]) {
  if (route.data) ROUTES_WITH_DATA[route.owner] = [...(ROUTES_WITH_DATA[route.owner] ?? []), route.name as RouteName];
}
