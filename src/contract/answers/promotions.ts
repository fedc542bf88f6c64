import * as z from 'zod/mini';
import { BONUS_VERTICALS, OFFER_KINDS, OFFER_TAGS } from '../promotions';
import { centavos, isoTime } from './common';

const offer = z.strictObject({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  kind: z.enum(OFFER_KINDS),
  vertical: z.enum(BONUS_VERTICALS),
  /** Every material term, in plain words. */
  terms: z.array(z.string()),
  maxBet: centavos,
  maxWin: centavos,
  multiple: z.int(),
  /** The pages that feature it besides /promo (bingo, agency). */
  tags: z.array(z.enum(OFFER_TAGS)),
  /** What taking it now would grant (0 when not eligible). */
  bonus: centavos,
  /** null when it can be taken now; otherwise why not, in plain words. */
  refusal: z.nullable(z.string()),
});

/** promotion/offers: what the catalogue offers, with every material term (no player's figures). */
export const publicOffersAnswer = z.strictObject({ offers: z.array(z.omit(offer, { bonus: true, refusal: true })) });
export type PublicOffersAnswer = z.infer<typeof publicOffersAnswer>;

export const grantAnswer = z.strictObject({
  grantId: z.int(),
  offerId: z.string(),
  title: z.string(),
  vertical: z.enum(BONUS_VERTICALS),
  status: z.enum(['active', 'converted', 'forfeited']),
  amount: centavos,
  balance: centavos,
  wagered: centavos,
  required: centavos,
  maxBet: centavos,
  maxWin: centavos,
  expiresAt: isoTime,
  endReason: z.nullable(z.string()),
  converted: centavos,
  forfeited: centavos,
});

/** A free bet offer as shown before it is taken (refusal: why it cannot be taken now). */
export const freeBetOfferAnswer = z.strictObject({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  amount: centavos,
  terms: z.array(z.string()),
  refusal: z.nullable(z.string()),
});

/** A free bet token the player holds. */
export const freeBetAnswer = z.strictObject({
  freeBetId: z.int(),
  title: z.string(),
  amount: centavos,
  /** The lowest decimal odds it can be placed at. */
  minOdds: z.number(),
  status: z.enum(['active', 'used', 'settled', 'expired']),
  expiresAt: isoTime,
  won: centavos,
});
export type FreeBetAnswer = z.infer<typeof freeBetAnswer>;

/** promotion/list: cash and bonus apart, the offers the player can see and the grants and free bets they hold. */
export const promotionListAnswer = z.strictObject({
  cash: centavos,
  bonus: centavos,
  offers: z.array(offer),
  grants: z.array(grantAnswer),
  freeBetOffers: z.array(freeBetOfferAnswer),
  freeBets: z.array(freeBetAnswer),
});

export const leaveAnswer = z.strictObject({ grantId: z.int(), forfeited: centavos, cash: centavos });

/** promotion/withdrawalForfeit: what a withdrawal now would forfeit. */
export const withdrawalForfeitAnswer = z.strictObject({
  forfeit: centavos,
  grants: z.array(z.strictObject({ grantId: z.int(), title: z.string(), balance: centavos })),
});

export type PromotionListAnswer = z.infer<typeof promotionListAnswer>;

/** activity/dailyRebates: the player's recent rebates. */
export const rebatesAnswer = z.strictObject({
  list: z.array(
    z.strictObject({
      day: z.string(),
      vertical: z.enum(BONUS_VERTICALS),
      turnover: centavos,
      percent: z.number(),
      amount: centavos,
      status: z.enum(['available', 'claimed', 'expired']),
      expiresAt: isoTime,
    }),
  ),
});
export type RebatesAnswer = z.infer<typeof rebatesAnswer>;

/** coupon/claimRebates, activity/claim-dailyrebates: what was paid to cash. */
export const claimRebatesAnswer = z.strictObject({ amount: centavos });

/** One coupon as the player sees it: its terms in plain words and where it stands for them. */
export const couponAnswer = z.strictObject({
  name: z.string(),
  title: z.string(),
  summary: z.string(),
  vertical: z.enum(BONUS_VERTICALS),
  amount: centavos,
  terms: z.array(z.string()),
  endsAt: isoTime,
  /** available: can be received now; received: this player has it; not yet / ended / gone: cannot be received. */
  status: z.enum(['available', 'received', 'notYet', 'ended', 'soldOut']),
  left: z.int(),
});
export type CouponAnswer = z.infer<typeof couponAnswer>;

/** coupon/list: the coupons of the page asked for. */
export const couponListAnswer = z.strictObject({ list: z.array(couponAnswer), total: z.int(), pageNum: z.int(), pageSize: z.int() });

/** coupon/receiveCouponVoucher: the grant made and the words the page shows after the spec's 2 s. */
export const receiveCouponAnswer = z.strictObject({ grantId: z.int(), amount: centavos, message: z.string() });

/** checkIn/status: today's Manila day, whether the player checked in, the streak and its reward. */
export const checkInStatusAnswer = z.strictObject({
  day: z.string(),
  checkedToday: z.boolean(),
  streak: z.int(),
  days: z.int(),
  reward: centavos,
});
export type CheckInStatusAnswer = z.infer<typeof checkInStatusAnswer>;

/** checkIn/sign: the day checked in, the streak it made, the free bet it earned (null on other days). */
export const checkInAnswer = z.strictObject({ day: z.string(), streak: z.int(), freeBetId: z.nullable(z.int()) });
