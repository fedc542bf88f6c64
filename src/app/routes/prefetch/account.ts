import { queryClient } from '../../../api/instance';
import { accountQuery, addressesQuery, headImagesQuery, userInfoQuery } from '../../../features/account/api';
import { session } from '../../../stores/session';
import { routeData } from '../route';
import { ACCOUNT_ROUTES } from '../owners/account';

/**
 * What the loaders of features/account's routes use (routes/owners/account.ts): its own chunk, loaded with
 * the first of its routes to start data and preloaded by the server with the page.
 */
const kit = { queryClient, session, userInfoQuery, addressesQuery, headImagesQuery, accountQuery };

export type Kit = typeof kit;

export const ROUTE_DATA = routeData(ACCOUNT_ROUTES, kit);
