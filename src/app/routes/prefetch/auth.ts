import { queryClient } from '../../../api/instance';
import { securityInfoQuery } from '../../../features/auth/securityApi';
import { session } from '../../../stores/session';
import { routeData } from '../route';
import { AUTH_ROUTES } from '../owners/auth';

/**
 * What the loaders of features/auth's routes use (routes/owners/auth.ts): its own chunk, loaded with
 * the first of its routes to start data and preloaded by the server with the page.
 */
const kit = { queryClient, session, securityInfoQuery };

export type Kit = typeof kit;

export const ROUTE_DATA = routeData(AUTH_ROUTES, kit);
