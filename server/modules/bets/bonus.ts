import type { PromotionsService } from '../promotions';
import type { TicketMoneyHooks } from './tasks';
import type { PlacementFunding } from './writer';

/**
 * The sportsbook's side of the bonus wallet (issue 35), through app.promotions: a stake paid cash first,
 * then bonus grants (and a bonus's max bet refused in the placement transaction), and at settlement the
 * grants' share of the payout and the stake counted toward wagering.
 */

/** A ticket's reference in the bonus wallet (as its ledger transactions are referenced). */
export const betReference = (transId: string) => `bet:${transId}`;

/** Statuses whose stake was played: they count toward wagering (void, rejected and cashed-out ones do not). */
const PLAYED = new Set(['won', 'lost', 'halfWon', 'halfLost']);

export function bonusFunding(promotions: PromotionsService): PlacementFunding {
  return async (tx, bets) => {
    const decided = await promotions.placementFunding(
      tx,
      // Only the main wallet is the player's cash (a Saba-wallet bet is the game wallet's own money).
      bets.map((bet) => ({
        customerId: bet.customerId,
        stake: bet.ticket.wallet === 'main' ? bet.ticket.stake : 0,
        vertical: 'sports' as const,
        freeBetId: bet.ticket.freeBetId,
        potentialReturn: bet.ticket.potentialReturn,
      })),
    );
    return decided.map((word, i) => {
      if (word && 'refusal' in word) return word.refusal;
      if (!word || bets[i]!.ticket.wallet !== 'main') return undefined;
      const { fromBonus, parts, freeBetId } = word;
      return {
        fromBonus,
        record: (tx, row) => promotions.recordStake(tx, row.customerId, betReference(row.transId), row.stake, parts, freeBetId),
      };
    });
  };
}

export function bonusMoney(promotions: PromotionsService): TicketMoneyHooks {
  return {
    settled: (tx, ticket, payout) =>
      promotions.settled(tx, {
        customerId: ticket.customerId,
        reference: betReference(ticket.transId),
        stake: ticket.stake,
        payout,
        counts: ticket.wallet === 'main' && PLAYED.has(ticket.status),
        placedAt: ticket.createdAt,
        on: { product: 'sports', category: ticket.mode },
        vertical: 'sports',
        voided: ticket.status === 'void' || ticket.status === 'reject',
      }),
  };
}
