import type { PlayerEvents } from './bus';
import type { BalancePush } from '../../src/contract/realtime';
import type { EmbeddedBroker, SessionEndedNotice } from './stomp/broker';

/**
 * Delivers the player events bus on the STOMP side: each event to its player's own queue
 * (/user/queue/bets, /user/queue/balance, /user/queue/messages, /user/queue/support; a visitor's support
 * chat to the sockets of the visitor's session), and an ended session's sockets closed.
 * `notice` words the ERROR frame an ended session's sockets get. Answers the unsubscribe.
 */
export function deliverPlayerEvents(
  events: PlayerEvents,
  broker: EmbeddedBroker,
  notice: (reason: string) => SessionEndedNotice,
): () => void {
  return events.subscribe((event) => {
    switch (event.type) {
      case 'bet':
        broker.publishToUser(event.customerId, 'bets', JSON.stringify(event.push));
        break;
      case 'balance':
        broker.publishToUser(event.customerId, 'balance', JSON.stringify(balancePush(event.cause)));
        break;
      case 'message':
        // A notice (no customerId) is not pushed: every app reads it with its unread counts.
        if (event.customerId !== null) {
          broker.publishToUser(event.customerId, 'messages', JSON.stringify({ messageId: event.messageId, type: event.messageType }));
        }
        break;
      case 'support':
        if (event.customerId !== null) broker.publishToUser(event.customerId, 'support', JSON.stringify(event.push));
        else if (event.sessionId !== null) broker.publishToSession(event.sessionId, 'support', JSON.stringify(event.push));
        break;
      case 'sessionsEnded':
        // Sockets live no longer than the session they were opened with.
        broker.endSessions(event.sessionIds, notice(event.reason));
        break;
    }
  });
}

function balancePush(cause: 'deposit' | undefined): BalancePush {
  return cause ? { type: 'balance', cause } : { type: 'balance' };
}
