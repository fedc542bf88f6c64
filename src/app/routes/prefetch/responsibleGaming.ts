import { queryClient } from '../../../api/instance';
import { rgStatusQuery } from '../../../features/responsibleGaming/api';
import { isLoggedIn, session } from '../../../stores/session';
import { routeData } from '../route';
import { RESPONSIBLE_GAMING_ROUTES } from '../owners/responsibleGaming';

/**
 * What the loaders of features/responsibleGaming's routes use (routes/owners/responsibleGaming.ts): its own chunk, loaded with
 * the first of its routes to start data and preloaded by the server with the page.
 */
const kit = { queryClient, rgStatusQuery, isLoggedIn, session };

export type Kit = typeof kit;

export const ROUTE_DATA = routeData(RESPONSIBLE_GAMING_ROUTES, kit);
