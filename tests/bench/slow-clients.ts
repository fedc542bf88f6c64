/**
 * Slow clients (issue 15 goal 4), side by side in one run: fast STOMP clients and stalled ones (their
 * sockets stop reading) on one embedded broker, a match's deltas published at a steady rate. Two modes:
 * last-value conflation (the broker's default) and every frame queued for the stalled (conflation off).
 * Measured: what a stalled socket must read to catch up when it reads again (frames, bytes, time, and
 * whether it ends on the last seq without a resync), and the fast clients' delivery (share of frames,
 * last seq, p50/p99 latency).
 * Writes bench-results/slow-clients.json.
 *
 *   node --import tsx tests/bench/slow-clients.ts [--fast 200] [--stalled 20] [--rate 2000] [--seconds 4] [--runs 3]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { WebSocket } from 'ws';
import { EmbeddedBroker } from '../../server/realtime/stomp/broker';
import { stompEndpoint } from '../../server/realtime/stomp/endpoint';
import { FrameReader } from '../../server/realtime/stomp/frames';
import { type Delta, Destination, STOMP_PROTOCOL } from '../../src/contract/feed';
import { DestinationSync } from '../../workers/realtime/sync';

const { values } = parseArgs({
  options: {
    fast: { type: 'string', default: '200' },
    stalled: { type: 'string', default: '20' },
    rate: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '4' },
    runs: { type: 'string', default: '3' },
  },
});
const FAST = Number(values.fast);
const STALLED = Number(values.stalled);
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const RUNS = Number(values.runs);
const MATCH = Destination.match('1');

const median = (list: number[]) => [...list].sort((x, y) => x - y)[Math.floor(list.length / 2)] ?? NaN;
const percentile = (list: number[], p: number) =>
  [...list].sort((x, y) => x - y)[Math.min(list.length - 1, Math.floor(list.length * p))] ?? NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function client(url: string) {
  const socket = new WebSocket(url, [STOMP_PROTOCOL]);
  const reader = new FrameReader(1 << 22);
  const state = { frames: 0, bytes: 0, lastSeq: 0, latencies: [] as number[], sync: new DestinationSync(), resyncs: 0, receipt: false };
  state.sync.onSnapshot(0);
  socket.on('message', (data: Buffer) => {
    state.bytes += data.length;
    for (const frame of reader.push(data)) {
      if (frame.command === 'RECEIPT') state.receipt = true;
      if (frame.command !== 'MESSAGE') continue;
      const delta = JSON.parse(frame.body) as Delta;
      state.frames += 1;
      state.lastSeq = delta.seq;
      state.latencies.push(Date.now() - delta.ts);
      if (state.sync.onDelta(delta).kind === 'resync') state.resyncs += 1;
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send('CONNECT\naccept-version:1.2\nheart-beat:0,0\n\n\0');
  socket.send(`SUBSCRIBE\nid:m\ndestination:${MATCH}\nreceipt:r\n\n\0`);
  while (!state.receipt) await sleep(5);
  return { socket, state, tcp: (socket as unknown as { _socket: Socket })._socket };
}

async function run(mode: 'conflation' | 'every frame queued') {
  const broker = new EmbeddedBroker(mode === 'conflation' ? {} : { conflateBytes: Number.POSITIVE_INFINITY });
  const app = Fastify();
  await app.register(stompEndpoint, { broker, heartbeatMs: 0, authenticate: async () => ({ customerId: null, nickName: 'Guest' }) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`;
  const fast = [];
  for (let i = 0; i < FAST; i += 1) fast.push(await client(url));
  const stalled = [];
  for (let i = 0; i < STALLED; i += 1) stalled.push(await client(url));
  for (const each of stalled) each.tcp.pause();

  // Deltas as the feed sends them: a few markets' prices each, published every millisecond tick.
  let seq = 0;
  const total = RATE * SECONDS;
  const started = Date.now();
  while (seq < total) {
    const due = Math.min(total, Math.floor(((Date.now() - started) / 1000) * RATE));
    while (seq < due) {
      seq += 1;
      const changes = Array.from({ length: 6 }, (_, k) => ({
        t: 'price' as const,
        marketId: `mk${(seq * 6 + k) % 60}`,
        key: 'h',
        price: 1 + (seq % 900) / 100,
      }));
      broker.publish(MATCH, JSON.stringify({ seq, ts: Date.now(), changes }), { seq: String(seq) });
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  const publishMs = Date.now() - started;
  const settleBy = Date.now() + 10_000;
  while (Date.now() < settleBy && fast.some((each) => each.state.lastSeq < total)) await sleep(20);
  const stats = broker.slowStats();

  const resumed = Date.now();
  for (const each of stalled) each.tcp.resume();
  const catchUpBy = Date.now() + 60_000;
  while (Date.now() < catchUpBy && stalled.some((each) => each.state.lastSeq < total)) await sleep(10);
  const catchUpMs = Date.now() - resumed;

  const latencies = fast.flatMap((each) => each.state.latencies);
  const result = {
    mode,
    published: total,
    publishMs,
    // A fast client that could not keep up either is conflated too (its share of frames drops below 1).
    fastFramesShare: fast.reduce((sum, each) => sum + each.state.frames, 0) / (FAST * total),
    fastEndSeqRight: fast.every((each) => each.state.lastSeq === total),
    behindAtEnd: stats.behind,
    conflatedFrames: stats.conflated,
    fastP50Ms: percentile(latencies, 0.5),
    fastP99Ms: percentile(latencies, 0.99),
    stalledFramesRead: median(stalled.map((each) => each.state.frames)),
    stalledMiBRead: median(stalled.map((each) => each.state.bytes)) / 1_048_576,
    stalledCatchUpMs: catchUpMs,
    stalledEndSeqRight: stalled.every((each) => each.state.lastSeq === total),
    stalledResyncs: stalled.reduce((sum, each) => sum + each.state.resyncs, 0),
  };
  for (const each of [...fast, ...stalled]) each.socket.terminate();
  await app.close();
  return result;
}

const rows: Awaited<ReturnType<typeof run>>[] = [];
for (let i = 0; i < RUNS; i += 1) for (const mode of ['conflation', 'every frame queued'] as const) rows.push(await run(mode));
const summary = (['conflation', 'every frame queued'] as const).map((mode) => {
  const of = rows.filter((row) => row.mode === mode);
  const m = (key: keyof (typeof rows)[number]) => median(of.map((row) => Number(row[key])));
  return {
    mode,
    fastFramesShare: Number(m('fastFramesShare').toFixed(3)),
    fastEndSeqRight: of.every((row) => row.fastEndSeqRight),
    fastP50Ms: m('fastP50Ms'),
    fastP99Ms: m('fastP99Ms'),
    conflatedFrames: m('conflatedFrames'),
    stalledFramesRead: m('stalledFramesRead'),
    stalledMiBRead: Number(m('stalledMiBRead').toFixed(2)),
    stalledCatchUpMs: m('stalledCatchUpMs'),
    stalledEndSeqRight: of.every((row) => row.stalledEndSeqRight),
    stalledResyncs: m('stalledResyncs'),
  };
});
const figures = { fast: FAST, stalled: STALLED, ratePerSecond: RATE, seconds: SECONDS, runs: RUNS, summary, rows };
console.table(summary);
mkdirSync('bench-results', { recursive: true });
writeFileSync(join('bench-results', 'slow-clients.json'), `${JSON.stringify(figures, null, 2)}\n`);
