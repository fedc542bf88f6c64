/**
 * Realtime figures for `npm run bench` (after the foundation figures of run.ts): figures, never
 * pass/fail. Prints each section as it finishes and writes bench-results/realtime.json. Each section
 * catches its own failure and records `{ error }` in its place; everything listens on 127.0.0.1 and
 * ephemeral ports and is closed and removed afterwards. About 2½ minutes on a 2-core machine.
 * Run alone with `node --import tsx tests/bench/realtime.ts`; BENCH_ONLY=decode,deltas runs only the
 * named sections (decode, decodeInWorker, deltas, fanout, sportsPage).
 *
 * How to read the figures (ms are medians over rounds unless named p50/p99/max):
 *
 *  1. `decode`: the compressed list of 3,000 matches and their main markets (built by the feed
 *     simulator, all 10 sports × live/today/early concatenated into one ListSnapshot, compressed exactly
 *     as the server's saba/queryCompressedMatchList answer is: deflateSync level 6). `pakoPathMs` is what
 *     the realtime worker does: decodeSnapshot (pako inflate + JSON.parse) and the list merge of
 *     RealtimeCore into a fresh MatchStore (putLeague / putMatch + stale main market removal /
 *     putMarket); `nativePathMs` the same with decodeSnapshotNative (DecompressionStream).
 *     `pakoOverNative` above 1 means pako is slower. The split (inflate, parse, normalize) shows where
 *     the time goes; `remergeMs` is the same merge into a store that already holds the list (a resync).
 *     This runs in Node, which is the same V8 as the worker, but not the same machine as a phone: read it
 *     as relative cost. `decodeInWorker` repeats inflate + parse inside a real chromium Worker.
 *  2. `deltas`: a recorded stream of the simulator's /topic/sport/{id} deltas (feed at 20,000 price
 *     changes/s over 3,010 matches, real time 1×), applied to a MatchStore loaded with the list above,
 *     through one DestinationSync per destination, as RealtimeCore.onMessage/run does:
 *     `withParse` includes JSON.parse of each message body, `applyOnly` starts from parsed deltas. Both
 *     call takeChanges() once per feed tick as the conflation tick does. `core` drives the real
 *     RealtimeCore (fake transport, 10 live list subscriptions, one per sport) with the same bodies and a
 *     flush per feed tick, each patch structured-cloned as postMessage would; `flushMs` is the conflation
 *     tick (patch building plus that copy, which is most of it). Higher changes/s is better; the running
 *     server's feed sends 60 price changes/s by default.
 *  3. `fanout`: the real server (buildApp, fresh PGlite, a feed that is not started) and 2,000
 *     @stomp/stompjs clients (ws, visitors, the product's 10 s heart-beats) subscribed to /topic/sport/1,
 *     in a forked child process (tests/bench/fanout-clients.ts) so their reading and parsing do not run
 *     on the server's event loop; both processes share the machine's cores. The server publishes through
 *     app.broker.publish on a fixed schedule, yielding to I/O between publishes as the feed's timer does,
 *     for the phase's duration at most, with a monotonic send time in the body; latency = receive − send
 *     on CLOCK_MONOTONIC, which both processes share. Phase `feedRate` is what one destination gets from
 *     the feed (one delta per 100 ms tick), `stress` 200 msgs/s. `achievedMsgsPerSec` below the target
 *     and `behindScheduleMs` mean the server could not publish that fast. `expected` = subscribers ×
 *     published; `delivered` below it means the broker skipped slow consumers (over 1 MiB unsent), the
 *     server cut clients (`socketsClosedSoFar`, e.g. no heart-beat for 20 s because the client process
 *     stalled: `clientLoopLagMaxMs`), or messages were still queued at the drain deadline. `publishMs` is
 *     the server's cost of one publish to all subscribers (one frame encoded, then one socket write per
 *     subscriber at the end of the event-loop turn, where frames of the same turn share one write), so `ceilingMsgsPerSec` = 1000 / publishMs.median bounds the messages/s one
 *     destination can carry at this subscriber count on this machine.
 *  4. `sportsPage`: `npm start`'s server (production build in dist/, FEED_RATE=2000 price changes/s over
 *     the default 30 matches per sport) and chromium as a phone (390×844 @2x) on /sports (live
 *     football): 30 s unthrottled, then 30 s with CDP CPU throttling ×4 (a cheap Android). The throttling
 *     is set on the page's target: `calibrationMs` (a fixed JS loop on the main thread) shows how much
 *     slower the main thread got; the realtime SharedWorker is a separate target this call does not slow.
 *     Long tasks are main-thread tasks over 50 ms; frames are requestAnimationFrame callbacks: `dropped`
 *     counts missed 60 Hz vsyncs (round(interval / 16.7) − 1 per interval); `priceChangesShown` counts
 *     prices the page visibly changed (proof the list was live); `serverCpuPct` is the server process's
 *     CPU over the window (100 = one core). `devRealtime` is the server's socket count at the end.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { inflate } from 'pako';
import type { ListPatch, ListQuery } from '../../src/contract/realtime';
import { Destination, type Delta, type ListSnapshot } from '../../src/contract/feed';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db';
import { createFeedSimulator } from '../../server/providers/feed/simulator';
import { FEED_SPORTS } from '../../server/providers/feed/types';
import { RealtimeCore, type SnapshotSource, type Transport } from '../../workers/realtime/core';
import { decodeSnapshot, decodeSnapshotNative } from '../../workers/realtime/decode';
import { MatchStore } from '../../workers/realtime/store';
import { DestinationSync } from '../../workers/realtime/sync';
import { mainMarkets } from '../../workers/realtime/views';
import {
  CALIBRATION,
  LONG_TASK_INIT,
  PHONE,
  WINDOW_START,
  WINDOW_STOP,
  type WindowFigures,
  launchChromium,
  workerDecodeScript,
} from './browser';
import type { FanoutReply, FanoutRequest, PhaseReport } from './fanout-clients';
import { type FeedData, buildFeedData } from './feed-data';
import { errorMessage, median, monoMs, percentile, ratio, round, sleep } from './stats';
import { type ServerProcess, startServerProcess } from '../e2e/serverProcess';
import { ANONYMOUS_CALLER } from '../../src/contract/request';

const DECODE_ROUNDS = 15;
const DELTA_ROUNDS = 5;
const DELTA_TARGET_CHANGES = 45_000;
const FANOUT_CLIENTS = 2_000;
const FANOUT_BATCH = 100;
const FANOUT_PHASES = [
  { name: 'feedRate', msgsPerSec: 10, seconds: 5 },
  { name: 'stress', msgsPerSec: 200, seconds: 10 },
] as const;
const PAGE_FEED_RATE = 2_000;
const PAGE_WINDOW_MS = 30_000;
const PAGE_THROTTLES = [1, 4] as const;

// ---- shared data -----------------------------------------------------------------------------------

let feedData: FeedData | undefined;
function data(): FeedData {
  feedData ??= buildFeedData(DELTA_TARGET_CHANGES);
  return feedData;
}

/** The list merge of RealtimeCore.fetchSnapshot ('list' branch), step for step. */
function mergeList(store: MatchStore, snapshot: ListSnapshot): void {
  for (const league of snapshot.leagues) store.putLeague(league);
  const listed = new Set(snapshot.markets.map((m) => m.marketId));
  for (const match of snapshot.matches) {
    store.putMatch(match);
    for (const market of mainMarkets(store, match.matchId)) if (!listed.has(market.marketId)) store.removeMarket(market.marketId);
  }
  for (const market of snapshot.markets) store.putMarket(market);
}

async function inflateNative(bytes: Uint8Array): Promise<string> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('deflate'));
  return new Response(stream).text();
}

function timed<T>(fn: () => T): [T, number] {
  const start = performance.now();
  const value = fn();
  return [value, performance.now() - start];
}

async function timedAsync<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await fn();
  return [value, performance.now() - start];
}

function medians(samples: Record<string, number[]>): Record<string, number> {
  return Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, round(median(values))]));
}

// ---- 1. decode -------------------------------------------------------------------------------------

async function decodeFigures() {
  const { snapshot, json, compressed } = data();
  const bytes = new Uint8Array(compressed.buffer, compressed.byteOffset, compressed.byteLength);
  const samples: Record<string, number[]> = {
    pakoInflate: [],
    nativeInflate: [],
    jsonParse: [],
    normalize: [],
    remerge: [],
    pakoPath: [],
    nativePath: [],
  };
  const warmUp = 3;
  for (let i = 0; i < warmUp + DECODE_ROUNDS; i++) {
    const keep = i >= warmUp;
    const add = (name: string, ms: number) => keep && samples[name]!.push(ms);
    // Alternate which path goes first, so neither always inherits the other's garbage.
    const paths = [
      async () => {
        const [, ms] = timed(() => mergeList(new MatchStore(), decodeSnapshot<ListSnapshot>(bytes)));
        add('pakoPath', ms);
      },
      async () => {
        const [, ms] = await timedAsync(async () => mergeList(new MatchStore(), await decodeSnapshotNative<ListSnapshot>(bytes)));
        add('nativePath', ms);
      },
    ];
    if (i % 2) paths.reverse();
    for (const path of paths) await path();

    const [text, pakoMs] = timed(() => inflate(bytes, { toText: true }));
    add('pakoInflate', pakoMs);
    const [, nativeMs] = await timedAsync(() => inflateNative(bytes));
    add('nativeInflate', nativeMs);
    const [parsed, parseMs] = timed(() => JSON.parse(text) as ListSnapshot);
    add('jsonParse', parseMs);
    const store = new MatchStore();
    add('normalize', timed(() => mergeList(store, parsed))[1]);
    const again = JSON.parse(json) as ListSnapshot;
    add('remerge', timed(() => mergeList(store, again))[1]);
  }
  const m = medians(samples);
  return {
    where: `Node ${process.version}, V8 ${process.versions.v8} (the worker runs V8 too; a phone is slower, compare ratios)`,
    matches: snapshot.matches.length,
    markets: snapshot.markets.length,
    leagues: snapshot.leagues.length,
    rawJsonBytes: Buffer.byteLength(json),
    compressedBytes: compressed.length,
    compressionRatio: ratio(Buffer.byteLength(json), compressed.length),
    rounds: DECODE_ROUNDS,
    pakoPathMs: m['pakoPath'],
    nativePathMs: m['nativePath'],
    pakoOverNative: ratio(median(samples['pakoPath']!), median(samples['nativePath']!)),
    split: {
      pakoInflateMs: m['pakoInflate'],
      nativeInflateMs: m['nativeInflate'],
      pakoInflateOverNative: ratio(median(samples['pakoInflate']!), median(samples['nativeInflate']!)),
      jsonParseMs: m['jsonParse'],
      normalizeMs: m['normalize'],
      remergeMs: m['remerge'],
    },
  };
}

async function decodeInWorkerFigures() {
  const { compressed, snapshot } = data();
  const pakoFile = createRequire(import.meta.url).resolve('pako/browser/inflate');
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const answer = (await page.evaluate(workerDecodeScript(readFileSync(pakoFile, 'utf8'), compressed.toString('base64'), 10))) as {
      matches?: number;
      pakoMs?: number;
      nativeMs?: number;
      userAgent?: string;
      error?: string;
    };
    if (answer.error) throw new Error(answer.error);
    if (answer.matches !== snapshot.matches.length) throw new Error(`the worker decoded ${answer.matches} matches`);
    return {
      where: `chromium ${browser.version()}, dedicated Worker, inflate + JSON.parse only (no store)`,
      rounds: 10,
      pakoDecodeMs: round(answer.pakoMs ?? NaN),
      nativeDecodeMs: round(answer.nativeMs ?? NaN),
      pakoOverNative: ratio(answer.pakoMs ?? NaN, answer.nativeMs ?? NaN),
    };
  } finally {
    await browser.close();
  }
}

// ---- 2. deltas -------------------------------------------------------------------------------------

function freshStore(d: FeedData): { store: MatchStore; syncs: Map<string, DestinationSync> } {
  const store = new MatchStore();
  mergeList(store, JSON.parse(d.json) as ListSnapshot);
  store.takeChanges();
  const syncs = new Map<string, DestinationSync>();
  for (const [sport, seq] of d.seqBySport) {
    const sync = new DestinationSync();
    sync.onSnapshot(seq);
    syncs.set(Destination.sport(sport), sync);
  }
  return { store, syncs };
}

/** Applies one delta as RealtimeCore.run does; answers the changes applied. */
function applyDelta(store: MatchStore, sync: DestinationSync, delta: Delta): number {
  const action = sync.onDelta(delta);
  if (action.kind !== 'apply') return 0;
  let applied = 0;
  for (const next of action.deltas) {
    for (const change of next.changes) store.apply(change);
    applied += next.changes.length;
  }
  return applied;
}

function rates(ms: number, d: FeedData) {
  return {
    ms: round(ms),
    deltasPerSec: Math.round((d.totalDeltas / ms) * 1000),
    changesPerSec: Math.round((d.totalChanges / ms) * 1000),
  };
}

async function coreRound(d: FeedData): Promise<{ applyMs: number; flushMs: number; patches: number; applied: number }> {
  const handlers = new Map<string, (body: string, headers: Record<string, string>) => void>();
  const statusListeners: ((status: 'online') => void)[] = [];
  const transport: Transport = {
    subscribe(destination, onMessage) {
      handlers.set(destination, onMessage);
      return () => void handlers.delete(destination);
    },
    publish: () => false,
    setToken: () => undefined,
    onStatus: (listener) => void statusListeners.push(listener),
    start: () => statusListeners.forEach((listener) => listener('online')),
  };
  const snapshots: SnapshotSource = {
    list: async (query: ListQuery) => structuredClone(d.liveBySport.get(query.sportTypeId)!),
    match: async () => {
      throw new Error('no match snapshots in the bench');
    },
  };
  const core = new RealtimeCore({
    transport,
    snapshots,
    now: () => Date.now(),
    setInterval: () => 0,
    clearInterval: () => undefined,
    setTimeout: () => 0,
  });
  let patches = 0;
  let resets = 0;
  const onPatch = (patch: ListPatch) => {
    structuredClone(patch);
    patches += 1;
    if (patch.reset) resets += 1;
  };
  await core.connect('bench-tab', null, { ...ANONYMOUS_CALLER, appKey: '', deviceId: 'bench' });
  for (const sportTypeId of FEED_SPORTS) await core.watchList('bench-tab', { sportTypeId, mode: 'live' }, onPatch);
  for (let i = 0; resets < FEED_SPORTS.length && i < 100; i++) await sleep(1);
  if (resets < FEED_SPORTS.length) throw new Error(`only ${resets} of ${FEED_SPORTS.length} lists loaded`);
  patches = 0;
  const before = core.deltasApplied;
  let applyMs = 0;
  let flushMs = 0;
  for (const tick of d.ticks) {
    let start = performance.now();
    for (const recorded of tick) handlers.get(recorded.destination)?.(recorded.body, {});
    applyMs += performance.now() - start;
    start = performance.now();
    core.flush();
    flushMs += performance.now() - start;
  }
  return { applyMs, flushMs, patches, applied: core.deltasApplied - before };
}

async function deltaFigures() {
  const d = data();
  const withParse: number[] = [];
  const applyOnly: number[] = [];
  let applied = 0;
  for (let r = 0; r < DELTA_ROUNDS + 1; r++) {
    {
      const { store, syncs } = freshStore(d);
      const start = performance.now();
      applied = 0;
      for (const tick of d.ticks) {
        for (const recorded of tick) applied += applyDelta(store, syncs.get(recorded.destination)!, JSON.parse(recorded.body) as Delta);
        store.takeChanges();
      }
      if (r > 0) withParse.push(performance.now() - start);
    }
    {
      const { store, syncs } = freshStore(d);
      const parsed = d.ticks.map((tick) =>
        tick.map((recorded) => [syncs.get(recorded.destination)!, JSON.parse(recorded.body) as Delta] as const),
      );
      const start = performance.now();
      for (const tick of parsed) {
        for (const [sync, delta] of tick) applyDelta(store, sync, delta);
        store.takeChanges();
      }
      if (r > 0) applyOnly.push(performance.now() - start);
    }
  }

  const core = { applyMs: [] as number[], flushMs: [] as number[], totalMs: [] as number[] };
  let corePatches = 0;
  let coreApplied = 0;
  for (let r = 0; r < DELTA_ROUNDS + 1; r++) {
    const result = await coreRound(d);
    corePatches = result.patches;
    coreApplied = result.applied;
    if (r === 0) continue;
    core.applyMs.push(result.applyMs);
    core.flushMs.push(result.flushMs);
    core.totalMs.push(result.applyMs + result.flushMs);
  }

  return {
    stream: {
      feed: '20,000 price changes/s over 3,010 matches, real time 1× (server/providers/feed/simulator.ts)',
      feedSeconds: d.feedMs / 1000,
      destinations: d.seqBySport.size,
      deltas: d.totalDeltas,
      changes: d.totalChanges,
      changesPerDelta: round(d.totalChanges / d.totalDeltas),
      byType: d.changeTypes,
      changesApplied: applied,
      recordMs: round(d.buildMs),
    },
    rounds: DELTA_ROUNDS,
    store: {
      withParse: rates(median(withParse), d),
      applyOnly: rates(median(applyOnly), d),
    },
    core: {
      setup: 'RealtimeCore, 10 live list subscriptions (one per sport), flush per feed tick, patches structured-cloned',
      ...rates(median(core.totalMs), d),
      applyMs: round(median(core.applyMs)),
      flushMs: round(median(core.flushMs)),
      flushMsPerTick: round(median(core.flushMs) / d.ticks.length),
      deltasApplied: coreApplied,
      patchesSent: corePatches,
    },
  };
}

// ---- 3. fan-out ------------------------------------------------------------------------------------

function forkClients(): {
  child: ChildProcess;
  request: (message: FanoutRequest) => void;
  next: <K extends FanoutReply['kind']>(kind: K, timeoutMs: number) => Promise<Extract<FanoutReply, { kind: K }>>;
} {
  const child = fork(fileURLToPath(new URL('./fanout-clients.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting: { kind: string; resolve: (reply: FanoutReply) => void; reject: (error: Error) => void }[] = [];
  child.on('message', (reply: FanoutReply) => {
    if (reply.kind === 'fatal') {
      for (const waiter of waiting.splice(0)) waiter.reject(new Error(`client process: ${reply.message}`));
      return;
    }
    const index = waiting.findIndex((waiter) => waiter.kind === reply.kind);
    if (index >= 0) waiting.splice(index, 1)[0]!.resolve(reply);
  });
  child.on('exit', (code) => {
    for (const waiter of waiting.splice(0)) waiter.reject(new Error(`client process exited with ${code}`));
  });
  return {
    child,
    request: (message) => child.send(message),
    next: (kind, timeoutMs) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${kind} from the client process within ${timeoutMs} ms`)), timeoutMs);
        waiting.push({
          kind,
          resolve: (reply) => {
            clearTimeout(timer);
            resolve(reply as never);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        });
      }),
  };
}

async function fanoutFigures() {
  const dataDir = mkdtempSync(join(tmpdir(), 'panalo-bench-'));
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let clients: ReturnType<typeof forkClients> | undefined;
  try {
    const setupStart = performance.now();
    const config = loadConfig(
      { NODE_ENV: 'test' },
      {
        port: 0,
        host: '127.0.0.1',
        distDir: join(dataDir, 'no-dist'),
        appKey: 'bench-app-key-'.padEnd(64, 'x'),
        logLevel: 'silent',
        dataDir,
      },
    );
    const database = await openDatabase({ pglite: await PGlite.create() });
    // A feed that never moves: the only messages are the bench's own.
    const feed = createFeedSimulator({ seed: 7, matchesPerSport: 8, now: () => Date.now() });
    app = await buildApp(config, { logger: false, database, feed });
    app.addHook('onClose', () => database.close());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    const url = `ws://127.0.0.1:${address.port}/ws`;
    const setupMs = performance.now() - setupStart;

    const destination = Destination.sport('1');
    clients = forkClients();
    clients.request({ kind: 'start', url, clients: FANOUT_CLIENTS, destination, batch: FANOUT_BATCH });
    const ready = await clients.next('ready', 120_000);
    const brokerBefore = app.broker.stats();
    const subscribers = app.broker.subscriberCount(destination);
    const phases = [];
    for (const [index, phase] of FANOUT_PHASES.entries()) {
      const total = phase.msgsPerSec * phase.seconds;
      clients.request({ kind: 'phase', phase: index, expected: subscribers * total });
      await sleep(200);
      const publishMs: number[] = [];
      const lagMs: number[] = [];
      let toFewer = 0;
      const start = monoMs();
      let sent = 0;
      // At most the phase's duration: a server that cannot keep up sends fewer, and the figures say so.
      while (sent < total && monoMs() - start < phase.seconds * 1000) {
        const dueAt = start + (sent * 1000) / phase.msgsPerSec;
        const now = monoMs();
        if (now < dueAt) {
          await sleep(Math.max(1, Math.floor(dueAt - now)));
          continue;
        }
        lagMs.push(now - dueAt);
        sent += 1;
        const ts = monoMs();
        const body = JSON.stringify({
          p: index,
          seq: sent,
          ts,
          changes: [
            { t: 'price', marketId: '900001', key: 'h', price: 1.85 },
            { t: 'price', marketId: '900001', key: 'a', price: 2.02 },
            { t: 'price', marketId: '900002', key: 'o', price: 1.91 },
          ],
        });
        const fullHouse = app.broker.subscriberCount(destination) === subscribers;
        app.broker.publish(destination, body, { seq: String(sent) });
        // Let the server read and write its sockets between publishes, as between the feed's timer ticks.
        // The broker writes its queued frames in a setImmediate queued before this one, so the time
        // measured includes every subscriber's socket write.
        await new Promise((resolve) => setImmediate(resolve));
        if (fullHouse) publishMs.push(monoMs() - ts);
        else toFewer += 1;
      }
      const publishEnd = monoMs();
      const expected = subscribers * sent;
      // Drain: until everything arrived, nothing arrived for 3 s, or 20 s passed.
      let delivered = 0;
      let lastChange = monoMs();
      while (delivered < expected && monoMs() - lastChange < 3_000 && monoMs() - publishEnd < 20_000) {
        await sleep(250);
        clients.request({ kind: 'count', phase: index });
        const count = await clients.next('count', 10_000);
        if (count.delivered !== delivered) lastChange = monoMs();
        delivered = count.delivered;
      }
      clients.request({ kind: 'report', phase: index });
      const report: PhaseReport = (await clients.next('report', 30_000)).report;
      phases.push({
        phase: phase.name,
        clients: subscribers,
        targetMsgsPerSec: phase.msgsPerSec,
        published: sent,
        publishSeconds: round((publishEnd - start) / 1000),
        achievedMsgsPerSec: round((sent / (publishEnd - start)) * 1000),
        expected,
        delivered: report.delivered,
        deliveredPct: round((report.delivered / expected) * 100),
        latencyMs: Object.fromEntries(Object.entries(report.latencyMs).map(([k, v]) => [k, round(v)])),
        lastArrivalAfterLastPublishMs: report.lastAt ? round(report.lastAt - publishEnd) : null,
        publishMs: { median: round(median(publishMs)), p99: round(percentile(publishMs, 99)), max: round(Math.max(0, ...publishMs)) },
        publishUsPerSubscriber: round((median(publishMs) * 1000) / subscribers),
        ceilingMsgsPerSec: Math.round(1000 / median(publishMs)),
        publishesToFewerSubscribers: toFewer,
        behindScheduleMs: { median: round(median(lagMs)), max: round(Math.max(...lagMs)) },
        clientLoopLagMaxMs: round(report.maxLoopLagMs),
        socketsClosedSoFar: report.closed,
        ...(report.closed ? { closeCodes: report.closeCodes, clientHeartbeatsLost: report.heartbeatsLost } : {}),
        brokerAfter: app.broker.stats(),
      });
    }
    return {
      setup: `server and ${FANOUT_CLIENTS} clients on 127.0.0.1, clients in a forked process, ${cpus().length} cores shared`,
      serverSetupMs: round(setupMs),
      clients: FANOUT_CLIENTS,
      connected: ready.connected,
      failed: ready.failed,
      ...(ready.errors.length ? { connectErrors: ready.errors } : {}),
      connectMs: round(ready.connectMs),
      subscribers,
      destination,
      brokerBefore,
      phases,
    };
  } finally {
    if (clients) {
      const { child } = clients;
      if (child.connected) {
        clients.request({ kind: 'stop' });
        await clients.next('stopped', 20_000).catch(() => undefined);
      }
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, sleep(5_000)]);
      }
    }
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---- 4. /sports in chromium --------------------------------------------------------------------------

function startPageServer(dataDir: string, distDir: string): Promise<ServerProcess> {
  return startServerProcess(
    { DATA_DIR: dataDir, DIST_DIR: distDir, LOG_LEVEL: 'warn', FEED_RATE: String(PAGE_FEED_RATE) },
    { timeoutMs: 60_000 },
  );
}

/** GET /dev/realtime; a failure is a figure too (with what the server said, if it died). */
async function devRealtime(server: ServerProcess): Promise<unknown> {
  try {
    return (await (await fetch(`${server.url}/dev/realtime`)).json()) as unknown;
  } catch (error) {
    const exit = server.child.exitCode ?? server.child.signalCode;
    return { error: errorMessage(error), serverExit: exit, serverStderr: server.stderr().slice(-1_000) };
  }
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); undefined elsewhere. */
function cpuSeconds(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

function frameFigures(raw: WindowFigures) {
  const vsync = 1000 / 60;
  const intervals = raw.frameTimes.slice(1).map((t, i) => t - raw.frameTimes[i]!);
  const dropped = intervals.reduce((sum, interval) => sum + Math.max(0, Math.round(interval / vsync) - 1), 0);
  return {
    rendered: raw.frameTimes.length,
    expected: Math.round(raw.durationMs / vsync),
    dropped,
    p50IntervalMs: round(percentile(intervals, 50)),
    p95IntervalMs: round(percentile(intervals, 95)),
    maxIntervalMs: round(Math.max(0, ...intervals)),
  };
}

async function sportsPageFigures() {
  if (!existsSync('dist/index.html')) return { error: 'no build in dist/: run `npm run build` first' };
  const dataDir = mkdtempSync(join(tmpdir(), 'panalo-bench-page-'));
  let server: ServerProcess | undefined;
  let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
  try {
    const distDir = join(dataDir, 'dist');
    cpSync('dist', distDir, { recursive: true });
    const serverStart = performance.now();
    server = await startPageServer(dataDir, distDir);
    const serverStartMs = performance.now() - serverStart;
    browser = await launchChromium();
    const context = await browser.newContext(PHONE);
    await context.addInitScript({ content: LONG_TASK_INIT });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.length < 5 && pageErrors.push(error.message));
    const loadStart = performance.now();
    await page.goto(`${server.url}/sports`);
    await page.waitForSelector('[data-testid=match-row]', { timeout: 60_000 });
    const firstRowMs = performance.now() - loadStart;
    await sleep(2_000);
    const cdp = await context.newCDPSession(page);
    const windows = [];
    for (const rate of PAGE_THROTTLES) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      const calibrationMs = (await page.evaluate(CALIBRATION)) as number;
      const cpuBefore = cpuSeconds(server.child.pid);
      await page.evaluate(WINDOW_START);
      await sleep(PAGE_WINDOW_MS);
      const raw = (await page.evaluate(WINDOW_STOP)) as WindowFigures;
      const cpuAfter = cpuSeconds(server.child.pid);
      const longMs = raw.longTasks.map((task) => task.duration);
      windows.push({
        cpuThrottle: rate,
        calibrationMs: round(calibrationMs),
        seconds: round(raw.durationMs / 1000),
        rows: raw.rows,
        priceButtons: raw.priceButtons,
        priceChangesShown: raw.priceChanges,
        priceNodesAdded: raw.priceNodesAdded,
        longTasks: raw.longTaskSupported
          ? { count: longMs.length, totalMs: round(longMs.reduce((a, b) => a + b, 0)), maxMs: round(Math.max(0, ...longMs)) }
          : 'longtask entries not supported',
        frames: frameFigures(raw),
        serverCpuPct:
          cpuBefore === undefined || cpuAfter === undefined ? 'unknown' : round(((cpuAfter - cpuBefore) / (raw.durationMs / 1000)) * 100),
      });
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return {
      setup: `server/main.ts with FEED_RATE=${PAGE_FEED_RATE} (30 matches per sport), chromium ${browser.version()}, 390×844 @2x, ${PAGE_WINDOW_MS / 1000} s per window`,
      serverStartMs: round(serverStartMs),
      firstRowMs: round(firstRowMs),
      windows,
      devRealtime: await devRealtime(server),
      ...(pageErrors.length ? { pageErrors } : {}),
    };
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---- main --------------------------------------------------------------------------------------------

async function main() {
  const cpu = cpus();
  const results: Record<string, unknown> = {
    when: new Date().toISOString(),
    node: process.version,
    v8: process.versions.v8,
    cpus: cpu.length,
    cpuModel: cpu[0]?.model ?? 'unknown',
  };
  const seconds: Record<string, number> = {};
  const only = process.env['BENCH_ONLY']?.split(',');
  const section = async (name: string, run: () => Promise<unknown>) => {
    if (only && !only.includes(name)) return;
    const start = performance.now();
    try {
      results[name] = await run();
    } catch (error) {
      results[name] = { error: errorMessage(error) };
    }
    seconds[name] = round((performance.now() - start) / 1000);
    console.log(`\n${name} (${seconds[name]} s):\n${JSON.stringify(results[name], null, 2)}`);
  };

  await section('decode', decodeFigures);
  await section('decodeInWorker', decodeInWorkerFigures);
  await section('deltas', deltaFigures);
  await section('fanout', fanoutFigures);
  await section('sportsPage', sportsPageFigures);
  results['sectionSeconds'] = seconds;

  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/realtime.json', `${JSON.stringify(results, null, 2)}\n`);
  console.log('\nwritten to bench-results/realtime.json');
}

await main();
