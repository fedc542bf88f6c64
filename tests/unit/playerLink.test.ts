// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { type PlayerEvent, PlayerEvents } from '../../server/realtime/bus';
import { playerEventsTransport } from '../../server/realtime/playerLink';
import type { InstanceLink, LinkMessage } from '../../server/realtime/rabbit';

/**
 * Player events over RabbitMQ (server/realtime/playerLink.ts), with an in-memory fanout for the
 * exchange: what one turn of the event loop publishes (a batch of bets committed together) crosses as
 * one message, in order, and reaches every instance; what the link cannot carry stays on this instance.
 */
function network() {
  const handlers: ((message: LinkMessage) => void)[] = [];
  const sent: LinkMessage[] = [];
  const state = { up: true, dropAtPublish: false };
  const link = (): Pick<InstanceLink, 'publish' | 'on' | 'connected'> => ({
    get connected() {
      return state.up;
    },
    publish(exchange, type, body) {
      if (state.dropAtPublish) return false;
      const message = { exchange, type, body, from: 'x' };
      sent.push(message);
      for (const handler of handlers) handler(message);
      return true;
    },
    on(_exchange, handler) {
      handlers.push(handler);
      return () => undefined;
    },
  });
  return { link, sent, state };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('player events over RabbitMQ', () => {
  it("sends one turn's events as one message, in order, to every instance", async () => {
    const net = network();
    const [a, b] = [new PlayerEvents(), new PlayerEvents()];
    a.crossInstances(playerEventsTransport(net.link()));
    b.crossInstances(playerEventsTransport(net.link()));
    const heard: Record<'a' | 'b', PlayerEvent[]> = { a: [], b: [] };
    a.subscribe((event) => heard.a.push(event));
    b.subscribe((event) => heard.b.push(event));

    const events: PlayerEvent[] = Array.from({ length: 40 }, (_, i) =>
      i % 2 ? { type: 'balance', customerId: i } : { type: 'bet', customerId: i, push: { transId: `t${i}`, status: 'running', payout: i } },
    );
    for (const event of events) a.publish(event);
    expect(heard.b).toEqual([]);
    await turn();
    expect(net.sent).toHaveLength(1);
    expect(heard).toEqual({ a: events, b: events });

    b.publish({ type: 'balance', customerId: 1 });
    await turn();
    expect(net.sent).toHaveLength(2);
    expect(heard.a.at(-1)).toEqual({ type: 'balance', customerId: 1 });
  });

  it('reads a message of one event, and keeps on this instance what the link could not send', async () => {
    const net = network();
    const a = new PlayerEvents();
    a.crossInstances(playerEventsTransport(net.link()));
    const heard: PlayerEvent[] = [];
    a.subscribe((event) => heard.push(event));
    net.link().publish('panalo.players', 'event', Buffer.from(JSON.stringify({ type: 'balance', customerId: 9 })));
    expect(heard).toEqual([{ type: 'balance', customerId: 9 }]);

    // The link goes down between the publish and the end of the turn: the events stay here.
    net.state.dropAtPublish = true;
    a.publish({ type: 'balance', customerId: 10 });
    a.publish({ type: 'balance', customerId: 11 });
    await turn();
    expect(heard.slice(1)).toEqual([
      { type: 'balance', customerId: 10 },
      { type: 'balance', customerId: 11 },
    ]);
    // Down before the publish: delivered here at once, as before.
    net.state.up = false;
    a.publish({ type: 'balance', customerId: 12 });
    expect(heard.at(-1)).toEqual({ type: 'balance', customerId: 12 });
  });
});
