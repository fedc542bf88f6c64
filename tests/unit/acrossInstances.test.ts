import { describe, expect, it } from 'vitest';
import { type PlayerEvent, PlayerEvents, type PlayerEventsTransport } from '../../server/realtime/bus';
import type { InstanceLink, LinkMessage } from '../../server/realtime/rabbit';
import type { Broker } from '../../server/realtime/stomp/broker';
import { crossInstanceTopics } from '../../server/realtime/topicLink';

/**
 * Player events and topic messages across instances (issue 15): published on one instance, heard on
 * every one through RabbitMQ (a fanout in memory here); this instance's own sockets still hear them
 * while the link is down.
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

describe('topic messages across instances', () => {
  it("reach the subscribers of every instance's broker (the jackpot, a chat line); the rest stays local", () => {
    const handlers: ((message: LinkMessage) => void)[] = [];
    let up = true;
    const link: Pick<InstanceLink, 'on' | 'publish'> = {
      on: (_exchange, handler) => {
        handlers.push(handler);
        return () => undefined;
      },
      publish: (exchange, type, body) => {
        if (!up) return false;
        for (const handler of handlers) handler({ exchange, type, body, from: 'x' });
        return true;
      },
    };
    const published: Record<string, string[]> = { a: [], b: [] };
    const local = (name: 'a' | 'b') =>
      ({
        publish: (destination: string, body: string) => published[name]!.push(`${destination} ${body}`),
        subscriberCount: () => (name === 'a' ? 3 : 5),
      }) as unknown as Broker;
    const a = crossInstanceTopics(local('a'), link);
    crossInstanceTopics(local('b'), link);

    a.publish('/topic/jackpot', '{"amount":1}');
    expect(published).toEqual({ a: ['/topic/jackpot {"amount":1}'], b: ['/topic/jackpot {"amount":1}'] });
    expect(a.subscriberCount('/topic/jackpot')).toBe(3);
    up = false;
    a.publish('/topic/chat/1', '{"text":"hi"}');
    expect(published.a).toHaveLength(2);
    expect(published.b).toHaveLength(1);
  });
});
