import { EventEmitter } from 'node:events';
import type { BetPush } from '../../src/contract/betting';
import type { AccountNotice } from '../../src/contract/pushKinds';
import type { SupportPush } from '../../src/contract/support';

/**
 * Events for players: a ticket changed, a balance changed, a new message, sessions ended. The realtime
 * side delivers them on the player's own STOMP destinations (/user/queue/bets, /user/queue/balance,
 * /user/queue/messages; see playerQueues.ts) and closes the sockets of ended sessions. In process on one
 * instance; when several run (BROKER_URL) the bus crosses them through RabbitMQ (crossInstances), so
 * whatever must reach every instance's sockets is published here.
 */
/** A partial cash-out on a ticket that stays running: what was paid, and the quote it was paid on (unique per cash-out). */
export interface PartCashedOut {
  value: number;
  quoteId: string;
}

export type PlayerEvent =
  /** A ticket was placed, accepted, rejected or settled. */
  | { type: 'bet'; customerId: number; push: BetPush; cashout?: PartCashedOut }
  /** The balance changed; `cause` 'deposit': a deposit was credited (BalancePush). */
  | { type: 'balance'; customerId: number; cause?: 'deposit' }
  | { type: 'message'; customerId: number | null; messageId: number; messageType: 1 | 2 }
  /**
   * The support chat (server/modules/support): to a player's sockets, or, for a visitor's conversation
   * (customerId null), to the sockets of that visitor's session. Carries the message itself.
   */
  | { type: 'support'; customerId: number | null; sessionId: number | null; push: SupportPush }
  /**
   * Something about the player's account worth a notification (a withdrawal paid or failed, a KYC
   * decision, a deposit limit reached): the push module (server/modules/push) sends it by Web Push.
   */
  | { type: 'notice'; customerId: number; notice: AccountNotice }
  /** Sessions that ended (logout, a new login, a password change, a closed account, expiry); `reason` as stored. */
  | { type: 'sessionsEnded'; sessionIds: number[]; reason: string };

/** How events cross instances (server/realtime/playerLink.ts: RabbitMQ). */
export interface PlayerEventsTransport {
  /** To every instance, this one included; false when it cannot be sent now. */
  send(event: PlayerEvent): boolean;
  /** Every instance's events (this one's included), as they arrive. */
  listen(deliver: (event: PlayerEvent) => void): void;
}

export class PlayerEvents {
  private readonly emitter = new EventEmitter();
  private transport: PlayerEventsTransport | undefined;

  /**
   * From now on events go through the transport and come back from it on every instance, so each
   * delivers them to the sockets it holds. While the transport is down an event still reaches this
   * instance's own listeners (the other instances' sockets catch up when their app reads again).
   */
  crossInstances(transport: PlayerEventsTransport): void {
    this.transport = transport;
    transport.listen((event) => this.emitter.emit('event', event));
  }

  publish(event: PlayerEvent): void {
    if (this.transport?.send(event)) return;
    this.emitter.emit('event', event);
  }

  subscribe(listener: (event: PlayerEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }
}
