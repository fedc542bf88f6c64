import type { Queryable } from '../../db';
import type { PlayerEvents } from '../../realtime/bus';
import { sendMessage } from '../messages/service';

/** What a player is told of each KYC decision (spec §8): an inbox message, pushed on /user/queue/messages. */
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
): Promise<void> {
  const message = DECISION_MESSAGES[decision];
  await sendMessage(db, events, { customerId, type: 1, title: message.title, body: message.body(reason) });
}
