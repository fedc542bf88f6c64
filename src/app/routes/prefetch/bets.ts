import { queryClient } from '../../../api/instance';
import { betListQuery, ticketQuery } from '../../../features/bets/api';
import { routeData } from '../route';
import { BETS_ROUTES } from '../owners/bets';

/**
 * What the loaders of features/bets's routes use (routes/owners/bets.ts): its own chunk, loaded with
 * the first of its routes to start data and preloaded by the server with the page.
 */
const kit = { queryClient, betListQuery, ticketQuery };

export type Kit = typeof kit;

export const ROUTE_DATA = routeData(BETS_ROUTES, kit);
