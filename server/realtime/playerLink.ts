import type { PlayerEvent, PlayerEventsTransport } from './bus';
import type { InstanceLink } from './rabbit';

/** The fanout exchange of player events: every instance delivers them to the sockets it holds. */
export const PLAYER_EXCHANGE = 'panalo.players';

/**
 * Player events over RabbitMQ. Every instance gets every event and hands it to its own broker, which
 * files a player's queue under the player's id (stomp/broker.ts routeOf): only that player's sockets,
 * on whichever instance, receive it. An event is a nudge (the app reads the ticket or balance again),
 * small and without secrets.
 */
export function playerEventsTransport(link: InstanceLink): PlayerEventsTransport {
  return {
    send: (event) => link.publish(PLAYER_EXCHANGE, 'event', Buffer.from(JSON.stringify(event))),
    listen(deliver) {
      link.on(PLAYER_EXCHANGE, (message) => deliver(JSON.parse(message.body.toString('utf8')) as PlayerEvent));
    },
  };
}
