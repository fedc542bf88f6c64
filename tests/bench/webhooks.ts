/**
 * Webhook figures for `npm run bench`: figures, never pass/fail. Deposits credited per second through
 * the real webhook route (POST /webhooks/paymongo over loopback: raw body, signature check, inbox row,
 * order lock, ledger posting, all in one transaction), on the embedded database (PGlite) and on
 * PostgreSQL: DATABASE_URL's server, or else a throwaway one this script starts with initdb/pg_ctl
 * (PostgreSQL binaries on PATH) and removes afterwards. Writes bench-results/webhooks.json.
 * Run alone with `node --import tsx tests/bench/webhooks.ts`; BENCH_WEBHOOK_DEPOSITS sets a phase's size.
 *
 * Set-up per database: the real server (buildApp, fresh data, rate limits lifted, the payments jobs
 * still), PLAYERS players written straight into the database with a session, and every deposit order
 * created by the deposit service with its GCash checkout at the simulator (not measured). Each phase
 * then sends each order's `payment.paid` webhook, signed as PayMongo signs it, with `connections`
 * requests in flight; a second pass sends every one again (a provider's duplicate copies), which must
 * credit nothing. `creditsPerSec` counts answers 2xx over the phase; the database is checked afterwards
 * (every order paid once, the ledger summing to zero).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { depositOrders } from '../../server/db/schema';
import { createSession } from '../../server/modules/auth/sessions';
import { createCustomer } from '../../server/modules/auth/users';
import { loadSimulatorSecrets } from '../../server/modules/payments/secrets';
import { ledgerTotal } from '../../server/modules/wallet/ledger';
import { paymongoGcash } from '../../server/providers/payments/paymongo';
import { paymongoSignature } from '../../server/providers/payments/signatures';
import { errorMessage, percentile, round } from './stats';
import { withFreshDatabase, withThrowawayPostgres } from './postgres';

const PLAYERS = 50;
const CONNECTIONS = [1, 8, 32];
const PER_PHASE = Number(process.env['BENCH_WEBHOOK_DEPOSITS'] ?? 400);

interface Phase {
  connections: number;
  webhooks: number;
  creditsPerSec: number;
  latencyMs: { p50: number; p99: number; max: number };
  duplicatesPerSec: number;
  duplicateLatencyMs: { p50: number; p99: number };
  statuses: Record<string, number>;
}

/** Sends every body with `connections` requests in flight; answers each latency and the statuses. */
async function send(url: string, bodies: { body: string; headers: Record<string, string> }[], connections: number) {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < bodies.length) {
        const { body, headers } = bodies[next++]!;
        const began = performance.now();
        const answer = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
        await answer.arrayBuffer();
        latencies.push(performance.now() - began);
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      }
    }),
  );
  return { seconds: (performance.now() - start) / 1000, latencies, statuses };
}

async function players(app: FastifyInstance): Promise<number[]> {
  const db = app.database.db;
  const ids: number[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    const customer = await createCustomer(db, { mobileNo: `+639${String(100_000_000 + i)}`, birthday: '1990-01-01' });
    await createSession(db, { idleMs: 3_600_000, maxMs: 3_600_000, events: app.playerEvents }, customer.id, {
      ip: '127.0.0.1',
      headers: {},
    } as FastifyRequest);
    ids.push(customer.id);
  }
  return ids;
}

async function measure(kind: 'pglite' | 'postgres', databaseUrl: string | undefined): Promise<{ phases: Phase[]; check: unknown }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'panalo-bench-webhooks-'));
  let app: FastifyInstance | undefined;
  try {
    const config = loadConfig(
      { NODE_ENV: 'bench' },
      { port: 0, host: '127.0.0.1', dataDir, distDir: join(dataDir, 'no-dist'), logLevel: 'silent', seedDemo: false, databaseUrl },
    );
    app = await buildApp(config, {
      logger: false,
      ipCallsPerMinute: 1e9,
      webhookCallsPerMinute: 1e9,
      accountCallsPerMinute: 1e9,
      simulator: { run: false },
      jobs: { run: false },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    const url = `http://127.0.0.1:${address.port}/webhooks/paymongo`;
    const secret = loadSimulatorSecrets(dataDir).paymongoWebhookSecret;
    const customerIds = await players(app);
    const phases: Phase[] = [];
    const allOrders: string[] = [];
    let orderCount = 0;
    for (const connections of [2, ...CONNECTIONS]) {
      const warmUp = connections === 2;
      const count = warmUp ? 50 : PER_PHASE;
      // The orders and their checkouts, made ahead (not measured).
      const bodies: { body: string; headers: Record<string, string> }[] = [];
      for (let i = 0; i < count; i++) {
        const customerId = customerIds[orderCount++ % customerIds.length]!;
        const order = await app.deposits.createOnlineOrder(customerId, `bench-${orderCount}`, {
          payType: 'gcash',
          channelId: 'paymongo-gcash',
          amount: 10_000 + (orderCount % 50) * 100,
        });
        allOrders.push(order.orderNo);
        const [row] = await app.database.db.select().from(depositOrders).where(eq(depositOrders.orderNo, order.orderNo));
        const checkout = (await app.payments.simulators!.gcash.find(row!.providerCheckoutId!))!;
        bodies.push({ body: paymongoGcash.webhook(checkout.id, { ...checkout.data, stage: 'paid' }, Date.now())!.body, headers: {} });
      }
      const signed = () =>
        bodies.map(({ body }) => ({ body, headers: { 'paymongo-signature': paymongoSignature(body, secret, Date.now()) } }));
      const first = await send(url, signed(), connections);
      const again = await send(url, signed(), connections);
      if (warmUp) continue;
      const sorted = [...first.latencies].sort((a, b) => a - b);
      const phase: Phase = {
        connections,
        webhooks: count,
        creditsPerSec: round((first.statuses['200'] ?? 0) / first.seconds),
        latencyMs: { p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? 0) },
        duplicatesPerSec: round((again.statuses['200'] ?? 0) / again.seconds),
        duplicateLatencyMs: { p50: round(percentile(again.latencies, 50)), p99: round(percentile(again.latencies, 99)) },
        statuses: first.statuses,
      };
      phases.push(phase);
      console.info(
        `webhooks ${kind}: ${connections} connections: ${phase.creditsPerSec} deposits credited/s, p50 ${phase.latencyMs.p50} ms, p99 ${phase.latencyMs.p99} ms; duplicates ${phase.duplicatesPerSec}/s (p50 ${phase.duplicateLatencyMs.p50} ms)`,
      );
    }
    const db = app.database.db;
    const [paid] = await db
      .select({ n: sql<number>`count(*)::int`, credited: sql<number>`count(credit_transaction_id)::int` })
      .from(depositOrders)
      .where(inArray(depositOrders.orderNo, allOrders));
    const check = { orders: allOrders.length, paid: paid?.n, credited: paid?.credited, ledger: await ledgerTotal(db) };
    console.info(`webhooks ${kind}: check ${JSON.stringify(check)}`);
    return { phases, check };
  } finally {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const figures: Record<string, unknown> = {
    when: new Date().toISOString(),
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model ?? '', node: process.version },
    setup: { players: PLAYERS, depositsPerPhase: PER_PHASE, connections: CONNECTIONS },
  };
  try {
    figures['pglite'] = await measure('pglite', undefined);
  } catch (error) {
    figures['pglite'] = { error: errorMessage(error) };
    console.error(`webhooks pglite: ${errorMessage(error)}`);
  }
  try {
    const url = process.env['DATABASE_URL'];
    const onServer = (server: string) => withFreshDatabase(server, (dbUrl) => measure('postgres', dbUrl));
    figures['postgres'] = url ? await onServer(url) : await withThrowawayPostgres(onServer);
  } catch (error) {
    figures['postgres'] = { error: errorMessage(error) };
    console.error(`webhooks postgres: ${errorMessage(error)}`);
  }
  mkdirSync('bench-results', { recursive: true });
  writeFileSync(join('bench-results', 'webhooks.json'), `${JSON.stringify(figures, null, 2)}\n`);
  console.info(JSON.stringify(figures, null, 2));
}

await main();
