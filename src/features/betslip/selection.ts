import type { BetOrder } from '../../contract/betOrder';
import type { MarketStatus } from '../../contract/sports';
import { type Problem, modeAfterPick, pickProblem } from './rules';
import { quickStake } from '../../stores/quickStake';
import { betSlip, removeOrders } from './store';

export type PickResult = { kind: 'added' } | { kind: 'removed' } | { kind: 'refused'; problem: Problem };

/**
 * Tapping a price (spec §5): a price already on the slip comes off; a closed, suspended or price-less
 * market is refused with 'Market {status}', as is a 21st parlay match or an 11th ending-game option;
 * any other goes on, in the mode its kind needs, with the player's quick stake.
 */
export function togglePick(order: BetOrder, status: MarketStatus, price: number): PickResult {
  if (betSlip.orders.some((o) => o.uid === order.uid)) {
    removeOrders([order.uid]);
    return { kind: 'removed' };
  }
  const mode = modeAfterPick(betSlip.mode, order);
  const problem = pickProblem(betSlip.orders, mode, { status, price, matchId: order.matchId });
  if (problem) return { kind: 'refused', problem };
  betSlip.mode = mode;
  betSlip.orders = [...betSlip.orders, order];
  const stake = quickStake();
  if (stake > 0 && mode !== 'parlay' && mode !== 'endingGame') betSlip.stakes = { ...betSlip.stakes, [order.uid]: stake };
  return { kind: 'added' };
}
