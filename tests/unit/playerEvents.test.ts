import { describe, expect, it } from 'vitest';
import { type PlayerEvent, PlayerEvents, type PlayerEventsTransport } from '../../server/realtime/bus';

/**
 * Player events across instances (issue 15): published on one instance, heard on every one through the
 * transport (RabbitMQ in production, a fanout in memory here); this instance's own sockets still hear
 * them while the transport is down.
 */
function fanout() {
  const listeners: ((event: PlayerEvent) => void)[] = [];
  let up = true;
  const transport = (): PlayerEventsTransport => ({
    send(event) {
      if (!up) return false;
      // As bytes, as RabbitMQ carries them.
      const wire = JSON.stringify(event);
      for (const deliver of listeners) deliver(JSON.parse(wire) as PlayerEvent);
      return true;
    },
    listen: (deliver) => void listeners.push(deliver),
  });
  return { transport, down: () => (up = false) };
}

describe('player events across instances', () => {
  it("reach every instance's listeners once, the publisher's included; while the link is down, the publisher's only", () => {
    const network = fanout();
    const [a, b] = [new PlayerEvents(), new PlayerEvents()];
    a.crossInstances(network.transport());
    b.crossInstances(network.transport());
    const heard: Record<string, PlayerEvent[]> = { a: [], b: [] };
    a.subscribe((event) => heard.a!.push(event));
    b.subscribe((event) => heard.b!.push(event));

    a.publish({ type: 'balance', customerId: 7 });
    b.publish({ type: 'sessionsEnded', sessionIds: [3], reason: 'logout' });
    const both = [
      { type: 'balance', customerId: 7 },
      { type: 'sessionsEnded', sessionIds: [3], reason: 'logout' },
    ];
    expect(heard).toEqual({ a: both, b: both });

    network.down();
    a.publish({ type: 'message', customerId: 7, messageId: 1, messageType: 1 });
    expect(heard.a).toHaveLength(3);
    expect(heard.b).toHaveLength(2);
  });
});
