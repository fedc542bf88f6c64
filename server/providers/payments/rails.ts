import { MANILA_OFFSET_MS } from '../../../src/contract/constants';
import { INSTAPAY_MAX_CENTAVOS, PESONET_MAX_CENTAVOS, type PaymentChannel, type PayoutRail } from '../../../src/contract/payments';

/** When interbank money moves: InstaPay within minutes, 24/7; PESONet at its next clearing cycle. */

/** How long an InstaPay transfer takes in the simulator. */
export const INSTAPAY_SETTLE_MS = 2 * 60_000;
/** PESONet clearing cycles, hours of Manila time (UTC+8, no daylight saving), on banking days. */
export const PESONET_CYCLES = [10, 13, 16];

/** The rail a payout takes, or undefined when no rail carries that amount to that channel. */
export function railFor(channel: PaymentChannel, amount: number): PayoutRail | undefined {
  if (amount <= INSTAPAY_MAX_CENTAVOS) return 'instapay';
  // E-wallets receive through InstaPay only; a larger withdrawal is split by our side.
  return channel === 'bank' && amount <= PESONET_MAX_CENTAVOS ? 'pesonet' : undefined;
}

/**
 * The first PESONet cycle after `now`: Monday to Friday at 10:00, 13:00 or 16:00 Manila time. Bank
 * holidays are not modelled: the simulator settles on them as on any weekday.
 */
export function nextPesonetCycle(now: number): number {
  const manila = new Date(now + MANILA_OFFSET_MS);
  for (let day = 0; day < 8; day++) {
    const date = new Date(Date.UTC(manila.getUTCFullYear(), manila.getUTCMonth(), manila.getUTCDate() + day));
    const weekday = date.getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    for (const hour of PESONET_CYCLES) {
      const cycle = date.getTime() + hour * 3_600_000 - MANILA_OFFSET_MS;
      if (cycle > now) return cycle;
    }
  }
  throw new Error('unreachable: a weekday comes within a week');
}

export function settlesAt(rail: PayoutRail, now: number): number {
  return rail === 'instapay' ? now + INSTAPAY_SETTLE_MS : nextPesonetCycle(now);
}
