import { useQueryClient } from '@tanstack/react-query';
import * as Comlink from 'comlink';
import { useEffect } from 'react';
import { realtime } from '../../realtime/client';

/**
 * While My Bets, a bet's details or the home header (with the balance) are open, the player's own
 * `/user/queue/bets` and `/user/queue/balance` (over the shared worker's one socket) refresh what they
 * show the moment a bet is accepted, rejected or settled.
 */
export function useBetPushes(enabled = true): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const api = realtime();
    if (!api) return;
    const onBets = () => {
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[1] === 'transactionRecord/queryBetList' });
      void queryClient.invalidateQueries({ queryKey: ['tp', 'saba/queryTicketByTransId'] });
    };
    const onBalance = () => void queryClient.invalidateQueries({ queryKey: ['main', 'customer/getBalanceV3'] });
    const ids: number[] = [];
    let cancelled = false;
    void Promise.all([api.watchUser('bets', Comlink.proxy(onBets)), api.watchUser('balance', Comlink.proxy(onBalance))]).then(
      (subscriptions) => {
        if (cancelled) for (const id of subscriptions) void api.unwatch(id);
        else ids.push(...subscriptions);
      },
    );
    return () => {
      cancelled = true;
      for (const id of ids) void api.unwatch(id);
    };
  }, [queryClient, enabled]);
}
