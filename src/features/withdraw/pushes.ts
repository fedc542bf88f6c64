import { useQueryClient } from '@tanstack/react-query';
import * as Comlink from 'comlink';
import { useEffect } from 'react';
import { MoneyCall } from '../../contract/money';
import { realtime } from '../../realtime/client';

/**
 * While a withdrawal page is open, every push on `/user/queue/balance` (a payout settled, failed or was
 * reversed; money came in) asks again for what the page shows: the order's status and what can be withdrawn.
 */
export function useMoneyPushes(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const api = realtime();
    if (!api) return;
    const onBalance = () => {
      void queryClient.invalidateQueries({ queryKey: ['main', MoneyCall.queryWithdrawalStatus] });
      void queryClient.invalidateQueries({ queryKey: ['main', MoneyCall.withdrawSwitch] });
      void queryClient.invalidateQueries({ queryKey: ['main', 'customer/getBalanceV3'] });
    };
    let id: number | undefined;
    let cancelled = false;
    void api.watchUser('balance', Comlink.proxy(onBalance)).then((subscription) => {
      if (cancelled) void api.unwatch(subscription);
      else id = subscription;
    });
    return () => {
      cancelled = true;
      if (id !== undefined) void api.unwatch(id);
    };
  }, [queryClient]);
}
