import type { PromotionsService } from '../promotions';
import type { CasinoBonus } from './seamless';

/**
 * The casino's side of the bonus wallet (issue 35), through app.promotions: a round's stake paid cash
 * first, then casino bonus grants (a bonus's max bet refused in the stake's transaction), and when the
 * round's result arrives the grants' share of the win and the stake counted toward wagering, weighted by
 * game → category → product.
 */
export function casinoBonus(promotions: PromotionsService): CasinoBonus {
  return {
    async stake(tx, bet) {
      const [word] = await promotions.placementFunding(tx, [{ customerId: bet.customerId, stake: bet.stake, vertical: 'casino' }]);
      if (!word) return undefined;
      if ('refusal' in word) return { refusal: word.refusal.message };
      return {
        fromBonus: word.fromBonus,
        record: (tx2) => promotions.recordStake(tx2, bet.customerId, bet.reference, bet.stake, word.parts),
      };
    },
    settled: (tx, round) =>
      promotions.settled(tx, {
        customerId: round.customerId,
        reference: round.reference,
        stake: round.stake,
        payout: round.payout,
        counts: round.counts,
        placedAt: round.placedAt,
        on: { product: 'casino', category: round.category, game: round.game },
        vertical: 'casino',
      }),
  };
}
