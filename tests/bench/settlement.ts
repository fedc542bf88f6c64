/**
 * Settlement with and without the bonus wallet, for `npm run bench` (issue 35): figures, never pass/fail.
 * Writes bench-results/settlement.json. Run alone: `node --import tsx tests/bench/settlement.ts [--bets=10000] [--grants=1000]`.
 *
 * One instance in process (buildApp, the feed simulator held still) on a throwaway PostgreSQL
 * (tests/bench/postgres.ts; PGlite in process when no PostgreSQL can start, said so in the figures). Two
 * scenarios, each on a fresh database, run one after the other in one process:
 * - `plain`: `grants` players with cash only place `bets` ₱10 pre-match singles (spread over 50 matches),
 *   then the 50 matches finish at once and every ticket settles (the bets module's settlement, each ticket
 *   its own transaction: legs, ticket, payout on the ledger).
 * - `promotions`: the same players and bets, but each player holds an active ₱500 sports bonus (5×
 *   wagering, so it stays active) and ₱50 of cash: half of each player's stakes are paid from cash, half
 *   from their grant, so settlement also writes a wagering contribution per settled bet and returns wins
 *   in the proportion the stake was paid (the promotions module's `settled` hook, in the same transaction).
 * Figures: the time from the matches finishing to the last ticket settled (`settleMs`, and tickets per
 * second), and the rows written during settlement (inserts + updates + deletes from pg_stat_user_tables,
 * flushed first), with the tables that took them; `ratio` compares the promotions run to the plain one.
 * Each scenario runs `runs` times (default 1 at 10,000 bets: one run takes minutes on this machine); medians
 * are over runs.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createCustomer } from '../../server/modules/auth/users';
import { rewardTerms } from '../../server/modules/campaigns/service';
import { HOUSE, houseAccountId, ledgerTotal, post, walletAccountId } from '../../server/modules/wallet/ledger';
import { createFeedSimulator } from '../../server/providers/feed/simulator';
import { FEED_SPORTS } from '../../server/providers/feed/types';
import type { Market } from '../../src/contract/feed';
import { MarketStatus, type SportTypeId } from '../../src/contract/sports';
import { singleBody } from '../integration/bodies';
import { withFreshDatabase, withThrowawayPostgres } from './postgres';
import { errorMessage, median, monoMs, ratio, round } from './stats';

const { values: args } = parseArgs({
  options: { bets: { type: 'string' }, grants: { type: 'string' }, runs: { type: 'string' } },
});
const BETS = Number(args.bets ?? 10_000);
const PLAYERS = Number(args.grants ?? 1_000);
const RUNS = Number(args.runs ?? 1);
const MATCHES = 50;

type Scenario = 'plain' | 'promotions';

/**
 * Rows written so far per table. Each connection of the pool reports its counts on its own schedule (an
 * idle one within PostgreSQL's 10 s idle interval), so this waits 11 s and flushes its own first.
 */
async function rowsWritten(db: { execute: (query: ReturnType<typeof sql>) => Promise<unknown> }): Promise<Map<string, number>> {
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  await db.execute(sql`SELECT pg_stat_force_next_flush()`);
  const result = (await db.execute(
    sql`SELECT relname AS name, (n_tup_ins + n_tup_upd + n_tup_del)::bigint AS written FROM pg_stat_user_tables`,
  )) as { rows: { name: string; written: string | number }[] };
  return new Map(result.rows.map((row) => [row.name, Number(row.written)]));
}

async function scenario(kind: Scenario, databaseUrl: string | undefined) {
  const dataDir = mkdtempSync(join(tmpdir(), 'panalo-bench-settlement-'));
  const config = loadConfig(
    { NODE_ENV: 'production', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    { port: 0, host: '127.0.0.1', dataDir, distDir: join(dataDir, 'no-dist'), logLevel: 'silent', seedDemo: false },
  );
  const feed = createFeedSimulator({ seed: 20_261_128, matchesPerSport: 30, priceChangesPerSecond: 0, now: () => Date.now() });
  const app = await buildApp(config, { logger: false, feed, jobs: { run: false } });
  await app.ready();
  try {
    const db = app.database.db;
    const picks: { match: never; market: Market; key: string; price: number }[] = [];
    for (const sport of FEED_SPORTS)
      for (const listed of feed.listSnapshot(sport as SportTypeId, 'early').matches) {
        const snapshot = feed.matchSnapshot(listed.matchId)!;
        const market = snapshot.markets.find((m) => m.main && m.status === MarketStatus.Running && m.selections.every((s) => s.price > 1));
        if (market && picks.length < MATCHES)
          picks.push({ match: snapshot.match as never, market, key: market.selections[0]!.key, price: market.selections[0]!.price });
      }
    const perPlayer = Math.ceil(BETS / PLAYERS);
    const stake = 1_000;
    const players: number[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      players.push(
        await db.transaction(async (tx) => {
          const customer = await createCustomer(tx, { mobileNo: null, birthday: '1990-01-01' });
          // promotions: cash for half of the player's stakes, the other half from the grant.
          const cash = kind === 'plain' ? perPlayer * stake : Math.ceil(perPlayer / 2) * stake;
          await post(tx, {
            kind: 'deposit',
            customerId: customer.id,
            reference: `bench:deposit:${i}`,
            entries: [
              { accountId: await walletAccountId(tx, customer.id, 'main'), amount: cash },
              { accountId: await houseAccountId(tx, HOUSE.payments), amount: -cash },
            ],
          });
          if (kind === 'promotions')
            await app.promotions.grant(
              tx,
              customer.id,
              'bench-bonus',
              rewardTerms('Bench bonus', { bonus: 50_000, multiple: 5, maxBet: 10_000, maxWin: 500_000, days: 7 }),
              50_000,
            );
          return customer.id;
        }),
      );
    }
    let placed = 0;
    for (let i = 0; i < BETS; i++) {
      const customerId = players[i % players.length]!;
      const answer = await app.bets.placeSingle(
        customerId,
        `bench-settle-${i}`,
        singleBody(picks[i % picks.length]!, stake / 100) as never,
      );
      if (answer.ticket) placed++;
    }
    const before = await rowsWritten(db);
    const start = monoMs();
    for (const pick of picks) feed.finishNow((pick.match as { matchId: string }).matchId);
    await feed.idle();
    await app.bets.idle();
    const settleMs = monoMs() - start;
    const after = await rowsWritten(db);
    const tables = Object.fromEntries(
      [...after]
        .map(([name, written]) => [name, written - (before.get(name) ?? 0)] as const)
        .filter(([, written]) => written > 0)
        .sort((a, b) => b[1] - a[1]),
    );
    const settled = Number(
      ((await db.execute(sql`SELECT count(*) AS n FROM bet_tickets WHERE settled_at IS NOT NULL`)) as { rows: { n: string }[] }).rows[0]!.n,
    );
    const contributions = Number(
      ((await db.execute(sql`SELECT count(*) AS n FROM bonus_contributions`)) as { rows: { n: string }[] }).rows[0]!.n,
    );
    const activeGrants = Number(
      ((await db.execute(sql`SELECT count(*) AS n FROM bonus_grants WHERE status = 'active'`)) as { rows: { n: string }[] }).rows[0]!.n,
    );
    return {
      placed,
      settled,
      activeGrants,
      contributions,
      settleMs: round(settleMs),
      ticketsPerSec: round(settled / (settleMs / 1000)),
      rowsWritten: Object.values(tables).reduce((sum, n) => sum + n, 0),
      tables,
      ledgerTotal: await ledgerTotal(db),
    };
  } finally {
    await app.close();
    feed.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const results: Record<string, unknown> = { bets: BETS, players: PLAYERS, matches: MATCHES, runs: RUNS };
  const runs: Record<Scenario, Awaited<ReturnType<typeof scenario>>[]> = { plain: [], promotions: [] };
  let database = 'postgresql';
  for (let run = 0; run < RUNS; run++) {
    for (const kind of ['plain', 'promotions'] as const) {
      let figures: Awaited<ReturnType<typeof scenario>>;
      try {
        const once = (url: string) => withFreshDatabase(url, (dbUrl) => scenario(kind, dbUrl));
        figures = process.env['DATABASE_URL'] ? await once(process.env['DATABASE_URL']) : await withThrowawayPostgres(once);
      } catch (error) {
        // No PostgreSQL here: the embedded database, said so in the figures.
        database = `pglite (${errorMessage(error)})`;
        figures = await scenario(kind, undefined);
      }
      runs[kind].push(figures);
      console.log(`settlement ${kind} run ${run + 1}`, JSON.stringify(figures));
    }
  }
  const med = (kind: Scenario, pick: (f: Awaited<ReturnType<typeof scenario>>) => number) => median(runs[kind].map(pick));
  results['database'] = database;
  results['plain'] = runs.plain;
  results['promotions'] = runs.promotions;
  results['median'] = {
    plainSettleMs: med('plain', (f) => f.settleMs),
    promotionsSettleMs: med('promotions', (f) => f.settleMs),
    plainRows: med('plain', (f) => f.rowsWritten),
    promotionsRows: med('promotions', (f) => f.rowsWritten),
  };
  results['ratio'] = {
    settleMs: ratio(
      med('promotions', (f) => f.settleMs),
      med('plain', (f) => f.settleMs),
    ),
    rowsWritten: ratio(
      med('promotions', (f) => f.rowsWritten),
      med('plain', (f) => f.rowsWritten),
    ),
  };
  console.log('settlement median', JSON.stringify(results['median']), 'ratio', JSON.stringify(results['ratio']));
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/settlement.json', `${JSON.stringify(results, null, 2)}\n`);
}

await main();
