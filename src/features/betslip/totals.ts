import {
  type BetMode,
  availableCombos,
  betReturn,
  normalizeStake,
  oddsHundredths,
  parlayPotentialReturn,
  parlayTotalStake,
} from '../../contract/betting';
import type { BetOrder } from '../../contract/betOrder';

/** The stakes the slip holds, in whole pesos. */
export interface SlipStakes {
  mode: BetMode;
  stakes: Readonly<Record<string, number>>;
  comboStakes: Readonly<Record<string, number>>;
  endingGameStake: number;
  /** Singles paid by a free bet: none of their stake is the player's, and a win returns the winnings only. */
  freeBetOf?: Readonly<Record<string, unknown>>;
}

/** What a running leg at these odds returns on a stake, in centavos. */
const returnOn = (pesos: number, odds: number) =>
  betReturn(normalizeStake(pesos) * 100, [{ oddsH: oddsHundredths(odds), outcome: 'running' }]);

/**
 * The slip's total stake and potential return in centavos (spec §4): a parlay's combos over its legs,
 * one stake on each ending-game option, or each order's own stake.
 */
export function slipTotals(slip: SlipStakes, orders: readonly BetOrder[]): { stake: number; toReturn: number } {
  if (slip.mode === 'parlay') {
    const combos = availableCombos(orders.length).map((c) => ({
      size: c.size,
      stakeCentavos: normalizeStake(slip.comboStakes[c.comboType] ?? 0) * 100,
    }));
    const legOdds = orders.map((o) => oddsHundredths(o.odds));
    return { stake: parlayTotalStake(orders.length, combos), toReturn: parlayPotentialReturn(legOdds, combos) };
  }
  if (slip.mode === 'endingGame') {
    return {
      stake: orders.length * normalizeStake(slip.endingGameStake) * 100,
      toReturn: orders.reduce((sum, o) => sum + returnOn(slip.endingGameStake, o.odds), 0),
    };
  }
  const free = (o: BetOrder) => slip.mode === 'single' && slip.freeBetOf?.[o.uid] !== undefined;
  return {
    stake: orders.reduce((sum, o) => sum + (free(o) ? 0 : normalizeStake(slip.stakes[o.uid] ?? 0) * 100), 0),
    toReturn: orders.reduce(
      (sum, o) =>
        sum +
        (free(o)
          ? Math.max(returnOn(slip.stakes[o.uid] ?? 0, o.odds) - normalizeStake(slip.stakes[o.uid] ?? 0) * 100, 0)
          : returnOn(slip.stakes[o.uid] ?? 0, o.odds)),
      0,
    ),
  };
}

/**
 * The combos a parlay slip offers. The combo of every leg (Trebles on three legs…) is the parlay most
 * players mean: it sits with the totals, and quick stakes go to it unless the player is typing another
 * combo's stake; the others are listed in the slip.
 */
export function parlayCombos(mode: BetMode, legs: number) {
  const all = mode === 'parlay' ? availableCombos(legs) : [];
  const fullFold = all.find((c) => c.size === legs);
  return { all, fullFold, others: all.filter((c) => c !== fullFold) };
}
