import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { postgresRateLimitStore } from '../../server/lib/rateLimitStore';
import { type TestDatabase, freshDatabase } from './server';

/**
 * The shared rate-limit counters (server/lib/rateLimitStore.ts) count the requests that come together
 * in one upsert: each still counts once, in the order it came, whatever else is counted with it.
 */

let database: TestDatabase;
let store: FastifyRateLimitStore;

beforeAll(async () => {
  database = await freshDatabase();
  const Store = postgresRateLimitStore(database.handle.db);
  store = new Store({} as never);
});

afterAll(async () => {
  await database.drop();
});

const incr = (key: string, windowMs = 60_000) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), windowMs, 1),
  );

describe('shared rate-limit counters', () => {
  it('count every request once, in order, when many come together, each key apart', async () => {
    const a = Array.from({ length: 25 }, () => incr('address:a'));
    const b = Array.from({ length: 3 }, () => incr('address:b'));
    const counts = await Promise.all(a);
    expect(counts.map((count) => count.current)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect((await Promise.all(b)).map((count) => count.current)).toEqual([1, 2, 3]);
    for (const { ttl } of counts) expect(ttl).toBeGreaterThan(50_000);
    expect((await incr('address:a')).current).toBe(26);
  });

  it('start a new window once the last one ended', async () => {
    expect((await incr('address:c', 1)).current).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await Promise.all([incr('address:c', 60_000), incr('address:c', 60_000)]);
    expect(again.map((count) => count.current)).toEqual([1, 2]);
  });
});
