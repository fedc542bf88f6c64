import type { InviteTerms } from '../../../src/contract/invite';
import type { FreeBetTerms, OfferTerms } from '../../../src/contract/promotions';

/**
 * The catalogue a new database starts with (the operator edits it at /dev/offers without a deploy). The
 * sports welcome offer counts sports stakes only; a casino one counts slots and fishing fully, live tables at 10 %.
 * A reload bonus follows a later deposit; the weekly free bet follows a deposit of ₱500 or more. The invite
 * offer pays the inviter a free bet for each friend who qualifies (server/modules/invites).
 */
export const DEFAULT_OFFERS: Record<string, OfferTerms | FreeBetTerms | InviteTerms> = {
  'sports-welcome': {
    title: 'Sports welcome bonus: 100% up to ₱1,000',
    summary: 'Double your first deposit for sports betting.',
    kind: 'firstDeposit',
    vertical: 'sports',
    percent: 100,
    maxBonus: 100_000,
    minDeposit: 10_000,
    multiple: 5,
    contribution: { product: { sports: 100 }, category: { parlay: 100, single: 100 }, default: 0 },
    maxBet: 5_000,
    maxWin: 500_000,
    days: 14,
    claimDays: 7,
  },
  'casino-welcome': {
    title: 'Casino welcome bonus: 50% up to ₱500',
    summary: 'Half your first deposit again, for slots.',
    kind: 'firstDeposit',
    vertical: 'casino',
    percent: 50,
    maxBonus: 50_000,
    minDeposit: 10_000,
    multiple: 10,
    contribution: { category: { slots: 100, fishing: 100, liveCasino: 10 }, default: 0 },
    maxBet: 5_000,
    maxWin: 250_000,
    days: 7,
    claimDays: 7,
  },
  'sports-reload': {
    title: 'Sports reload: 25% up to ₱500',
    summary: 'A quarter of your deposit again, for sports betting.',
    kind: 'reload',
    vertical: 'sports',
    percent: 25,
    maxBonus: 50_000,
    minDeposit: 50_000,
    multiple: 5,
    contribution: { product: { sports: 100 }, category: { parlay: 100, single: 100 }, default: 0 },
    maxBet: 5_000,
    maxWin: 250_000,
    days: 7,
    claimDays: 3,
  },
  'free-bet-100': {
    kind: 'freeBet',
    title: '₱100 free bet',
    summary: 'Deposit ₱500 or more and get a ₱100 free bet on a sports single.',
    amount: 10_000,
    minOddsHundredths: 150,
    minDeposit: 50_000,
    days: 7,
    claimDays: 3,
  },
  'invite-friend': {
    kind: 'invite',
    title: 'Invite friends: ₱100 free bet each',
    summary: 'Share your link; when a friend qualifies you get a ₱100 free bet.',
    reward: { title: 'Invite reward: ₱100 free bet', amount: 10_000, minOddsHundredths: 150, days: 14 },
    bets: 3,
    minStake: 5_000,
    minOddsHundredths: 150,
  },
};
