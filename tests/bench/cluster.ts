/**
 * Cluster figures for `npm run bench` (issue 15): figures, never pass/fail, side by side in one run.
 * Writes bench-results/cluster.json and prints each case as it finishes. Needs Debian's rabbitmq-server
 * and postgresql (installed as root when missing, scripts/cluster/daemons.ts).
 * `node --import tsx tests/bench/cluster.ts [--full] [--clients=2000,5000] [--only=fanout|bets]
 * [--seconds=N]`: the default matrix is 2,000 and 5,000 clients × 10, 50 and 200 msgs/s, 5 s each;
 * --full adds 10,000 clients.
 *
 * 1. `fanout`: one STOMP topic to N WebSocket clients (@stomp/stompjs over ws, in a forked process:
 *    tests/bench/fanout-clients.ts, latency = receive − send on CLOCK_MONOTONIC), three ways:
 *    - `embedded`: one instance: the product's EmbeddedBroker and STOMP endpoint in a process of its
 *      own, publishing on its own schedule (as the feed's leader publishes to its own sockets);
 *    - `twoInstances`: two such processes, each its own local fan-out to the half of the clients it
 *      holds, fed through RabbitMQ: the publisher sends each message once to a fanout exchange, each
 *      instance's exclusive queue gets it and hands it to its broker (the design of
 *      server/realtime/rabbit.ts: AMQP 0-9-1, amqplib, non-persistent);
 *    - `webStomp`: RabbitMQ's Web-STOMP plugin with every client on RabbitMQ directly (the reference:
 *      browsers on Web-STOMP), the publisher on AMQP to amq.topic.
 *    Per case and rate: `deliveredPct` of subscribers × target rate × seconds that arrived before the
 *    drain ended (3 s without progress or 20 s after the last publish; `publishedPct`: what the
 *    publisher managed to send on schedule), latency p50/p99 ms, and the ratios against
 *    Web-STOMP (`throughput` = delivered share ratio, `p99` = latency ratio; below 1 is faster).
 * 2. `bets`: saba/sabaDoPlaceBetV2 (pre-match singles, ₱10, any price change accepted) through HAProxy
 *    on the cluster start:cluster runs (PostgreSQL, RabbitMQ, a slow feed): one instance, then two,
 *    100 players written into the database, 32 requests in flight from this process, each player from
 *    a loopback address of its own (the per-address limit holds across instances): accepted bets/s,
 *    p50/p99 of accepted answers, and `twoOverOne`.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import amqp from 'amqplib';
import Fastify, { type FastifyRequest } from 'fastify';
import { openDatabase } from '../../server/db';
import { type SessionPolicy, createSession } from '../../server/modules/auth/sessions';
import { createCustomer } from '../../server/modules/auth/users';
import { HOUSE, houseAccountId, post as postLedger, walletAccountId } from '../../server/modules/wallet/ledger';
import { EmbeddedBroker } from '../../server/realtime/stomp/broker';
import { stompEndpoint } from '../../server/realtime/stomp/endpoint';
import { SOCKET_HEARTBEAT_MS } from '../../src/contract/constants';
import { startCluster } from '../../scripts/cluster/cluster';
import { type Rabbit, startRabbit } from '../../scripts/cluster/daemons';
import { call, closeAgents, prematchSingles } from '../cluster/client';
import type { FanoutReply, FanoutRequest, PhaseReport } from './fanout-clients';
import { errorMessage, monoMs, percentile, ratio, round, sleep } from './stats';

const BENCH_EXCHANGE = 'panalo.bench';
const DESTINATION = '/topic/sport/1';
const WEB_STOMP_DESTINATION = '/topic/bench.sport.1';

// ---- the instance role (a forked process) ----------------------------------------------------------

type InstanceRequest = { kind: 'publish'; phase: number; msgsPerSec: number; seconds: number } | { kind: 'stop' };
type InstanceReply = { kind: 'ready'; port: number } | { kind: 'published'; sent: number; startedAt: number; endedAt: number };

/** The body every case sends: the bench's phase and send time, and a delta's worth of price changes. */
function body(phase: number, seq: number): string {
  return JSON.stringify({
    p: phase,
    seq,
    ts: monoMs(),
    changes: [
      { t: 'price', marketId: '900001', key: 'h', price: 1.85 },
      { t: 'price', marketId: '900001', key: 'a', price: 2.02 },
      { t: 'price', marketId: '900002', key: 'o', price: 1.91 },
    ],
  });
}

/** Sends `msgsPerSec` for `seconds` at most, yielding to I/O between sends as the feed's timer does. */
async function schedule(msgsPerSec: number, seconds: number, send: (seq: number) => void) {
  const total = msgsPerSec * seconds;
  const startedAt = monoMs();
  let sent = 0;
  while (sent < total && monoMs() - startedAt < seconds * 1000) {
    const dueAt = startedAt + (sent * 1000) / msgsPerSec;
    const now = monoMs();
    if (now < dueAt) {
      await sleep(Math.max(1, Math.floor(dueAt - now)));
      continue;
    }
    sent += 1;
    send(sent);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { sent, startedAt, endedAt: monoMs() };
}

async function instanceRole(amqpUrl: string | undefined): Promise<void> {
  const broker = new EmbeddedBroker();
  const app = Fastify({ logger: false });
  await app.register(stompEndpoint, {
    broker,
    heartbeatMs: SOCKET_HEARTBEAT_MS,
    authenticate: async () => ({ customerId: null, nickName: 'Guest' }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  if (amqpUrl) {
    // Between instances: this instance's own exclusive queue on the fanout exchange, each message handed
    // to the local broker's subscribers.
    const connection = await amqp.connect(amqpUrl);
    const channel = await connection.createChannel();
    await channel.assertExchange(BENCH_EXCHANGE, 'fanout', { durable: false });
    const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
    await channel.bindQueue(queue, BENCH_EXCHANGE, '');
    await channel.consume(queue, (message) => message && broker.publish(DESTINATION, message.content.toString('utf8')), { noAck: true });
  }
  const reply = (message: InstanceReply) => process.send?.(message);
  process.on('message', (request: InstanceRequest) => {
    if (request.kind === 'stop') process.exit(0);
    void schedule(request.msgsPerSec, request.seconds, (seq) =>
      broker.publish(DESTINATION, body(request.phase, seq), { seq: String(seq) }),
    ).then((result) => reply({ kind: 'published', ...result }));
  });
  process.on('disconnect', () => process.exit(0));
  reply({ kind: 'ready', port: address.port });
}

// ---- bets/s: one instance against two, on one PostgreSQL ------------------------------------------

const BET_PLAYERS = 100;
const BET_CONNECTIONS = 32;

/** Players written straight into the database (a session, ₱100,000 through the ledger), each with an address of its own. */
async function betPlayers(databaseUrl: string): Promise<{ token: string; from: string }[]> {
  const database = await openDatabase({ url: databaseUrl });
  const policy = { idleMs: 3_600_000, maxMs: 3_600_000, events: { publish: () => undefined } as unknown as SessionPolicy['events'] };
  const request = { ip: '127.0.0.1', headers: {} } as unknown as FastifyRequest;
  const players: { token: string; from: string }[] = [];
  try {
    for (let i = 0; i < BET_PLAYERS; i++) {
      const token = await database.db.transaction(async (tx) => {
        const customer = await createCustomer(tx, { mobileNo: null, birthday: '1990-01-01' });
        await postLedger(tx, {
          kind: 'deposit',
          customerId: customer.id,
          reference: 'bench:deposit',
          entries: [
            { accountId: await walletAccountId(tx, customer.id, 'main'), amount: 100_000 * 100 },
            { accountId: await houseAccountId(tx, HOUSE.payments), amount: -100_000 * 100 },
          ],
        });
        return (await createSession(tx, policy, customer.id, request)).webToken.token;
      });
      // Per-address limits (600 calls a minute) hold across instances: each player calls from its own address.
      players.push({ token, from: `127.0.${3 + Math.floor(i / 250)}.${(i % 250) + 1}` });
    }
  } finally {
    await database.close();
  }
  return players;
}

/** `connections` loops placing bets through `base` for `seconds`: accepted bets/s and latency. */
async function betLoad(base: string, appKey: string, players: { token: string; from: string }[], bodies: unknown[], seconds: number) {
  let turn = 0;
  const latencies: number[] = [];
  const codes: Record<string, number> = {};
  const endAt = monoMs() + seconds * 1000;
  const startedAt = monoMs();
  await Promise.all(
    Array.from({ length: BET_CONNECTIONS }, async () => {
      while (monoMs() < endAt) {
        const at = turn++;
        const player = players[at % players.length]!;
        const began = monoMs();
        try {
          const answer = await call<{ code: number }>(base, appKey, 'tp', 'saba/sabaDoPlaceBetV2', bodies[at % bodies.length], {
            token: player.token,
            idempotencyKey: `bench-${randomUUID()}`,
            from: player.from,
          });
          const code = answer.status === 200 ? String(answer.data?.code) : `HTTP ${answer.status}`;
          codes[code] = (codes[code] ?? 0) + 1;
          if (code === '0') latencies.push(monoMs() - began);
        } catch (error) {
          const code = errorMessage(error).slice(0, 40);
          codes[code] = (codes[code] ?? 0) + 1;
        }
      }
    }),
  );
  const elapsedS = (monoMs() - startedAt) / 1000;
  return {
    connections: BET_CONNECTIONS,
    seconds: round(elapsedS),
    accepted: latencies.length,
    betsPerSec: round(latencies.length / elapsedS),
    latencyMs: { p50: round(percentile(latencies, 50)), p99: round(percentile(latencies, 99)) },
    codes,
  };
}

async function betsFigures(dir: string, seconds: number) {
  const figures: Record<string, unknown> = {};
  for (const instances of [['a'], ['a', 'b']]) {
    const caseDir = join(dir, String(instances.length));
    mkdirSync(caseDir, { recursive: true });
    chmodSync(caseDir, 0o755);
    // The cluster as start:cluster runs it (RabbitMQ, HAProxy), a slow feed (prices mostly still).
    const cluster = await startCluster({
      dir: caseDir,
      instances,
      env: { LOG_LEVEL: 'warn', FEED_RATE: '2' },
      rabbitId: `bench${process.pid}x${instances.length}`,
    });
    try {
      const appKey = (JSON.parse(readFileSync(join(caseDir, 'shared', 'secrets.json'), 'utf8')) as { appKey: string }).appKey;
      const base = cluster.balancer!.url;
      const players = await betPlayers(cluster.databaseUrl);
      const bodies = await prematchSingles(base, appKey, 10);
      await betLoad(base, appKey, players, bodies, 2); // warm-up
      const row = await betLoad(base, appKey, players, bodies, seconds);
      console.log(`  bets ${instances.length} instance(s): ${JSON.stringify(row)}`);
      figures[instances.length === 1 ? 'oneInstance' : 'twoInstances'] = row;
    } finally {
      closeAgents();
      await cluster.stop();
    }
  }
  const one = figures['oneInstance'] as { betsPerSec: number } | undefined;
  const two = figures['twoInstances'] as { betsPerSec: number } | undefined;
  if (one && two) figures['twoOverOne'] = ratio(two.betsPerSec, one.betsPerSec);
  return figures;
}

// ---- the parent ------------------------------------------------------------------------------------

interface Forked<Req, Rep extends { kind: string }> {
  child: ChildProcess;
  send(message: Req): void;
  next<K extends Rep['kind']>(kind: K, timeoutMs: number): Promise<Extract<Rep, { kind: K }>>;
  stop(): Promise<void>;
}

function forkRole<Req, Rep extends { kind: string }>(file: string, args: string[], stopMessage: Req): Forked<Req, Rep> {
  const child = fork(file, args, { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting: { kind: string; resolve: (reply: Rep) => void; reject: (error: Error) => void }[] = [];
  const early: Rep[] = [];
  child.on('message', (reply: Rep) => {
    if (reply.kind === 'fatal') {
      for (const waiter of waiting.splice(0)) waiter.reject(new Error(`child: ${JSON.stringify(reply)}`));
      return;
    }
    const at = waiting.findIndex((waiter) => waiter.kind === reply.kind);
    if (at >= 0) waiting.splice(at, 1)[0]!.resolve(reply);
    // Nobody asked yet (another child was awaited first): kept for the next next().
    else early.push(reply);
  });
  child.on('exit', (code) => {
    for (const waiter of waiting.splice(0)) waiter.reject(new Error(`child exited with ${code}`));
  });
  return {
    child,
    send: (message) => child.send(message as object),
    next: (kind, timeoutMs) =>
      new Promise((resolve, reject) => {
        const kept = early.findIndex((reply) => reply.kind === kind);
        if (kept >= 0) return resolve(early.splice(kept, 1)[0] as never);
        const timer = setTimeout(() => reject(new Error(`no ${kind} within ${timeoutMs} ms`)), timeoutMs);
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
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      if (child.connected) child.send(stopMessage as object);
      await Promise.race([exited, sleep(20_000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

const SELF = fileURLToPath(import.meta.url);
const CLIENTS_FILE = fileURLToPath(new URL('./fanout-clients.ts', import.meta.url));

type Case = 'embedded' | 'twoInstances' | 'webStomp';

interface CaseResult {
  clients: number;
  connected: number;
  failed: number;
  connectMs: number;
  rates: Record<string, unknown>[];
}

async function fanoutCase(kind: Case, rabbit: Rabbit, clients: number, rates: number[], seconds: number): Promise<CaseResult> {
  const instances: Forked<InstanceRequest, InstanceReply>[] = [];
  const fanout = forkRole<FanoutRequest, FanoutReply>(CLIENTS_FILE, [], { kind: 'stop' });
  let connection: Awaited<ReturnType<typeof amqp.connect>> | undefined;
  try {
    let urls: string[];
    if (kind === 'webStomp') urls = [rabbit.webStompUrl!];
    else {
      for (let i = 0; i < (kind === 'embedded' ? 1 : 2); i++) {
        instances.push(
          forkRole<InstanceRequest, InstanceReply>(
            SELF,
            ['--role=instance', ...(kind === 'twoInstances' ? [`--amqp=${rabbit.amqpUrl}`] : [])],
            { kind: 'stop' },
          ),
        );
      }
      urls = [];
      for (const instance of instances) urls.push(`ws://127.0.0.1:${(await instance.next('ready', 60_000)).port}/ws`);
    }
    let publish: ((phase: number, seq: number) => void) | undefined;
    if (kind !== 'embedded') {
      connection = await amqp.connect(rabbit.amqpUrl);
      const channel = await connection.createChannel();
      if (kind === 'twoInstances') {
        await channel.assertExchange(BENCH_EXCHANGE, 'fanout', { durable: false });
        publish = (phase, seq) => void channel.publish(BENCH_EXCHANGE, '', Buffer.from(body(phase, seq)), { type: String(seq) });
      } else {
        publish = (phase, seq) => void channel.publish('amq.topic', 'bench.sport.1', Buffer.from(body(phase, seq)));
      }
    }
    fanout.send({
      kind: 'start',
      url: urls[0]!,
      urls,
      clients,
      destination: kind === 'webStomp' ? WEB_STOMP_DESTINATION : DESTINATION,
      batch: 100,
      ...(kind === 'webStomp' ? { connectHeaders: { login: rabbit.user, passcode: rabbit.password, host: '/' } } : {}),
    });
    const ready = await fanout.next('ready', 300_000);
    const results: Record<string, unknown>[] = [];
    for (const [phase, msgsPerSec] of rates.entries()) {
      fanout.send({ kind: 'phase', phase, expected: ready.connected * msgsPerSec * seconds });
      await sleep(300);
      let sent: number;
      let publishEnd: number;
      if (publish) {
        const result = await schedule(msgsPerSec, seconds, (seq) => publish(phase, seq));
        sent = result.sent;
        publishEnd = result.endedAt;
      } else {
        instances[0]!.send({ kind: 'publish', phase, msgsPerSec, seconds });
        const result = await instances[0]!.next('published', (seconds + 60) * 1000);
        sent = result.sent;
        publishEnd = result.endedAt;
      }
      const expected = ready.connected * sent;
      let delivered = 0;
      let lastChange = monoMs();
      while (delivered < expected && monoMs() - lastChange < 3_000 && monoMs() - publishEnd < 20_000) {
        await sleep(250);
        fanout.send({ kind: 'count', phase });
        const count = await fanout.next('count', 60_000);
        if (count.delivered !== delivered) lastChange = monoMs();
        delivered = count.delivered;
      }
      fanout.send({ kind: 'report', phase });
      const report: PhaseReport = (await fanout.next('report', 60_000)).report;
      const row = {
        msgsPerSec,
        published: sent,
        expected,
        delivered: report.delivered,
        // Of what the clients should have had: every subscriber × the target rate × the phase's seconds
        // (a server too busy to publish on time counts against itself, as a late feed would).
        deliveredPct: round((report.delivered / Math.max(1, ready.connected * msgsPerSec * seconds)) * 100),
        publishedPct: round((sent / (msgsPerSec * seconds)) * 100),
        p50Ms: round(report.latencyMs.p50),
        p99Ms: round(report.latencyMs.p99),
        maxMs: round(report.latencyMs.max),
        socketsClosedSoFar: report.closed,
        clientLoopLagMaxMs: round(report.maxLoopLagMs),
      };
      console.log(`  fanout ${kind} ${clients} clients × ${msgsPerSec}/s: ${JSON.stringify(row)}`);
      results.push(row);
    }
    return { clients, connected: ready.connected, failed: ready.failed, connectMs: round(ready.connectMs), rates: results };
  } finally {
    await fanout.stop();
    for (const instance of instances) await instance.stop();
    await connection?.close().catch(() => undefined);
  }
}

async function fanoutFigures(rabbit: Rabbit, clientCounts: number[], rates: number[], seconds: number) {
  const table: Record<string, Record<Case, CaseResult | { error: string }>> = {};
  const ratios: Record<string, unknown>[] = [];
  for (const clients of clientCounts) {
    const row = {} as Record<Case, CaseResult | { error: string }>;
    for (const kind of ['embedded', 'twoInstances', 'webStomp'] as const) {
      try {
        row[kind] = await fanoutCase(kind, rabbit, clients, rates, seconds);
      } catch (error) {
        row[kind] = { error: errorMessage(error) };
        console.log(`  fanout ${kind} ${clients} clients: ${errorMessage(error)}`);
      }
    }
    table[String(clients)] = row;
    const web = row.webStomp;
    for (const kind of ['embedded', 'twoInstances'] as const) {
      const mine = row[kind];
      if ('error' in mine || 'error' in web) continue;
      for (const [at, rate] of rates.entries()) {
        const a = mine.rates[at] as { deliveredPct: number; p99Ms: number };
        const b = web.rates[at] as { deliveredPct: number; p99Ms: number };
        ratios.push({
          case: kind,
          clients,
          msgsPerSec: rate,
          throughputVsWebStomp: ratio(a.deliveredPct, b.deliveredPct),
          p99VsWebStomp: ratio(a.p99Ms, b.p99Ms),
        });
      }
    }
  }
  return { table, ratios };
}

async function main() {
  const { values } = parseArgs({
    options: {
      role: { type: 'string' },
      amqp: { type: 'string' },
      full: { type: 'boolean', default: false },
      only: { type: 'string' },
      seconds: { type: 'string', default: '5' },
      clients: { type: 'string' },
    },
  });
  if (values.role === 'instance') return instanceRole(values.amqp);

  const clientCounts = values.clients ? values.clients.split(',').map(Number) : values.full ? [2_000, 5_000, 10_000] : [2_000, 5_000];
  const rates = [10, 50, 200];
  const seconds = Number(values.seconds);
  const dir = mkdtempSync(join(tmpdir(), 'panalo-bench-cluster-'));
  chmodSync(dir, 0o755);
  const results: Record<string, unknown> = {
    when: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    matrix: { clients: clientCounts, msgsPerSec: rates, secondsPerRate: seconds },
  };
  let rabbit: Rabbit | undefined;
  try {
    if (!values.only || values.only === 'fanout') {
      mkdirSync(join(dir, 'logs'), { recursive: true });
      rabbit = await startRabbit(join(dir, 'rabbitmq'), { id: `bench${process.pid}`, logDir: join(dir, 'logs'), webStomp: true });
      try {
        results['fanout'] = await fanoutFigures(rabbit, clientCounts, rates, seconds);
      } catch (error) {
        results['fanout'] = { error: errorMessage(error) };
      }
      await rabbit.stop();
      rabbit = undefined;
    }
    if (!values.only || values.only === 'bets') {
      try {
        results['bets'] = await betsFigures(join(dir, 'bets'), seconds * 3);
      } catch (error) {
        results['bets'] = { error: errorMessage(error) };
      }
    }
  } finally {
    await rabbit?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  mkdirSync('bench-results', { recursive: true });
  writeFileSync(join('bench-results', 'cluster.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log('cluster: bench-results/cluster.json');
}

await main();
