import type { SearchSchema } from '../../lib/search';
import { ROUTE_DECLARATIONS } from './declarations';
import type { RouteName } from './table';

export { recordRouteSearch } from './owners/wallet';

/**
 * The search schema of each route's query (lib/search.ts, a hand parse) (the router's validateSearch),
 * as its declaration names it (routes/owners/<owner>.ts): the page receives the result as props and
 * parses nothing by hand. Light (the features' search files only), so it is part of the shell.
 */
export const ROUTE_SEARCH: Partial<Record<RouteName, SearchSchema>> = Object.fromEntries(
  ROUTE_DECLARATIONS.flatMap((route) => (route.search ? [[route.name, route.search]] : [])),
);
