import * as Comlink from 'comlink';
import { useEffect, useRef } from 'react';
import { realtime } from '../../realtime/client';

/**
 * Calls `onBalance` each time the server tells this player their balance moved (`/user/queue/balance`
 * over the shared worker's one socket): a deposit credited, a withdrawal held or returned.
 */
export function useBalancePush(onBalance: () => void, enabled = true): void {
  const latest = useRef(onBalance);
  useEffect(() => {
    latest.current = onBalance;
  });
  useEffect(() => {
    if (!enabled) return;
    const api = realtime();
    if (!api) return;
    let id: number | undefined;
    let cancelled = false;
    void api
      .watchUser(
        'balance',
        Comlink.proxy(() => latest.current()),
      )
      .then((subscription) => {
        if (cancelled) void api.unwatch(subscription);
        else id = subscription;
      });
    return () => {
      cancelled = true;
      if (id !== undefined) void api.unwatch(id);
    };
  }, [enabled]);
}
