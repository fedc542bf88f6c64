/**
 * Cash-out figures for `npm run bench` (issue 38): figures, never pass/fail. Writes bench-results/cashout.json.
 * Run alone: `node --import tsx tests/bench/cashout.ts [--only=worker|postgres]`.
 *
 * 1. `worker`: the realtime worker's cash-out pricing (workers/realtime/cashout.ts) keeping 1,000 open
 *    tickets live (700 singles, 300 three-leg parlays, on the feed simulator's running markets) at
 *    2,000 price changes/s: every 100 ms conflation tick, 200 random markets of those matches get a new
 *    price in the MatchStore (as deltas do), then takeChanges() and CashoutWatches.feedChanged() run, and
 *    what the tab would get is structured-cloned as postMessage does. `tickMs` (median/p99/max) is the
 *    worker's cost per tick; `workerCpuPct` = median tick / 100 ms; `valuesPerTick` what crosses to the
 *    tab; `mainApplyMs` the tab's side per tick (the values into a new Map, as src/realtime/cashout.ts
 *    does, before React renders the cards it shows). This runs in Node (the same V8 as the worker), not on
 *    a phone and not in chromium: no browser long-task figure is measured here (see the report).
 * 2. `postgres`: cash-outs per second on a throwaway PostgreSQL (tests/bench/postgres.ts; PGlite when no
 *    PostgreSQL can start): one instance in process (buildApp, feed held still), 2,000 pre-match ₱10
 *    singles placed for 200 players, then `concurrency` loops each taking the next ticket: a quote
 *    (cashout/quote's service) and its accept (cashout/accept's, under an idempotency key: the one
 *    transaction with the ticket's lock, bet_cashouts, the ticket's change and the ledger). Calls go to the
 *    service, not over HTTP (the product's per-player call limits would bound the figure instead).
 *    `cashoutsPerSec`, latency p50/p99 of quote+accept, and the ledger's total (0 when every transaction balanced).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyRequest } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createSession } from '../../server/modules/auth/sessions';
import { createCustomer } from '../../server/modules/auth/users';
import { HOUSE, houseAccountId, ledgerTotal, post, walletAccountId } from '../../server/modules/wallet/ledger';
import { createFeedSimulator } from '../../server/providers/feed/simulator';
import { FEED_SPORTS } from '../../server/providers/feed/types';
import { oddsHundredths } from '../../src/contract/betting';
import type { Market } from '../../src/contract/feed';
import type { CashoutTicketWatch, CashoutValue } from '../../src/contract/realtime';
import { MarketStatus, type SportTypeId } from '../../src/contract/sports';
import { CashoutWatches } from '../../workers/realtime/cashout';
import { MatchStore } from '../../workers/realtime/store';
import { singleBody } from '../integration/bodies';
import { withFreshDatabase, withThrowawayPostgres } from './postgres';
import { errorMessage, median, monoMs } from './stats';

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

const { values: args } = parseArgs({ options: { only: { type: 'string' } } });
const results: Record<string, unknown> = {};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

function workerFigures() {
  const feed = createFeedSimulator({ seed: 20_261_120, matchesPerSport: 30, priceChangesPerSecond: 0, now: () => Date.now() });
  const store = new MatchStore();
  const running: Market[] = [];
  for (const sport of FEED_SPORTS) {
    for (const mode of ['live', 'today', 'early'] as const) {
      for (const listed of feed.listSnapshot(sport as SportTypeId, mode).matches) {
        const snapshot = feed.matchSnapshot(listed.matchId);
        if (!snapshot) continue;
        store.putMatch({ ...snapshot.match, eventStatus: 'running' });
        for (const market of snapshot.markets) {
          store.putMarket(market);
          if (market.status === MarketStatus.Running && market.selections.every((s) => s.price > 1)) running.push(market);
        }
      }
    }
  }
  store.takeChanges();
  let seed = 7;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const pick = () => running[Math.floor(random() * running.length)]!;
  const legOf = (market: Market) => ({
    matchId: market.matchId,
    marketId: market.marketId,
    key: market.selections[0]!.key,
    point: market.point,
    oddsH: oddsHundredths(market.selections[0]!.price),
    outcome: 'running' as const,
  });
  const tickets: CashoutTicketWatch[] = Array.from({ length: 1_000 }, (_, i) =>
    i < 700
      ? { transId: `t${i}`, stake: 10_000, marginBp: 500, legs: [legOf(pick())], combos: [] }
      : {
          transId: `t${i}`,
          stake: 5_000,
          marginBp: 500,
          legs: [legOf(pick()), legOf(pick()), legOf(pick())],
          combos: [{ size: 3, stake: 5_000 }],
        },
  );
  const watches = new CashoutWatches(store);
  let received: CashoutValue[];
  watches.watch(1, 'tab', tickets, (values) => (received = structuredClone(values)));
  // The markets the tickets are on, and their matches' others: what the tab's matches' destinations carry.
  const watchedMatches = new Set(tickets.flatMap((t) => t.legs.map((l) => l.matchId)));
  const moving = running.filter((m) => watchedMatches.has(m.matchId));
  const ticks = 600;
  const tickMs: number[] = [];
  const mainMs: number[] = [];
  const valuesPerTick: number[] = [];
  let shown = new Map<string, number | null>();
  for (let t = 0; t < ticks; t++) {
    // 2,000 price changes/s = 200 per 100 ms tick, applied as deltas would be.
    for (let c = 0; c < 200; c++) {
      const market = moving[Math.floor(random() * moving.length)]!;
      const held = store.markets.get(market.marketId)!;
      const selections = held.selections.map((s) => ({
        ...s,
        price: Math.max(1.01, Math.round((s.price + (random() - 0.5) * 0.2) * 100) / 100),
      }));
      store.putMarket({ ...held, selections });
    }
    received = [];
    const start = monoMs();
    const changes = store.takeChanges();
    watches.feedChanged(changes.markets);
    tickMs.push(monoMs() - start);
    valuesPerTick.push(received.length);
    const mainStart = monoMs();
    const next = new Map(shown);
    for (const { transId, value } of received) next.set(transId, value);
    shown = next;
    mainMs.push(monoMs() - mainStart);
  }
  feed.stop();
  const tick = median(tickMs.slice(50));
  return {
    tickets: tickets.length,
    priceChangesPerSec: 2_000,
    ticks,
    tickMs: { median: round(tick, 3), p99: round(percentile(tickMs.slice(50), 99), 3), max: round(Math.max(...tickMs.slice(50)), 3) },
    workerCpuPct: round((tick / 100) * 100, 2),
    valuesPerTick: { median: median(valuesPerTick), max: Math.max(...valuesPerTick) },
    mainApplyMs: { median: round(median(mainMs.slice(50)), 3), max: round(Math.max(...mainMs.slice(50)), 3) },
    ticksOver50ms: tickMs.filter((ms) => ms > 50).length,
  };
}

async function postgresFigures(databaseUrl: string | undefined) {
  const dataDir = mkdtempSync(join(tmpdir(), 'panalo-bench-cashout-'));
  const config = loadConfig(
    { NODE_ENV: 'production', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    { port: 0, host: '127.0.0.1', dataDir, distDir: join(dataDir, 'no-dist'), logLevel: 'silent', seedDemo: false },
  );
  const feed = createFeedSimulator({ seed: 20_261_120, matchesPerSport: 30, priceChangesPerSecond: 0, now: () => Date.now() });
  const app = await buildApp(config, { logger: false, feed, jobs: { run: false } });
  await app.ready();
  try {
    const db = app.database.db;
    const policy = { idleMs: 3_600_000, maxMs: 3_600_000, events: { publish: () => undefined } };
    const request = { ip: '127.0.0.1', headers: {} } as unknown as FastifyRequest;
    const players: number[] = [];
    for (let i = 0; i < 200; i++) {
      players.push(
        await db.transaction(async (tx) => {
          const customer = await createCustomer(tx, { mobileNo: null, birthday: '1990-01-01' });
          await post(tx, {
            kind: 'deposit',
            customerId: customer.id,
            reference: `bench:deposit:${i}`,
            entries: [
              { accountId: await walletAccountId(tx, customer.id, 'main'), amount: 10_000_00 },
              { accountId: await houseAccountId(tx, HOUSE.payments), amount: -10_000_00 },
            ],
          });
          await createSession(tx, policy as never, customer.id, request);
          return customer.id;
        }),
      );
    }
    // Pre-match markets: no live delay on accept (that delay is the product's, not the database's).
    const markets: { match: never; market: Market; key: string; price: number }[] = [];
    for (const sport of FEED_SPORTS)
      for (const listed of feed.listSnapshot(sport as SportTypeId, 'early').matches) {
        const snapshot = feed.matchSnapshot(listed.matchId)!;
        const market = snapshot.markets.find((m) => m.main && m.status === MarketStatus.Running && m.selections.every((s) => s.price > 1));
        if (market && markets.length < 50)
          markets.push({ match: snapshot.match as never, market, key: market.selections[0]!.key, price: market.selections[0]!.price });
      }
    const tickets: { customerId: number; transId: string }[] = [];
    for (let i = 0; i < 2_000; i++) {
      const customerId = players[i % players.length]!;
      const placed = await app.bets.placeSingle(customerId, `bench-place-${i}`, singleBody(markets[i % markets.length]!, 10) as never);
      if (placed.ticket) tickets.push({ customerId, transId: placed.ticket.transId });
    }
    const concurrency = databaseUrl ? 16 : 1;
    const latencies: number[] = [];
    let next = 0;
    let done = 0;
    const start = monoMs();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < tickets.length) {
          const ticket = tickets[next++]!;
          const began = monoMs();
          const quote = await app.bets.cashout.quote(ticket.customerId, ticket.transId);
          if (quote.status !== 'ok') continue;
          const answer = await app.bets.cashout.accept(ticket.customerId, `bench-cashout-${ticket.transId}`, quote.quote.quoteId);
          latencies.push(monoMs() - began);
          if (answer.status === 'done') done++;
        }
      }),
    );
    const seconds = (monoMs() - start) / 1000;
    return {
      database: databaseUrl ? 'postgresql' : 'pglite',
      concurrency,
      tickets: tickets.length,
      cashedOut: done,
      cashoutsPerSec: round(done / seconds, 1),
      latencyMs: { p50: round(percentile(latencies, 50), 2), p99: round(percentile(latencies, 99), 2) },
      ledgerTotal: await ledgerTotal(db),
    };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  if (!args.only || args.only === 'worker') {
    try {
      results['worker'] = workerFigures();
    } catch (error) {
      results['worker'] = { error: errorMessage(error) };
    }
    console.log('cashout worker', JSON.stringify(results['worker']));
  }
  if (!args.only || args.only === 'postgres') {
    try {
      const run = (url: string) => withFreshDatabase(url, (dbUrl) => postgresFigures(dbUrl));
      results['postgres'] = process.env['DATABASE_URL'] ? await run(process.env['DATABASE_URL']) : await withThrowawayPostgres(run);
    } catch (error) {
      // No PostgreSQL here: the embedded database, said so in the figures.
      results['postgres'] = { postgresError: errorMessage(error), ...(await postgresFigures(undefined)) };
    }
    console.log('cashout postgres', JSON.stringify(results['postgres']));
  }
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/cashout.json', `${JSON.stringify(results, null, 2)}\n`);
}

await main();
