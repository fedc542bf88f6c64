/**
 * Betting figures for `npm run bench`: figures, never pass/fail. Placement of pre-match singles
 * (saba/sabaDoPlaceBetV2) on loopback, on the embedded database (PGlite) and, when DATABASE_URL is set,
 * on PostgreSQL. Prints each phase as it finishes and writes bench-results/betting.json.
 * Run alone with `node --import tsx tests/bench/betting.ts`; BENCH_BET_SECONDS sets a phase's length.
 *
 * Set-up per database: the real server (buildApp, a fresh PGlite data folder or a fresh PostgreSQL
 * database, both removed afterwards; a feed that is not started, so prices hold still and every bet is
 * accepted at its price; rate limits lifted), and PLAYERS players written straight into the database
 * with a session and a deposit posted through the ledger (registration's SMS and captcha are not what
 * is measured). The load runs in a forked process (betting-load.ts, autocannon): every request a new
 * Qid, Idempotency-Key and Sign, players round-robin, each bet ₱10 on one of BET_MARKETS main markets.
 *
 * How to read it: per phase (connections = requests in flight), `betsPerSec` is accepted tickets per
 * second (answers with data.code 0, checked against the tickets the database holds afterwards),
 * `latencyMs` autocannon's per-request latency (p50/p90/p99/max). Each placement is one database
 * transaction: idempotency key, ticket, leg, and a ledger posting whose trigger updates the player's
 * wallet and the one house:open-bets account, so placements serialize on that account's row lock in
 * PostgreSQL, and PGlite runs one transaction at a time whatever the connections.
 */
import { fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig, type ServerConfig } from '../../server/config';
import type { Database } from '../../server/db';
import { betTickets, customers } from '../../server/db/schema';
import { createSession } from '../../server/modules/auth/sessions';
import { createCustomer } from '../../server/modules/auth/users';
import { HOUSE, houseAccountId, ledgerTotal, post, walletAccountId } from '../../server/modules/wallet/ledger';
import { createFeedSimulator } from '../../server/providers/feed/simulator';
import { singleBody } from '../integration/bodies';
import { FEED_SPORTS } from '../../server/providers/feed/types';
import type { SinglePlacement } from '../../src/contract/betting';
import type { SportTypeId } from '../../src/contract/sports';
import type { LoadReply, LoadRequest } from './betting-load';
import { errorMessage, round } from './stats';
import { withFreshDatabase } from './postgres';

const PLAYERS = 100;
const BET_MARKETS = 50;
const STAKE_PESOS = 10;
const FUNDS_PESOS = 10_000_000;
const CONNECTIONS = [1, 8, 32, 128];
const PHASE_SECONDS = Number(process.env['BENCH_BET_SECONDS'] ?? 12);

interface Phase {
  connections: number;
  durationS: number;
  requests: number;
  /** Answers with data.code 0 within the phase. */
  accepted: number;
  /** Tickets the database gained (a few more than accepted: requests still in flight when the phase ended). */
  ticketsWritten: number;
  betsPerSec: number;
  latencyMs: LoadReply['latencyMs'];
  codes: Record<string, number>;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** Players with a session and money, written directly (a test-only path; the money goes through the ledger). */
async function players(app: FastifyInstance, config: ServerConfig): Promise<string[]> {
  const db: Database = app.database.db;
  const policy = { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs, events: app.playerEvents };
  const request = { ip: '127.0.0.1', headers: {} } as unknown as FastifyRequest;
  const tokens: string[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    const token = await db.transaction(async (tx) => {
      const customer = await createCustomer(tx, { mobileNo: null, birthday: '1990-01-01' });
      await tx.update(customers).set({ firstDepositAt: new Date() }).where(eq(customers.id, customer.id));
      await post(tx, {
        kind: 'deposit',
        customerId: customer.id,
        reference: 'bench:deposit',
        entries: [
          { accountId: await walletAccountId(tx, customer.id, 'main'), amount: FUNDS_PESOS * 100 },
          { accountId: await houseAccountId(tx, HOUSE.payments), amount: -FUNDS_PESOS * 100 },
        ],
      });
      return (await createSession(tx, policy, customer.id, request)).webToken.token;
    });
    tokens.push(token);
  }
  return tokens;
}

/** Pre-match main markets of the feed as slip bodies (the feed is not started: their prices hold). */
function bets(app: FastifyInstance): SinglePlacement[] {
  const bodies: SinglePlacement[] = [];
  for (const sport of FEED_SPORTS) {
    for (const mode of ['today', 'early'] as const) {
      const list = app.feed.listSnapshot(sport as SportTypeId, mode);
      for (const market of list.markets) {
        const match = list.matches.find((m) => m.matchId === market.matchId)!;
        const selection = market.selections[0]!;
        if (market.status !== 'Running' || selection.price <= 1 || bodies.length >= BET_MARKETS) continue;
        bodies.push(
          singleBody({ match, market, key: selection.key, price: selection.price }, STAKE_PESOS, {
            betOnPage: 'bench',
            acceptOddsChange: 'none',
          }),
        );
      }
    }
  }
  return bodies;
}

function load(request: LoadRequest): Promise<LoadReply> {
  const child = fork(fileURLToPath(new URL('./betting-load.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise<LoadReply>((resolve, reject) => {
    child.once('message', (reply: LoadReply | { error: string }) => {
      child.kill();
      if ('error' in reply) reject(new Error(`load process: ${reply.error}`));
      else resolve(reply);
    });
    child.once('exit', (code) => reject(new Error(`load process exited (${code})`)));
    child.send(request);
  });
}

async function ticketCount(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(betTickets);
  return row?.n ?? 0;
}

async function measure(kind: 'pglite' | 'postgres', databaseUrl: string | undefined): Promise<{ phases: Phase[]; ledger: unknown }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'panalo-bench-bets-'));
  let app: FastifyInstance | undefined;
  try {
    const config = loadConfig(
      { NODE_ENV: 'bench' },
      { port: 0, host: '127.0.0.1', dataDir, distDir: join(dataDir, 'no-dist'), logLevel: 'silent', seedDemo: false, databaseUrl },
    );
    const feed = createFeedSimulator({
      seed: 20_261_120,
      matchesPerSport: 30,
      priceChangesPerSecond: 60,
      matchSpeed: 1,
      now: () => Date.now(),
    });
    app = await buildApp(config, { logger: false, feed, ipCallsPerMinute: 1e9, accountCallsPerMinute: 1e9 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    const url = `http://127.0.0.1:${address.port}`;
    const tokens = await players(app, config);
    const bodies = bets(app);
    const db = app.database.db;
    // A short warm-up (JIT, connection pool, prepared plans), not counted.
    await load({ url, appKey: config.appKey, tokens, bets: bodies, connections: 8, durationS: 2 });
    const phases: Phase[] = [];
    for (const connections of CONNECTIONS) {
      const before = await ticketCount(db);
      const reply = await load({ url, appKey: config.appKey, tokens, bets: bodies, connections, durationS: PHASE_SECONDS });
      // Let the requests still in flight finish before counting what was written.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const ticketsWritten = (await ticketCount(db)) - before;
      const accepted = reply.codes['0'] ?? 0;
      const phase: Phase = {
        connections,
        durationS: round(reply.durationMs / 1000),
        requests: reply.requests,
        accepted,
        ticketsWritten,
        betsPerSec: round(accepted / (reply.durationMs / 1000)),
        latencyMs: reply.latencyMs,
        codes: reply.codes,
        non2xx: reply.non2xx,
        errors: reply.errors,
        timeouts: reply.timeouts,
      };
      phases.push(phase);
      console.info(
        `betting ${kind}: ${connections} connections: ${phase.betsPerSec} bets/s, p50 ${phase.latencyMs.p50} ms, p99 ${phase.latencyMs.p99} ms (${accepted} accepted, ${ticketsWritten} tickets written, answers ${JSON.stringify(phase.codes)})`,
      );
    }
    return { phases, ledger: await ledgerTotal(db) };
  } finally {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const figures: Record<string, unknown> = {
    when: new Date().toISOString(),
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model ?? '', node: process.version },
    setup: { players: PLAYERS, markets: BET_MARKETS, stakePesos: STAKE_PESOS, phaseSeconds: PHASE_SECONDS },
  };
  try {
    figures['pglite'] = await measure('pglite', undefined);
  } catch (error) {
    figures['pglite'] = { error: errorMessage(error) };
    console.error(`betting pglite: ${errorMessage(error)}`);
  }
  const url = process.env['DATABASE_URL'];
  if (url) {
    try {
      figures['postgres'] = await withFreshDatabase(url, (dbUrl) => measure('postgres', dbUrl));
    } catch (error) {
      figures['postgres'] = { error: errorMessage(error) };
      console.error(`betting postgres: ${errorMessage(error)}`);
    }
  } else {
    figures['postgres'] = { skipped: 'DATABASE_URL is not set' };
  }
  mkdirSync('bench-results', { recursive: true });
  writeFileSync(join('bench-results', 'betting.json'), `${JSON.stringify(figures, null, 2)}\n`);
  console.info(JSON.stringify(figures, null, 2));
}

await main();
