import type { DepositOutcome, PayoutStatus } from '../../../src/contract/payments';

/**
 * What our side does with a verified event, as pure rules. The consumer also skips an eventId it has
 * seen; these rules make the result right even for distinct events that arrive late or out of order.
 */

export type DepositOrderState = 'pending' | DepositOutcome;

/**
 * A deposit order after an event. `paid` never changes again and credits exactly once. A payment that
 * arrives after the order was closed (expired, cancelled) is still credited: the player's money left
 * their wallet. A failed attempt that is not final (PayMongo) leaves the order pending.
 */
export function depositAfter(
  state: DepositOrderState,
  event: { outcome: DepositOutcome; final: boolean },
): { state: DepositOrderState; credit: boolean } {
  if (state === 'paid') return { state, credit: false };
  if (event.outcome === 'paid') return { state: 'paid', credit: true };
  if (state !== 'pending' || !event.final) return { state, credit: false };
  return { state: event.outcome, credit: false };
}

/**
 * A withdrawal's payout after an event. The held amount returns to the player exactly once: on a failure,
 * or on a reversal (even one that arrives before the success it reverses; the late success then changes
 * nothing).
 */
export function payoutAfter(state: PayoutStatus, status: PayoutStatus): { state: PayoutStatus; giveBack: boolean } {
  const open = state === 'accepted' || state === 'pending';
  if (status === 'reversed' && (open || state === 'succeeded')) return { state: 'reversed', giveBack: true };
  if (status === 'failed' && open) return { state: 'failed', giveBack: true };
  if (status === 'succeeded' && open) return { state: 'succeeded', giveBack: false };
  if (status === 'pending' && state === 'accepted') return { state: 'pending', giveBack: false };
  return { state, giveBack: false };
}
