import { queryClient } from '../../../api/instance';
import { billQuery, orderQuery, payWaysQuery } from '../../../features/wallet/api';
import { balanceQuery } from '../../../features/wallet/balance';
import { rgStatusQuiet } from '../../../features/responsibleGaming/api';
import { isLoggedIn, session } from '../../../stores/session';
import { routeData } from '../route';
import { WALLET_ROUTES } from '../owners/wallet';

/**
 * What the loaders of features/wallet's routes use (routes/owners/wallet.ts): its own chunk, loaded with
 * the first of its routes to start data and preloaded by the server with the page.
 */
const kit = { queryClient, billQuery, orderQuery, payWaysQuery, balanceQuery, rgStatusQuiet, isLoggedIn, session };

export type Kit = typeof kit;

export const ROUTE_DATA = routeData(WALLET_ROUTES, kit);
