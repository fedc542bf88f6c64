// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, type Queryable } from '../../server/db';
import { postgresSimulatorStore } from '../../server/providers/payments/postgresStore';
import { memorySimulatorStore, type SimulatorStore } from '../../server/providers/payments/store';
import { RETURN_URLS, START, paymentsWorld } from './paymentsHarness';

/** The same rules for the in-memory store and the Postgres one (on an in-memory PGlite with the table's migration). */
let pglite: PGlite;
let db: Queryable;
beforeAll(async () => {
  pglite = await PGlite.create();
  await pglite.exec(readFileSync(join(MIGRATIONS_FOLDER, '0008_payment_sim_records.sql'), 'utf8'));
  db = drizzle({ client: pglite }) as unknown as Queryable;
}, 60_000);
afterAll(() => pglite?.close());

const channel = (down: boolean) => ({ down, changedAt: START });

describe.each([
  ['memory', () => memorySimulatorStore()],
  ['postgres', () => postgresSimulatorStore(db)],
] as const)('simulator store (%s)', (name, makeStore) => {
  let store: SimulatorStore;
  beforeAll(() => {
    store = makeStore();
  });

  it('an insert with a known id or idempotency key answers the first record', async () => {
    const first = await store.insert('channel', { id: `${name}-a`, idempotencyKey: `${name}-k`, dueAt: null, data: channel(true) });
    expect(first.created).toBe(true);
    const sameKey = await store.insert('channel', { id: `${name}-b`, idempotencyKey: `${name}-k`, dueAt: null, data: channel(false) });
    expect(sameKey).toEqual({ created: false, record: first.record });
    const sameId = await store.insert('channel', { id: `${name}-a`, dueAt: 5, data: channel(false) });
    expect(sameId).toEqual({ created: false, record: first.record });
    expect(await store.get('channel', `${name}-b`)).toBeUndefined();
  });

  it('due lists what has come, earliest first; a put moves it', async () => {
    await store.put('channel', { id: `${name}-late`, dueAt: START + 2_000, data: channel(false) });
    await store.put('channel', { id: `${name}-early`, dueAt: START + 1_000, data: channel(false) });
    expect((await store.due('channel', START + 1_500, 10)).map((row) => row.id)).toEqual([`${name}-early`]);
    await store.put('channel', { id: `${name}-early`, dueAt: null, data: channel(true) });
    expect(await store.due('channel', START + 5_000, 10)).toEqual([{ id: `${name}-late`, dueAt: START + 2_000, data: channel(false) }]);
    await store.put('channel', { id: `${name}-late`, dueAt: null, data: channel(false) });
  });

  it('a transaction that throws writes nothing', async () => {
    await expect(
      store.transaction(async (tx) => {
        await tx.put('channel', { id: `${name}-rolled`, dueAt: null, data: channel(true) });
        throw new Error('crash in the middle');
      }),
    ).rejects.toThrow('crash');
    expect(await store.get('channel', `${name}-rolled`)).toBeUndefined();
  });

  it('runs a paid checkout through duplicate webhooks: credited once', async () => {
    const world = paymentsWorld({ copies: 3, spreadMs: 20_000 }, store);
    const { checkoutId } = await world.sims.gcash.createCheckout({
      amount: 50_000,
      reference: `${name}-D1`,
      idempotencyKey: `${name}-D1`,
      returnUrls: RETURN_URLS,
    });
    await world.sims.gcash.pay(checkoutId, world.now());
    await world.advance(10 * 60_000);
    expect(world.arrivals).toHaveLength(3);
    expect(world.credits).toEqual([`${name}-D1`]);
  });
});
