import type { Queryable } from '../../db';
import type { PlayerEvents } from '../../realtime/bus';
import { type MessageType, insertMessage } from './repository';

/**
 * Sending a message (spec §3): stored, then told to its player (/user/queue/messages) on the player
 * events bus; a notice (customerId null) reaches everyone.
 */
export async function sendMessage(
  db: Queryable,
  events: PlayerEvents,
  message: { customerId: number | null; type: MessageType; title: string; body: string },
): Promise<number> {
  const id = await insertMessage(db, message);
  events.publish({ type: 'message', customerId: message.customerId, messageId: id, messageType: message.type });
  return id;
}

/** The inbox message every new player gets. */
export async function welcome(db: Queryable, events: PlayerEvents, customerId: number): Promise<void> {
  await sendMessage(db, events, {
    customerId,
    type: 1,
    title: 'Welcome to Panalo!',
    body: 'Your account is ready. Add funds with GCash, Maya or your bank, pick your first match, and remember: Customer Service is here 24/7 if you need anything.',
  });
}
