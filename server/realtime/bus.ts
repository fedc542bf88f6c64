import { EventEmitter } from 'node:events';
import type { BetPush } from '../../src/contract/betting';

/**
 * Events for players: a ticket changed, a balance changed, a new message, sessions ended. The realtime
 * side delivers them on the player's own STOMP destinations (/user/queue/bets, /user/queue/balance,
 * /user/queue/messages; see playerQueues.ts) and closes the sockets of ended sessions. In process today; when several instances run, this bus crosses them
 * (RabbitMQ), so whatever must reach every instance's sockets is published here.
 */
export type PlayerEvent =
  /** A ticket was placed, accepted, rejected or settled. */
  | { type: 'bet'; customerId: number; push: BetPush }
  | { type: 'balance'; customerId: number }
  | { type: 'message'; customerId: number | null; messageId: number; messageType: 1 | 2 }
  /** Sessions that ended (logout, a new login, a password change, a closed account, expiry); `reason` as stored. */
  | { type: 'sessionsEnded'; sessionIds: number[]; reason: string };

export class PlayerEvents {
  private readonly emitter = new EventEmitter();

  publish(event: PlayerEvent): void {
    this.emitter.emit('event', event);
  }

  subscribe(listener: (event: PlayerEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }
}
