import { queryClient } from '../../../api/instance';
import { gameListQuery } from '../../../features/games/queries';
import { routeData } from '../route';
import { GAMES_ROUTES } from '../owners/games';

/**
 * What the loaders of features/games's routes use (routes/owners/games.ts): its own chunk, loaded with
 * the first of its routes to start data and preloaded by the server with the page.
 */
const kit = { queryClient, gameListQuery };

export type Kit = typeof kit;

export const ROUTE_DATA = routeData(GAMES_ROUTES, kit);
