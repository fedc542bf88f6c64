import { useQueryClient } from '@tanstack/react-query';
import { balanceQuery } from '../../api/queries';
import { MoneyCall } from '../../contract/money';
import { useUserPush } from '../../realtime/hooks';

/**
 * While a withdrawal page is open, every push on `/user/queue/balance` (a payout settled, failed or was
 * reversed; money came in) asks again for what the page shows: the order's status and what can be withdrawn.
 */
export function useMoneyPushes(): void {
  const queryClient = useQueryClient();
  useUserPush('balance', () => {
    void queryClient.invalidateQueries({ queryKey: ['main', MoneyCall.queryWithdrawalStatus] });
    void queryClient.invalidateQueries({ queryKey: ['main', MoneyCall.withdrawSwitch] });
    void queryClient.invalidateQueries({ queryKey: balanceQuery.queryKey });
  });
}
