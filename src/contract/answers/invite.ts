import * as z from 'zod/mini';
import { INVITE_REFUSALS } from '../invite';
import { centavos, isoTime } from './common';

const step = z.strictObject({ done: z.boolean() });

/** One invitee as the inviter sees them: masked, with each condition and where the invitation stands. */
const invitee = z.strictObject({
  /** The nickname's first letters and the phone's last four digits, never more. */
  name: z.string(),
  phone: z.string(),
  joinedAt: isoTime,
  age: step,
  kyc: step,
  deposit: step,
  bets: z.strictObject({ done: z.int(), needed: z.int() }),
  status: z.enum(['pending', 'rewarded', 'refused']),
  reason: z.nullable(z.enum(INVITE_REFUSALS)),
  /** The reward paid for this friend (0 until rewarded). */
  reward: centavos,
});

/** invite/info: the player's code, the offer's terms in plain words (null: no invite offer running) and the invitees. */
export const inviteInfoAnswer = z.strictObject({
  code: z.string(),
  offer: z.nullable(z.strictObject({ title: z.string(), reward: centavos, terms: z.array(z.string()) })),
  invitees: z.array(invitee),
  rewarded: z.int(),
  earned: centavos,
});
export type InviteInfoAnswer = z.infer<typeof inviteInfoAnswer>;
