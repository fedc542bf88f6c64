import { useEffect, useMemo } from 'react';
import { acceptsPriceChange } from '../../contract/acceptance';
import { type BetMode, type SelectionDetail, type SelectionQuery, selectionKey } from '../../contract/betting';
import type { BetOrder } from '../../contract/betOrder';
import { useOrderDetails } from '../../realtime/hooks';
import { preferences } from '../../stores/preferences';
import { betSlip } from './store';

const queryOf = (order: BetOrder): SelectionQuery =>
  order.outrightOddsId
    ? { marketId: order.marketId, key: order.key, outrightOddsId: order.outrightOddsId, ...(order.teamId ? { teamId: order.teamId } : {}) }
    : { marketId: order.marketId, key: order.key };

/** Applies fresh selection details to the slip: statuses and limits at once, prices as the player allows. */
export function applyDetails(details: ReadonlyMap<string, SelectionDetail>): void {
  let changed = false;
  const changes = { ...betSlip.changes };
  const orders = betSlip.orders.map((order) => {
    const detail = details.get(selectionKey(queryOf(order)));
    if (!detail) return order;
    const status = detail.found ? detail.status : 'Closed';
    let next = order;
    if (status !== order.marketStatus || detail.minBet !== order.minBet || detail.maxBet !== order.maxBet) {
      next = { ...next, marketStatus: status, minBet: detail.minBet, maxBet: detail.maxBet };
    }
    const samePoint = detail.point === order.point;
    if (detail.found && detail.price > 1 && (detail.price !== order.odds || !samePoint)) {
      if (acceptsPriceChange({ price: order.odds, point: order.point }, detail, preferences.acceptOddsChange)) {
        next = { ...next, odds: detail.price, point: detail.point };
        delete changes[order.uid];
      } else {
        changes[order.uid] = { odds: detail.price, point: detail.point };
      }
    } else if (changes[order.uid] && detail.price === order.odds && samePoint) {
      delete changes[order.uid];
    }
    if (next !== order) changed = true;
    return next;
  });
  if (changed) betSlip.orders = orders;
  if (JSON.stringify(changes) !== JSON.stringify(betSlip.changes)) betSlip.changes = changes;
}

/**
 * Keeps the slip's orders current while it is open: the realtime worker asks querySelectionDetailV2 for
 * them every 3 s (1 s for a single bet), once for every tab, and this applies what it answers.
 */
export function useOrderRefresh(orders: readonly BetOrder[], mode: BetMode): void {
  const ids = orders.map((o) => o.uid).join('|');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the orders' identity is their uids
  const queries = useMemo(() => orders.map(queryOf), [ids]);
  const single = mode !== 'parlay' && orders.length === 1;
  const details = useOrderDetails(queries, single);
  useEffect(() => applyDetails(details), [details]);
}
