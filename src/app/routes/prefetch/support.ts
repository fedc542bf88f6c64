import { queryClient } from '../../../api/instance';
import { chatQuery } from '../../../features/support/api';
import { routeData } from '../route';
import { SUPPORT_ROUTES } from '../owners/support';

/**
 * What the loaders of features/support's routes use (routes/owners/support.ts): its own chunk, loaded with
 * the first of its routes to start data and preloaded by the server with the page.
 */
const kit = { queryClient, chatQuery };

export type Kit = typeof kit;

export const ROUTE_DATA = routeData(SUPPORT_ROUTES, kit);
