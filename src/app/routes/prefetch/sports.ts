import { queryClient } from '../../../api/instance';
import { outrightsQuery, sportSwitchQuery } from '../../../features/sports/api';
import { routeData } from '../route';
import { SPORTS_ROUTES } from '../owners/sports';

/**
 * What the loaders of features/sports's routes use (routes/owners/sports.ts): its own chunk, loaded with
 * the first of its routes to start data and preloaded by the server with the page.
 */
const kit = { queryClient, outrightsQuery, sportSwitchQuery };

export type Kit = typeof kit;

export const ROUTE_DATA = routeData(SPORTS_ROUTES, kit);
