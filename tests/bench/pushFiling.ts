/**
 * What Web Push costs each settled ticket of a player with no push subscription (most players), for
 * `npm run bench`: figures, never pass/fail. Writes bench-results/push-filing.json.
 *
 *   node --import tsx tests/bench/pushFiling.ts [--calls 2000] [--rounds 5] [--no-postgres]
 *
 * Every settled ticket files its notification (server/modules/push: fileDeliveries). Before: a lookup of
 * the player's settings, then of their subscriptions (two queries built by the ORM each time). After:
 * one prepared joined lookup that finds nothing. Both side by side on one database (PGlite, then a
 * throwaway PostgreSQL server when initdb is on the PATH), 1,000 players of whom 100 have a subscription,
 * rounds alternating the two; the median per call over the rounds and the ratio.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { type Database, openDatabase } from '../../server/db';
import { pushSettings, pushSubscriptions } from '../../server/db/schema';
import { fileDeliveries } from '../../server/modules/push/repository';
import type { PushPayload } from '../../src/contract/pushKinds';
import { withFreshDatabase, withThrowawayPostgres } from './postgres';
import { errorMessage, median, monoMs, round } from './stats';

const { values } = parseArgs({
  options: { calls: { type: 'string', default: '2000' }, rounds: { type: 'string', default: '5' }, 'no-postgres': { type: 'boolean' } },
});
const CALLS = Number(values.calls);
const ROUNDS = Number(values.rounds);
const PLAYERS = 1_000;

const payload: PushPayload = { kind: 'betSettled', url: '/', tag: 't', title: 'T', body: 'B' };

/** The two lookups fileDeliveries made before (copied from its previous version, for the comparison). */
async function before(db: Database, customerId: number): Promise<number> {
  const [settings] = await db.select({ on: pushSettings.betSettled }).from(pushSettings).where(eq(pushSettings.customerId, customerId));
  if (settings && !settings.on) return 0;
  const subscriptions = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.customerId, customerId));
  return subscriptions.length;
}

async function after(db: Database, customerId: number): Promise<number> {
  const filed = await fileDeliveries(db, {
    customerId,
    kind: 'betSettled',
    eventKey: `bench:${customerId}`,
    payloads: { en: payload, cn: payload },
    leaseUntil: new Date(),
  });
  return filed.length;
}

async function measure(db: Database): Promise<Record<string, number>> {
  // 1,000 players; every tenth subscribed (and some with settings saved); the measured ones are not.
  await db.insert(pushSubscriptions).values(
    Array.from({ length: PLAYERS / 10 }, (_, i) => ({
      customerId: 1_000_000 + i * 10,
      endpoint: `http://127.0.0.1/dev/push/${i}`,
      p256dh: 'k',
      auth: 'a',
    })),
  );
  await db.insert(pushSettings).values(Array.from({ length: PLAYERS / 20 }, (_, i) => ({ customerId: 1_000_000 + i * 20, kyc: false })));
  const unsubscribed = (i: number) => 1_000_000 + (i % (PLAYERS / 10)) * 10 + 1 + (i % 9);
  const variants = { before, after } as const;
  const perCall: Record<keyof typeof variants, number[]> = { before: [], after: [] };
  // Warm both (the prepared statement, the ORM's caches, the buffer pool).
  for (let i = 0; i < 200; i++) for (const run of Object.values(variants)) await run(db, unsubscribed(i));
  for (let round_ = 0; round_ < ROUNDS; round_++) {
    const order = round_ % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const);
    for (const name of order) {
      const start = monoMs();
      let found = 0;
      for (let i = 0; i < CALLS; i++) found += await variants[name](db, unsubscribed(i));
      perCall[name].push(((monoMs() - start) * 1000) / CALLS);
      if (found !== 0) throw new Error(`${name} found subscriptions for unsubscribed players`);
    }
  }
  const b = median(perCall.before);
  const a = median(perCall.after);
  return { beforeMicrosPerCall: round(b), afterMicrosPerCall: round(a), ratio: round(b / a) };
}

const results: Record<string, unknown> = { calls: CALLS, rounds: ROUNDS, players: PLAYERS };
const dir = mkdtempSync(join(tmpdir(), 'panalo-bench-push-'));
try {
  const handle = await openDatabase({ dataDir: dir });
  try {
    results.pglite = await measure(handle.db);
  } finally {
    await handle.close();
  }
  console.log('PGlite', results.pglite);
  if (!values['no-postgres']) {
    try {
      results.postgres = await withThrowawayPostgres((url) =>
        withFreshDatabase(url, async (dbUrl) => {
          const pgHandle = await openDatabase({ url: dbUrl });
          try {
            return await measure(pgHandle.db);
          } finally {
            await pgHandle.close();
          }
        }),
      );
      console.log('PostgreSQL', results.postgres);
    } catch (error) {
      results.postgres = { skipped: errorMessage(error) };
      console.log('PostgreSQL skipped:', errorMessage(error));
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/push-filing.json', `${JSON.stringify(results, null, 2)}\n`);
