import { api, queryClient } from '../../api/instance';
import { balanceQuery } from '../../api/queries';
import { BALANCE_POLL } from '../../contract/constants';
import { i18next } from '../../i18n';
import { pay } from '../../stores/pay';
import { showToast } from '../../stores/ui';
import { timers } from '../../lib/timers';

/** The balance query is shared (src/api/queries.ts): the header, the wallet, withdrawals and the slip read one. */
export { balanceQuery, type WalletBalances } from '../../api/queries';

/**
 * Balance refresh (spec §4): type 1 is a direct fetch; type 0 polls until balanceFlag is 1, 2 s apart
 * and at most 8 times, then says 'Account limit has timed out, Please click the button to refresh'.
 */
export async function refreshBalance(type: 0 | 1, wait: (ms: number) => Promise<unknown> = timers.sleep): Promise<boolean> {
  for (let attempt = 1; attempt <= (type === 1 ? 1 : BALANCE_POLL.attempts); attempt++) {
    const answer = await api.call<{ balance: number; balanceFlag: 0 | 1 }>('main', 'customer/refreshBalance', { type });
    pay.balance = answer.balance;
    pay.balanceFlag = answer.balanceFlag;
    if (answer.balanceFlag === 1 || type === 1) {
      void queryClient.invalidateQueries({ queryKey: balanceQuery.queryKey });
      return true;
    }
    if (attempt < BALANCE_POLL.attempts) await wait(BALANCE_POLL.intervalMs);
  }
  showToast('info', i18next.t('wallet.balanceTimedOut'));
  return false;
}
