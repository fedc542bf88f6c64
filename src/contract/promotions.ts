import * as z from 'zod/mini';

/**
 * Promotions (issue 35): the offer catalogue's terms, the bonus grants a player holds and the calls.
 * An offer's terms are copied into a grant when it is granted; a later edit of the offer changes
 * nothing a player holds. Amounts are whole centavos.
 */

export const PromotionCall = {
  /** Anyone. The offers and every material term, in plain words (a visitor reads them before registering). */
  offers: 'promotion/offers',
  /** Player. What the player can take (with every material term) and what they hold. */
  list: 'promotion/list',
  /** Player, idempotent. Opts into an offer: the grant is made at once from the qualifying deposit. */
  optIn: 'promotion/optIn',
  /** Player, idempotent. Leaves a grant: cash is kept, the bonus and its winnings are forfeited. */
  leave: 'promotion/leave',
  /** Player. What a withdrawal now would forfeit (the grants' balances), asked before withdrawing. */
  withdrawalForfeit: 'promotion/withdrawalForfeit',
  /** Player. The daily rebates (/daily-rebate): each day's turnover per vertical, its rebate and where it stands. */
  rebates: 'activity/dailyRebates',
  /** Player, idempotent. Claims every rebate still claimable (spec §7 names both). */
  claimRebates: 'coupon/claimRebates',
  claimDailyRebates: 'activity/claim-dailyrebates',
  /** Player. The coupons the player can see (spec §9: page 1, size 1000 by default) and which they received. */
  coupons: 'coupon/list',
  /** Anyone. One coupon by its name (/coupon/:name) with every material term, before receiving it. */
  coupon: 'coupon/detail',
  /** Player, idempotent. Receives a coupon: its bonus granted at once, once per player, while coupons last. */
  receiveCoupon: 'coupon/receiveCouponVoucher',
  /** Player. The daily check-in's streak (/checkIn). */
  checkInStatus: 'checkIn/status',
  /** Player. Checks in for today (Manila), once; the streak's last day earns a free bet. */
  checkIn: 'checkIn/sign',
} as const;

/** The daily check-in: a streak of 7 days earns a ₱50 free bet (odds 1.50 or more, 7 days to use it). */
export const CHECK_IN = {
  days: 7,
  reward: { title: 'Check-in streak: ₱50 free bet', amount: 5_000, minOddsHundredths: 150, days: 7 },
} as const;

/** Spec §9: the coupon list's default page. */
export const COUPON_PAGE = { pageNum: 1, pageSize: 1000 } as const;

/** Spec §9: a coupon's result is shown 2 s after it is received (the page says it is being received meanwhile). */
export const COUPON_RESULT_DELAY_MS = 2_000;

/** The UK's ceiling from January 2026: wagering at most 10 times the bonus. */
export const MAX_WAGERING_MULTIPLE = 10;

export const BONUS_VERTICALS = ['sports', 'casino'] as const;
export type BonusVertical = (typeof BONUS_VERTICALS)[number];

export const OFFER_KINDS = ['firstDeposit', 'reload'] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

/**
 * The pages an offer is also featured on, besides /promo: /bingo_promotion and /ldpage/letsbingo show
 * the offers tagged bingo, /agency-benefits those tagged agency. A tag only places an offer; who may take
 * it is decided by its terms alone, as for every offer.
 */
export const OFFER_TAGS = ['bingo', 'agency'] as const;
export type OfferTag = (typeof OFFER_TAGS)[number];

const percent = z.int().check(z.minimum(0), z.maximum(100));
const positiveCentavos = z.int().check(z.positive());
const percentTable = z.record(z.string().check(z.minLength(1), z.maxLength(80)), percent);

/**
 * Contribution of a settled stake to wagering, looked up game → category → product → default; anything
 * unmatched counts `default`, which is 0 unless the offer says otherwise.
 */
export const contributionSchema = z.strictObject({
  game: z.optional(percentTable),
  category: z.optional(percentTable),
  product: z.optional(percentTable),
  default: percent,
});
export type Contribution = z.infer<typeof contributionSchema>;

/** An offer's terms as the operator writes them (the development page /dev/offers validates them). */
export const offerTermsSchema = z.strictObject({
  title: z.string().check(z.minLength(3), z.maxLength(80)),
  summary: z.string().check(z.minLength(3), z.maxLength(300)),
  kind: z.enum(OFFER_KINDS),
  /** One vertical: its stakes count and its max bet applies. */
  vertical: z.enum(BONUS_VERTICALS),
  /** The bonus: this percentage of the qualifying deposit, up to maxBonus. */
  percent: z.int().check(z.minimum(1), z.maximum(200)),
  maxBonus: positiveCentavos,
  minDeposit: positiveCentavos,
  /** Wagering: this multiple of the bonus only (≤ 10). */
  multiple: z.int().check(z.minimum(0), z.maximum(MAX_WAGERING_MULTIPLE)),
  contribution: contributionSchema,
  maxBet: positiveCentavos,
  maxWin: positiveCentavos,
  /** The grant expires this many days after it is granted. */
  days: z.int().check(z.minimum(1), z.maximum(90)),
  /** The offer can be taken this many days after the qualifying deposit. */
  claimDays: z.int().check(z.minimum(1), z.maximum(90)),
  /** The pages that feature it (OFFER_TAGS); absent: /promo only. */
  tags: z.optional(z.array(z.enum(OFFER_TAGS)).check(z.maxLength(OFFER_TAGS.length))),
});
export type OfferTerms = z.infer<typeof offerTermsSchema>;

/**
 * A coupon (/coupon/:name, the name is its offer id): a fixed bonus any player may receive once, while
 * `limit` players have not received it yet, between `startsAt` and `endsAt`. It becomes a bonus grant like
 * any offer (its own ledger account, these terms copied in). The operator adds one at /dev/offers.
 */
export const couponTermsSchema = z.strictObject({
  kind: z.literal('coupon'),
  title: z.string().check(z.minLength(3), z.maxLength(80)),
  summary: z.string().check(z.minLength(3), z.maxLength(300)),
  vertical: z.enum(BONUS_VERTICALS),
  /** The bonus each player receives. */
  amount: positiveCentavos,
  multiple: z.int().check(z.minimum(0), z.maximum(MAX_WAGERING_MULTIPLE)),
  contribution: contributionSchema,
  maxBet: positiveCentavos,
  maxWin: positiveCentavos,
  days: z.int().check(z.minimum(1), z.maximum(90)),
  /** How many players can receive it in all. */
  limit: z.int().check(z.minimum(1), z.maximum(10_000_000)),
  startsAt: z.optional(z.iso.datetime()),
  endsAt: z.iso.datetime(),
});
export type CouponTerms = z.infer<typeof couponTermsSchema>;

/**
 * A free bet offer (a reload: taken after a qualifying deposit): a free bet token of `amount` for one
 * sports single at decimal odds of at least minOddsHundredths / 100. The house pays the stake; a win pays
 * the winnings and the stake is not returned; a voided bet gives the token back.
 */
export const freeBetTermsSchema = z.strictObject({
  kind: z.literal('freeBet'),
  title: z.string().check(z.minLength(3), z.maxLength(80)),
  summary: z.string().check(z.minLength(3), z.maxLength(300)),
  amount: positiveCentavos,
  minOddsHundredths: z.int().check(z.minimum(101), z.maximum(10_000)),
  minDeposit: positiveCentavos,
  /** The token expires this many days after it is taken. */
  days: z.int().check(z.minimum(1), z.maximum(90)),
  /** It can be taken this many days after the qualifying deposit. */
  claimDays: z.int().check(z.minimum(1), z.maximum(90)),
});
export type FreeBetTerms = z.infer<typeof freeBetTermsSchema>;

/** What a free bet token carries (an offer's, or another module's prize). */
export type FreeBetGrant = Pick<FreeBetTerms, 'title' | 'amount' | 'minOddsHundredths' | 'days'>;

/** A free bet's terms in plain words, shown before taking it. */
export function plainFreeBetTerms(terms: FreeBetTerms, peso: (centavos: number) => string): string[] {
  return [
    `Deposit at least ${peso(terms.minDeposit)}, then take a ${peso(terms.amount)} free bet within ${terms.claimDays} day${terms.claimDays === 1 ? '' : 's'}.`,
    `Use it on one sports single at odds of ${(terms.minOddsHundredths / 100).toFixed(2)} or more; the stake is exactly ${peso(terms.amount)}.`,
    `If it wins you get the winnings as cash; the free bet's stake is not returned. If it loses you lose nothing of your own.`,
    `A voided bet gives the free bet back. Free bets do not count toward a bonus's wagering or a rebate.`,
    `It expires ${terms.days} day${terms.days === 1 ? '' : 's'} after you take it.`,
  ];
}

export const offerIdSchema = z.string().check(z.regex(/^[a-z0-9-]{3,40}$/, 'An offer id is 3 to 40 lower-case letters, digits or dashes.'));

/** The casino categories a contribution table names, as the player reads them (the sports tables name products). */
const CATEGORY_WORDS: Readonly<Record<string, string>> = {
  bingo: 'bingo rounds',
  slots: 'slot spins',
  fishing: 'fishing and arcade games',
  liveCasino: 'live casino tables',
};

/** What counts toward wagering at what share, when the offer names casino categories. */
function contributionLines(contribution: Contribution): string[] {
  const named = Object.entries(contribution.category ?? {}).filter(([category]) => CATEGORY_WORDS[category]);
  if (named.length === 0) return [];
  return [`What counts toward wagering: ${named.map(([category, share]) => `${CATEGORY_WORDS[category]} ${share}%`).join(', ')}.`];
}

/** The terms in plain words, as shown before opting in (the same sentences on every page). */
export function plainTerms(terms: OfferTerms, peso: (centavos: number) => string): string[] {
  const lines = [
    `You get ${terms.percent}% of your ${terms.kind === 'firstDeposit' ? 'first deposit' : 'deposit'} as bonus money, up to ${peso(terms.maxBonus)} (deposit at least ${peso(terms.minDeposit)}).`,
    `Bonus money is kept apart from your cash. Your cash is always used first.`,
    terms.multiple === 0
      ? `There is no wagering: the bonus becomes cash at once.`
      : `To turn the bonus into cash, place settled ${terms.vertical} bets worth ${terms.multiple} times the bonus.`,
    `Only ${terms.vertical} bets count${terms.contribution.default === 0 ? '; anything not listed counts 0%' : ''}. Voided and cashed-out bets do not count.`,
    ...contributionLines(terms.contribution),
    `Max bet while your bonus is active is ${peso(terms.maxBet)}.`,
    `The most the bonus can turn into cash is ${peso(terms.maxWin)}; anything above is forfeited.`,
    `The bonus expires ${terms.days} day${terms.days === 1 ? '' : 's'} after you take it. You can take it up to ${terms.claimDays} day${terms.claimDays === 1 ? '' : 's'} after your deposit.`,
    `You can leave the bonus at any time: you keep all your cash; the bonus and what it won are forfeited. Withdrawing while the bonus is active forfeits it too (you are asked first).`,
  ];
  return lines;
}

/** A coupon's terms in plain words, shown on /coupon/:name before it is received. */
export function plainCouponTerms(terms: CouponTerms, peso: (centavos: number) => string): string[] {
  return [
    `You receive ${peso(terms.amount)} of bonus money, once. It is kept apart from your cash; your cash is always used first.`,
    terms.multiple === 0
      ? `There is no wagering: the bonus becomes cash at once.`
      : `To turn the bonus into cash, place settled ${terms.vertical} bets worth ${terms.multiple} times the bonus (${peso(terms.amount * terms.multiple)}).`,
    `Only ${terms.vertical} bets count${terms.contribution.default === 0 ? '; anything not listed counts 0%' : ''}. Voided and cashed-out bets do not count.`,
    `Max bet while your bonus is active is ${peso(terms.maxBet)}.`,
    `The most the bonus can turn into cash is ${peso(terms.maxWin)}; anything above is forfeited.`,
    `The bonus expires ${terms.days} day${terms.days === 1 ? '' : 's'} after you receive it. The coupon can be received until ${terms.endsAt.slice(0, 10)}, while coupons last (${terms.limit} in all).`,
    `You can leave the bonus at any time: you keep all your cash; the bonus and what it won are forfeited.`,
  ];
}
