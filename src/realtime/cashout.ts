import * as Comlink from 'comlink';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { type BetTicket, comboSize, oddsHundredths } from '../contract/betting';
import type { CashoutTicketWatch, CashoutValue } from '../contract/realtime';
import { watchWorker } from './hooks';

/**
 * Live cash-out values (issue 38) of the open tickets a page shows, from the realtime worker, which
 * prices them again from the price deltas it applies anyway (workers/realtime/cashout.ts): no request
 * per ticket. A new map only when a value changed; null is "Cash out is paused".
 */

/** What the worker needs of a ticket to price its cash-out (undefined: not offered). */
export function cashoutWatchOf(ticket: BetTicket): CashoutTicketWatch | undefined {
  if (ticket.status !== 'running' || !ticket.cashout?.offered) return undefined;
  return {
    transId: ticket.transId,
    stake: ticket.stake,
    marginBp: ticket.cashout.marginBp,
    legs: ticket.legs.map((leg) => ({
      matchId: leg.matchId,
      marketId: leg.marketId,
      key: leg.key,
      point: leg.point,
      oddsH: oddsHundredths(leg.price),
      outcome: leg.outcome,
    })),
    combos: (ticket.combos ?? []).map((combo) => ({ size: comboSize(combo.comboType) ?? ticket.legs.length, stake: combo.stake })),
  };
}

class CashoutMirror {
  private values: ReadonlyMap<string, number | null> = new Map();
  private readonly listeners = new Set<() => void>();

  apply(changed: CashoutValue[]): void {
    const next = new Map(this.values);
    for (const { transId, value } of changed) next.set(transId, value);
    this.values = next;
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get = () => this.values;
}

export function useCashoutValues(tickets: readonly BetTicket[]): ReadonlyMap<string, number | null> {
  const watches = tickets.map(cashoutWatchOf).filter((w): w is CashoutTicketWatch => w !== undefined);
  // A new watch only when what is priced changes (a ticket added, settled, or its stake cut).
  const signature = watches.map((w) => `${w.transId}:${w.stake}:${w.legs.map((l) => l.outcome).join('')}`).join(',');
  const mirror = useMemo(() => new CashoutMirror(), []);
  useEffect(() => {
    if (watches.length === 0) return;
    return watchWorker((api) =>
      api.watchCashout(
        watches,
        Comlink.proxy((values) => mirror.apply(values)),
      ),
    );
  }, [signature, mirror]); // eslint-disable-line react-hooks/exhaustive-deps
  return useSyncExternalStore(mirror.subscribe, mirror.get);
}
