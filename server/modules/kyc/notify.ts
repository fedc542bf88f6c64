import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db';
import { customers } from '../../db/schema';
import type { SmsProvider } from '../../providers/messaging';
import type { PlayerEvents } from '../../realtime/bus';
import { sendMessage } from '../messages';

/**
 * What a player is told of each KYC decision (spec §8): an inbox message, pushed on /user/queue/messages,
 * and for a final decision an SMS to the bound phone too (the review page promises "SMS and push").
 */
export type Decision = 'pending' | 'approved' | 'rejected' | 'refused';

export const DECISION_MESSAGES: Record<Decision, { title: string; body: (reason: string) => string }> = {
  pending: {
    title: 'Verification under review',
    body: () => 'Your identity verification is under review. We will notify you via SMS and push notification once it is done.',
  },
  approved: {
    title: 'Verification approved',
    body: () => 'Your identity is verified. Thank you! You can bet, deposit and withdraw without limits.',
  },
  rejected: {
    title: 'Verification rejected',
    body: (reason) => `Your identity verification was rejected. ${reason} You can open Verify Identity to submit again.`,
  },
  refused: {
    title: 'Verification rejected',
    body: (reason) => `Your identity verification was rejected. ${reason} Please contact Customer Service to verify again.`,
  },
};

export async function tellDecision(
  db: Queryable,
  events: PlayerEvents,
  customerId: number,
  decision: Decision,
  reason: string,
  sms?: SmsProvider,
): Promise<void> {
  const message = DECISION_MESSAGES[decision];
  const body = message.body(reason);
  const messageId = await sendMessage(db, events, { customerId, type: 1, title: message.title, body });
  // Web Push (server/modules/push) for a final decision; the message id keeps each decision its own.
  if (decision !== 'pending') events.publish({ type: 'notice', customerId, notice: { kind: 'kyc', decision, ref: messageId } });
  if (!sms || decision === 'pending') return;
  const [player] = await db.select({ mobileNo: customers.mobileNo }).from(customers).where(eq(customers.id, customerId));
  if (player?.mobileNo) await sms.send(player.mobileNo, `Panalo: ${message.title}. ${body}`);
}
