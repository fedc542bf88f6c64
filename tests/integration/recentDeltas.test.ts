import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { RecentDeltas } from '../../server/realtime/recentDeltas';
import { EmbeddedBroker } from '../../server/realtime/stomp/broker';
import { stompEndpoint } from '../../server/realtime/stomp/endpoint';
import { type Delta, Destination, STOMP_PROTOCOL } from '../../src/contract/feed';
import { stompTransport } from '../../workers/realtime/stomp';

/**
 * A subscriber that holds a list snapshot at seq S asks with `since:S` (issue 31): the endpoint sends at
 * once what followed it on that destination, merged into one delta, before anything published later;
 * the worker's transport asks with the seq its data stands at.
 */
let app: FastifyInstance;
let broker: EmbeddedBroker;
let recent: RecentDeltas;
let url: string;
const stops: (() => void)[] = [];

beforeEach(async () => {
  recent = new RecentDeltas();
  broker = new EmbeddedBroker({ closeGraceMs: 200, recent });
  app = Fastify();
  await app.register(stompEndpoint, { broker, heartbeatMs: 0, authenticate: async () => ({ customerId: null, nickName: '' }) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`;
});

afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  await app.close();
});

async function until(condition: () => boolean, timeoutMs = 3_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The feed sends a delta: kept for a later `since`, and published to whoever listens (server/plugins/realtime.ts). */
function feed(destination: string, delta: Delta): void {
  recent.add(destination, delta);
  broker.publish(destination, JSON.stringify(delta), { seq: String(delta.seq) });
}

const price = (seq: number, value: number): Delta => ({
  seq,
  ts: Date.now(),
  changes: [{ t: 'price', marketId: 'k1', key: 'h', price: value }],
});

function transport(since: () => number | undefined) {
  const bodies: Delta[] = [];
  const socket = stompTransport(url, () => new WebSocket(url, [STOMP_PROTOCOL]) as unknown as globalThis.WebSocket);
  const unsubscribe = socket.subscribe(Destination.sport('1'), (body) => bodies.push(JSON.parse(body) as Delta), since);
  socket.start();
  stops.push(unsubscribe);
  return bodies;
}

describe('SUBSCRIBE since: what followed a snapshot, at once', () => {
  it('sends what followed the seq as one merged delta, then the live deltas in order', async () => {
    for (let seq = 1; seq <= 4; seq++) feed(Destination.sport('1'), price(seq, 1.5 + seq / 10));
    const bodies = transport(() => 2);
    await until(() => bodies.length === 1);
    expect(bodies[0]).toMatchObject({ from: 3, seq: 4, changes: [{ t: 'price', marketId: 'k1', key: 'h', price: 1.9 }] });
    feed(Destination.sport('1'), price(5, 2.0));
    await until(() => bodies.length === 2);
    expect(bodies[1]).toMatchObject({ seq: 5 });
    expect(bodies[1]?.from).toBeUndefined();
  });

  it('sends nothing ahead when nothing followed, nor when what followed is no longer kept', async () => {
    feed(Destination.sport('1'), price(1, 1.6));
    const current = transport(() => 1);
    const none = transport(() => undefined);
    await until(() => broker.subscriberCount(Destination.sport('1')) === 2);
    feed(Destination.sport('1'), price(2, 1.7));
    await until(() => current.length === 1 && none.length === 1);
    expect(current.map((d) => d.seq)).toEqual([2]);
    expect(none.map((d) => d.seq)).toEqual([2]);
  });

  it("takes CONNECT and SUBSCRIBE in one flight (the page's early socket), answering in order", async () => {
    for (let seq = 1; seq <= 3; seq++) feed(Destination.sport('1'), price(seq, 1.5 + seq / 10));
    const socket = new WebSocket(url, [STOMP_PROTOCOL]);
    const received: string[] = [];
    socket.on('message', (data: Buffer) =>
      received.push(
        ...data
          .toString()
          .split('\u0000')
          .filter((frame) => frame.trim()),
      ),
    );
    await new Promise<void>((resolve) => socket.once('open', () => resolve()));
    stops.push(() => socket.terminate());
    socket.send(
      `CONNECT\naccept-version:1.2\nheart-beat:0,0\n\n\u0000SUBSCRIBE\nid:e\ndestination:${Destination.sport('1')}\nsince:1\n\n\u0000`,
    );
    await until(() => received.length >= 2);
    expect(received[0]?.startsWith('CONNECTED')).toBe(true);
    expect(received[1]).toMatch(/^\n?MESSAGE\n/);
    expect(JSON.parse(received[1]!.slice(received[1]!.indexOf('\n\n') + 2))).toMatchObject({ from: 2, seq: 3 });
  });

  it('refuses a since that is not a seq', async () => {
    const socket = new WebSocket(url, [STOMP_PROTOCOL]);
    const received: string[] = [];
    socket.on('message', (data: Buffer) => received.push(data.toString()));
    await new Promise<void>((resolve) => socket.once('open', () => resolve()));
    stops.push(() => socket.terminate());
    socket.send('CONNECT\naccept-version:1.2\n\n\u0000');
    await until(() => received.some((frame) => frame.startsWith('CONNECTED')));
    socket.send(`SUBSCRIBE\nid:s\ndestination:${Destination.sport('1')}\nsince:-1\n\n\u0000`);
    await until(() => received.some((frame) => frame.startsWith('ERROR')));
  });
});
