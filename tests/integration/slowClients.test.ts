import type { AddressInfo, Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { EmbeddedBroker } from '../../server/realtime/stomp/broker';
import { stompEndpoint } from '../../server/realtime/stomp/endpoint';
import { FrameReader, type StompFrame } from '../../server/realtime/stomp/frames';
import { type Delta, Destination, STOMP_PROTOCOL } from '../../src/contract/feed';
import { DestinationSync } from '../../workers/realtime/sync';

/**
 * Slow clients (issue 15 goal 4): a socket that does not read falls behind among sockets that do. The
 * fast ones get every delta; the slow one gets, once it reads again, one merged delta per destination
 * that its worker applies without a gap, ending on the latest prices, and every message of its own
 * queues; a socket that never reads again is cut past the stall limit, and only that one.
 */

const MATCH = Destination.match('77');
const MARKETS = 40;
let app: FastifyInstance;
let broker: EmbeddedBroker;
let url: string;
const cleanups: (() => void)[] = [];

beforeEach(async () => {
  broker = new EmbeddedBroker({ conflateBytes: 64 * 1024, stallLimitMs: 1_500, drainCheckMs: 20, closeGraceMs: 200 });
  app = Fastify();
  await app.register(stompEndpoint, {
    broker,
    heartbeatMs: 0,
    authenticate: async (token) => (token ? { customerId: Number(token), nickName: `P${token}` } : { customerId: null, nickName: 'Guest' }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`;
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  await app.close();
});

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A STOMP client over a raw WebSocket, subscribed to the match and its player's balance queue. */
async function client(customerId: number) {
  const socket = new WebSocket(url, [STOMP_PROTOCOL]);
  const reader = new FrameReader(1 << 20);
  const frames: StompFrame[] = [];
  let closed = false;
  socket.on('message', (data: Buffer) => frames.push(...reader.push(data)));
  socket.on('close', () => (closed = true));
  cleanups.push(() => socket.terminate());
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(`CONNECT\naccept-version:1.2\nheart-beat:0,0\ntoken:${customerId}\n\n\0`);
  socket.send(`SUBSCRIBE\nid:m\ndestination:${MATCH}\n\n\0`);
  socket.send(`SUBSCRIBE\nid:b\ndestination:/user/queue/balance\nreceipt:ready\n\n\0`);
  await until(() => frames.some((frame) => frame.command === 'RECEIPT'));
  const tcp = (socket as unknown as { _socket: Socket })._socket;
  return {
    frames,
    closed: () => closed,
    /** Stops reading from the socket (the kernel's buffers fill, then the server's backlog grows). */
    stall: () => tcp.pause(),
    resume: () => tcp.resume(),
    deltas: () => frames.filter((frame) => frame.headers['destination'] === MATCH).map((frame) => JSON.parse(frame.body) as Delta),
    balances: () => frames.filter((frame) => frame.headers['destination'] === '/user/queue/balance').map((frame) => frame.body),
  };
}

/** The prices a worker holds after applying what it received, through the worker's own sequence rules. */
function replay(deltas: Delta[]): { prices: Map<string, number>; seq: number | null; resyncs: number } {
  const sync = new DestinationSync();
  sync.onSnapshot(0);
  const prices = new Map<string, number>();
  let resyncs = 0;
  for (const delta of deltas) {
    const action = sync.onDelta(delta);
    if (action.kind === 'resync') resyncs += 1;
    if (action.kind === 'apply')
      for (const applied of action.deltas)
        for (const change of applied.changes) if (change.t === 'price') prices.set(change.marketId, change.price);
  }
  return { prices, seq: sync.lastSeq, resyncs };
}

let seq = 0;
const latest = new Map<string, number>();
/** One delta: a few markets' prices move (with some padding, as real market changes carry). */
function publishDelta(): void {
  seq += 1;
  const changes = Array.from({ length: 8 }, (_, index) => {
    const marketId = `mk${(seq * 8 + index) % MARKETS}`;
    const price = 1 + ((seq * 31 + index * 7) % 900) / 100;
    latest.set(marketId, price);
    return { t: 'price' as const, marketId, key: `h-${'x'.repeat(40)}`, price };
  });
  broker.publish(MATCH, JSON.stringify({ seq, ts: Date.now(), changes }), { seq: String(seq) });
}

/** Publishes in turns (the endpoint sends once per event-loop turn) until `done`, then `extra` more. */
async function publishUntil(done: () => boolean, extra: number): Promise<void> {
  for (let turn = 0; turn < 2_000 && !done(); turn += 1) {
    for (let i = 0; i < 50; i += 1) publishDelta();
    await new Promise((resolve) => setImmediate(resolve));
  }
  expect(done()).toBe(true);
  for (let i = 0; i < extra; i += 1) {
    publishDelta();
    if (i % 50 === 49) await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('a slow client among fast ones', () => {
  beforeEach(() => {
    seq = 0;
    latest.clear();
  });

  it('gives the fast ones every delta and the slow one the latest prices with a consistent seq', async () => {
    const fast = [await client(1), await client(2), await client(3)];
    const slow = await client(9);
    slow.stall();
    await publishUntil(() => broker.slowStats().behind === 1, 500);
    // Its own queue is neither conflated nor dropped, however far behind it is.
    for (let i = 1; i <= 30; i += 1) broker.publishToUser(9, 'balance', JSON.stringify({ n: i }));
    const published = seq;
    slow.resume();
    await until(() => fast.every((each) => each.deltas().length === published));
    await until(() => slow.deltas().at(-1)?.seq === published && slow.balances().length === 30);

    for (const each of fast) {
      expect(each.deltas().map((delta) => delta.seq)).toEqual(Array.from({ length: published }, (_, i) => i + 1));
      expect(replay(each.deltas()).prices).toEqual(latest);
    }
    const seen = replay(slow.deltas());
    expect(seen.resyncs).toBe(0);
    expect(seen.seq).toBe(published);
    expect(seen.prices).toEqual(latest);
    // Fewer frames than deltas: what it could not take was merged, not queued.
    expect(slow.deltas().length).toBeLessThan(published);
    expect(slow.deltas().some((delta) => delta.from !== undefined && delta.from < delta.seq)).toBe(true);
    expect(slow.balances()).toEqual(Array.from({ length: 30 }, (_, i) => JSON.stringify({ n: i + 1 })));
    expect(broker.slowStats()).toMatchObject({ behind: 0, cut: 0 });
    expect(slow.closed()).toBe(false);
  });

  it('cuts only the socket that stays stalled past the limit', async () => {
    const fast = [await client(1), await client(2)];
    const stuck = await client(8);
    stuck.stall();
    await publishUntil(() => broker.slowStats().behind === 1, 100);
    // Still there before the limit…
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(stuck.closed()).toBe(false);
    // …and cut after it, while the fast ones keep getting every delta.
    const timer = setInterval(publishDelta, 20);
    try {
      await until(() => broker.slowStats().cut === 1, 5_000);
    } finally {
      clearInterval(timer);
    }
    stuck.resume();
    await until(() => stuck.closed());
    const published = seq;
    await until(() => fast.every((each) => each.deltas().length === published));
    for (const each of fast) {
      expect(each.closed()).toBe(false);
      expect(replay(each.deltas())).toMatchObject({ seq: published, resyncs: 0 });
    }
    expect(broker.stats().connections).toBe(2);
  });
});

describe('what waits for a connection that fell behind', () => {
  function fake(customerId: number) {
    const written: StompFrame[] = [];
    const connection = {
      customerId,
      playerSessionId: null,
      backlog: 0,
      write: (...parts: Buffer[]) => void written.push(...new FrameReader(1 << 20).push(Buffer.concat(parts))),
      end: () => {},
      close: async () => {},
      terminate: () => {},
    };
    broker.attach(connection);
    return {
      connection,
      written,
      bodies: (destination: string) => written.filter((f) => f.headers['destination'] === destination).map((f) => f.body),
    };
  }
  const delta = (seq: number, changes: Delta['changes']) =>
    broker.publish(MATCH, JSON.stringify({ seq, ts: seq, changes }), { seq: String(seq) });

  it('merges deltas in order (one price per market and key), keeps the last chat lines and the latest jackpot, never holds its own queue', async () => {
    const phone = fake(5);
    for (const [id, destination] of [
      ['m', MATCH],
      ['c', Destination.chat('77')],
      ['j', Destination.jackpot],
      ['b', '/user/queue/bets'],
    ] as const)
      expect(broker.subscribe(phone.connection, id, destination)).toBeUndefined();
    phone.connection.backlog = 10_000_000;
    const market = { marketId: 'mk1', matchId: '77' } as unknown as Extract<Delta['changes'][number], { t: 'addMarket' }>['market'];
    delta(1, [
      { t: 'price', marketId: 'mk1', key: 'h', price: 2 },
      { t: 'price', marketId: 'mk2', key: 'h', price: 5 },
    ]);
    delta(2, [{ t: 'removeMarket', marketId: 'mk1' }]);
    delta(3, [{ t: 'addMarket', market }]);
    delta(4, [
      { t: 'price', marketId: 'mk1', key: 'h', price: 3 },
      { t: 'price', marketId: 'mk1', key: 'a', price: 1.5 },
    ]);
    delta(5, [{ t: 'price', marketId: 'mk1', key: 'h', price: 3.5 }]);
    for (let line = 1; line <= 25; line += 1) broker.publish(Destination.chat('77'), JSON.stringify({ line }));
    broker.publish(Destination.jackpot, '{"amount":1}');
    broker.publish(Destination.jackpot, '{"amount":2}');
    broker.publishToUser(5, 'bets', '{"ticket":1}');
    // Its own queue went out at once; nothing else did.
    expect(phone.written.map((frame) => frame.headers['destination'])).toEqual(['/user/queue/bets']);

    phone.connection.backlog = 0;
    await until(() => phone.written.length > 1);
    const [merged] = phone.bodies(MATCH).map((body) => JSON.parse(body) as Delta);
    expect(phone.bodies(MATCH)).toHaveLength(1);
    expect(merged).toEqual({
      seq: 5,
      ts: 5,
      from: 1,
      changes: [
        { t: 'price', marketId: 'mk2', key: 'h', price: 5 },
        { t: 'removeMarket', marketId: 'mk1' },
        { t: 'addMarket', market },
        { t: 'price', marketId: 'mk1', key: 'a', price: 1.5 },
        { t: 'price', marketId: 'mk1', key: 'h', price: 3.5 },
      ],
    });
    expect(phone.written.find((frame) => frame.headers['destination'] === MATCH)?.headers['seq']).toBe('5');
    expect(phone.bodies(Destination.chat('77')).map((body) => (JSON.parse(body) as { line: number }).line)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 6),
    );
    expect(phone.bodies(Destination.jackpot)).toEqual(['{"amount":2}']);
    // Caught up: the next delta goes out as it is.
    delta(6, [{ t: 'price', marketId: 'mk2', key: 'h', price: 6 }]);
    expect(JSON.parse(phone.bodies(MATCH).at(-1)!)).toEqual({
      seq: 6,
      ts: 6,
      changes: [{ t: 'price', marketId: 'mk2', key: 'h', price: 6 }],
    });
  });
});
