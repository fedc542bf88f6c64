import * as z from 'zod/mini';
import { MINIMUM_AGE } from './constants';

/**
 * Invite friends (issue 35, /invite-friends and /inviteFriends). The share link carries the inviter's
 * code in `inviteTempleId` (spec §2's registration parameter); the server resolves the code to the
 * inviter, so nobody can make a link that credits someone else. `inviteFromCustomerId` and
 * `inviteFromLoginName` are accepted too, but never trusted alone: when they come with a code they must
 * name the code's owner, and without a code they credit nobody.
 */

export const InviteCall = {
  /** Player. The player's code, the reward's terms in plain words and the invitees with their progress. */
  info: 'invite/info',
} as const;

/** An inviter's code: 8 letters and digits without look-alikes (no I, O, 0, 1). */
export const INVITE_CODE = /^[A-HJ-NP-Z2-9]{8}$/;

/** The catalogue's offer that says what an invitation pays and what the invitee must do first. */
export const INVITE_OFFER_ID = 'invite-friend';

/** An invitee who has not qualified this many days after joining is no longer looked at (no reward). */
export const INVITE_QUALIFY_DAYS = 90;

const positiveCentavos = z.int().check(z.positive());

/**
 * The invite offer's terms as the operator writes them at /dev/offers (kind `invite`): the inviter's
 * reward (a free bet token) and the invitee's qualifying bets. The other conditions (21+, identity
 * verified, a first deposit) are the law's and the product's, not the operator's to drop.
 */
export const inviteTermsSchema = z.strictObject({
  kind: z.literal('invite'),
  title: z.string().check(z.minLength(3), z.maxLength(80)),
  summary: z.string().check(z.minLength(3), z.maxLength(300)),
  /** The inviter's free bet for each friend who qualifies. */
  reward: z.strictObject({
    title: z.string().check(z.minLength(3), z.maxLength(80)),
    amount: positiveCentavos,
    minOddsHundredths: z.int().check(z.minimum(101), z.maximum(10_000)),
    days: z.int().check(z.minimum(1), z.maximum(90)),
  }),
  /** How many settled bets the friend must have, each of at least minStake at odds of at least minOddsHundredths. */
  bets: z.int().check(z.minimum(1), z.maximum(100)),
  minStake: positiveCentavos,
  minOddsHundredths: z.int().check(z.minimum(101), z.maximum(10_000)),
});
export type InviteTerms = z.infer<typeof inviteTermsSchema>;

/** Why an invitation earns nothing (shown to the inviter). */
export const INVITE_REFUSALS = ['self', 'device', 'idNumber', 'payoutAccount'] as const;
export type InviteRefusal = (typeof INVITE_REFUSALS)[number];

/** The invite offer's terms in plain words, shown on the inviter's page. */
export function plainInviteTerms(terms: InviteTerms, peso: (centavos: number) => string): string[] {
  const odds = (terms.minOddsHundredths / 100).toFixed(2);
  return [
    `For each friend who joins through your link you get a ${peso(terms.reward.amount)} free bet, once per friend.`,
    `Within ${INVITE_QUALIFY_DAYS} days of joining, your friend must be ${MINIMUM_AGE} or older, verify their identity, make a first deposit and have ${terms.bets} settled bet${terms.bets === 1 ? '' : 's'} of ${peso(terms.minStake)} or more at odds of ${odds} or more.`,
    `Use the free bet on one sports single at odds of ${(terms.reward.minOddsHundredths / 100).toFixed(2)} or more within ${terms.reward.days} day${terms.reward.days === 1 ? '' : 's'}; the stake is not returned.`,
    `No reward for an account on your own device, with your ID number or with your payout account.`,
  ];
}
