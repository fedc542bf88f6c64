import type { PlayerEvent, PlayerEventsTransport } from './bus';
import type { InstanceLink } from './rabbit';

/** The fanout exchange of player events: every instance delivers them to the sockets it holds. */
export const PLAYER_EXCHANGE = 'panalo.players';

/**
 * Player events over RabbitMQ. Every instance gets every event and hands it to its own broker, which
 * files a player's queue under the player's id (stomp/broker.ts routeOf): only that player's sockets,
 * on whichever instance, receive it. An event is a nudge (the app reads the ticket or balance again),
 * small and without secrets.
 *
 * The events of one turn of the event loop go as one message (type `events`, a JSON array, in the order
 * they were published): a batch of bets committed together is dozens of events, and RabbitMQ's cost is
 * per message. Should the link go down before the turn ends, they reach this instance's own sockets, as
 * an event published while the link is down does. A message of type `event` (one event) is still read.
 */
export function playerEventsTransport(link: Pick<InstanceLink, 'publish' | 'on' | 'connected'>): PlayerEventsTransport {
  let pending: PlayerEvent[] = [];
  let local: ((event: PlayerEvent) => void) | undefined;
  const flush = () => {
    const events = pending;
    pending = [];
    if (!link.publish(PLAYER_EXCHANGE, 'events', Buffer.from(JSON.stringify(events)))) for (const event of events) local?.(event);
  };
  return {
    send(event) {
      if (!link.connected) return false;
      if (pending.length === 0) setImmediate(flush);
      pending.push(event);
      return true;
    },
    listen(deliver) {
      local = deliver;
      link.on(PLAYER_EXCHANGE, (message) => {
        const body = JSON.parse(message.body.toString('utf8')) as PlayerEvent | PlayerEvent[];
        for (const event of Array.isArray(body) ? body : [body]) deliver(event);
      });
    },
  };
}
