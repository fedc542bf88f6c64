import { BetCode } from '../../../src/contract/betting';
import type { FreeBetGrant } from '../../../src/contract/promotions';
import type { Transaction } from '../../db';
import { HOUSE, houseAccountId, post, walletAccountId } from '../wallet';
import * as repo from './repository';

/**
 * Free bets (issue 35): a token the house pays the stake of, for one sports single at odds of at least its
 * floor. In the placement's transaction (the token locked, so two bets racing for it on two instances use
 * it once) the stake moves from house:bonus into the player's wallet and the ticket takes it as usual;
 * at settlement, whatever the ticket paid back up to the stake goes back to house:bonus: a win keeps the
 * winnings, the stake is not returned ("stake not returned"); a voided or rejected ticket gives the token
 * back. A free bet stake counts toward no bonus's wagering and no rebate.
 */

const DAY_MS = 86_400_000;

export type FreeBetRefusal = { ok: false; code: number; message: string };

const refusal = (message: string): FreeBetRefusal => ({ ok: false, code: BetCode.FreeBetRefused, message });

export const FREE_BET_MESSAGES = {
  unknown: 'This free bet is not yours, or no longer there.',
  used: 'This free bet has already been used.',
  expired: 'This free bet has expired.',
  stake: (amount: string) => `A free bet is placed with its whole amount: a stake of ${amount}.`,
  odds: (odds: string) => `This free bet needs odds of ${odds} or more.`,
  wallet: 'A free bet is placed from your main wallet.',
} as const;

/** Gives a player a token (an offer's, a coupon's or another module's prize), once per source. */
export async function awardFreeBet(
  tx: Transaction,
  customerId: number,
  source: string,
  terms: FreeBetGrant,
  now: Date,
): Promise<repo.FreeBetRow | undefined> {
  return repo.insertFreeBet(tx, {
    customerId,
    source,
    title: terms.title,
    amount: terms.amount,
    minOddsHundredths: terms.minOddsHundredths,
    expiresAt: new Date(now.getTime() + terms.days * DAY_MS),
    createdAt: now,
  });
}

/**
 * In the placement's transaction: checks the token for this bet (the player's, active, unexpired, the
 * stake its amount, the odds at its floor or above) and pays the stake from house:bonus into main.
 * Answers a refusal, or the amount moved.
 */
export async function fundFreeBet(
  tx: Transaction,
  bet: { customerId: number; stake: number; potentialReturn: number; freeBetId: number; main: boolean },
  now: number,
  peso: (centavos: number) => string,
): Promise<FreeBetRefusal | { fromFreeBet: number }> {
  if (!bet.main) return refusal(FREE_BET_MESSAGES.wallet);
  const token = await repo.lockFreeBet(tx, bet.freeBetId);
  if (!token || token.customerId !== bet.customerId) return refusal(FREE_BET_MESSAGES.unknown);
  if (token.status !== 'active') return refusal(FREE_BET_MESSAGES.used);
  if (token.expiresAt.getTime() <= now) return refusal(FREE_BET_MESSAGES.expired);
  if (bet.stake !== token.amount) return refusal(FREE_BET_MESSAGES.stake(peso(token.amount)));
  // Decimal odds × 100 = potential return × 100 / stake, compared without rounding.
  if (bet.potentialReturn * 100 < bet.stake * token.minOddsHundredths) {
    return refusal(FREE_BET_MESSAGES.odds((token.minOddsHundredths / 100).toFixed(2)));
  }
  await post(tx, {
    kind: 'free_bet_stake',
    customerId: bet.customerId,
    reference: `free-bet:${token.id}`,
    entries: [
      { accountId: await houseAccountId(tx, HOUSE.bonus), amount: -token.amount },
      { accountId: await walletAccountId(tx, bet.customerId, 'main'), amount: token.amount },
    ],
  });
  return { fromFreeBet: token.amount };
}

/** Once the ticket is written: the token is used by it. */
export async function recordFreeBet(tx: Transaction, freeBetId: number, reference: string, now: Date): Promise<void> {
  await repo.useFreeBet(tx, freeBetId, reference, now);
}

/**
 * A ticket's money moved (in that transaction, under the ticket's lock): when it was a free bet, what it
 * paid back up to the stake returns to house:bonus and the token is settled (or, voided, given back).
 * Answers whether the ticket was a free bet.
 */
export async function freeBetSettled(
  tx: Transaction,
  bet: { customerId: number; reference: string; payout: number; voided: boolean },
  now: Date,
): Promise<boolean> {
  const token = await repo.lockFreeBetOf(tx, bet.reference);
  if (!token || token.status !== 'used') return false;
  const back = Math.min(bet.payout, token.amount);
  if (back > 0) {
    await post(tx, {
      kind: 'free_bet_return',
      customerId: bet.customerId,
      reference: `${bet.reference}:free-bet:${token.id}`,
      metadata: { freeBetId: token.id, voided: bet.voided },
      entries: [
        { accountId: await walletAccountId(tx, bet.customerId, 'main'), amount: -back },
        { accountId: await houseAccountId(tx, HOUSE.bonus), amount: back },
      ],
    });
  }
  if (bet.voided) await repo.restoreFreeBet(tx, token.id);
  else await repo.settleFreeBet(tx, token.id, bet.payout - back, now);
  return true;
}
