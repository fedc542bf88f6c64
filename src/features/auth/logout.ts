import { clearKyc } from '../../stores/kyc';
import { clearPay } from '../../stores/pay';
import { resetToken, runLogoutCleanups } from '../../stores/session';
import { queryClient } from '../../api/instance';
import { ensureVisitorToken } from './entryLogin';

/**
 * Logout clean-up of spec §4: clears user info, balance, bank accounts, likes and history (all server
 * data in the query cache) and what other domains registered (the bet slip, src/app), then fetches a
 * fresh visitor token. The server side (logoutV2) is called by the account release before this.
 */
export function logoutLocally(): void {
  resetToken();
  clearPay();
  clearKyc();
  runLogoutCleanups();
  queryClient.clear();
  void ensureVisitorToken();
}
