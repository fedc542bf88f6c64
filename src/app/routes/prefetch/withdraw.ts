import { queryClient } from '../../../api/instance';
import { accountsQuery, withdrawBanksQuery, withdrawSwitchQuery, withdrawalQuery } from '../../../features/withdraw/api';
import { ACCOUNT_TYPE_OF } from '../../../features/withdraw/rules';
import { routeData } from '../route';
import { WITHDRAW_ROUTES } from '../owners/withdraw';

/**
 * What the loaders of features/withdraw's routes use (routes/owners/withdraw.ts): its own chunk, loaded with
 * the first of its routes to start data and preloaded by the server with the page.
 */
const kit = {
  queryClient,
  accountsQuery,
  withdrawBanksQuery,
  withdrawSwitchQuery,
  withdrawalQuery,
  ACCOUNT_TYPE_OF,
  /** The withdrawal password's pages, where a withdraw page sends a player who has none yet. */
  passwordPages: () => import('../../../features/withdraw/PasswordPages'),
};

export type Kit = typeof kit;

export const ROUTE_DATA = routeData(WITHDRAW_ROUTES, kit);
