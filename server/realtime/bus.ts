import { EventEmitter } from 'node:events';

/**
 * Events for one player (balance changed, a new message). The realtime release delivers them on the
 * player's own STOMP destinations (/user/queue/balance, /user/queue/messages); until then they are
 * emitted here for anything in the process that listens.
 */
export type PlayerEvent =
  { type: 'balance'; customerId: number } | { type: 'message'; customerId: number | null; messageId: number; messageType: 1 | 2 };

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
