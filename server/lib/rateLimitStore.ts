import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db';
import { coalesce } from './coalesce';
import { rateLimits } from '../db/schema';

/** How often the shared job deletes expired counters (sweepRateLimits). */
export const RATE_LIMIT_SWEEP_MS = 60_000;

/** Deletes expired counters; a shared job runs it on one instance (app.ts). Answers how many. */
export async function sweepRateLimits(db: Database): Promise<number> {
  const deleted = await db
    .delete(rateLimits)
    .where(lt(rateLimits.resetsAt, sql`now()`))
    .returning({ key: rateLimits.key });
  return deleted.length;
}

/**
 * A @fastify/rate-limit store in Postgres, so several instances behind one balancer share each
 * address's budget (ARCHITECTURE "Several instances"). Each counted request adds one to its key's
 * counter; windows run on the database's clock, the same for every instance. The requests counted at
 * the same time go in one upsert (coalesce): a key counted k times in it goes up by k, and its callers
 * get the counts one by one as if they had come one after the other. Keys are written in one order on
 * every instance, so two upserts never wait on each other in a cycle. With the embedded database there
 * is only ever one process, and the plugin's own in-memory store does the same job without the write.
 */
export function postgresRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  const count = coalesce(async (calls: { key: string; windowMs: number }[]) => {
    const byKey = new Map<string, { n: number; windowMs: number }>();
    for (const call of calls) {
      const counted = byKey.get(call.key);
      if (counted) counted.n++;
      else byKey.set(call.key, { n: 1, windowMs: call.windowMs });
    }
    const keys = [...byKey.keys()].sort();
    const result = await db.execute(sql`
      INSERT INTO ${rateLimits} (key, count, resets_at)
        SELECT key, n, now() + window_ms * interval '1 millisecond'
          FROM unnest(${sql.param(keys)}::text[], ${sql.param(keys.map((key) => byKey.get(key)!.n))}::integer[], ${sql.param(keys.map((key) => byKey.get(key)!.windowMs))}::integer[])
            AS x(key, n, window_ms)
          ORDER BY key
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN ${rateLimits}.resets_at <= now() THEN excluded.count ELSE ${rateLimits}.count + excluded.count END,
        resets_at = CASE WHEN ${rateLimits}.resets_at <= now() THEN excluded.resets_at ELSE ${rateLimits}.resets_at END
      RETURNING key, count, greatest(0, ceil(extract(epoch from (resets_at - now())) * 1000))::integer AS ttl`);
    const rows = (result as unknown as { rows: { key: string; count: number; ttl: number }[] }).rows;
    const counted = new Map(rows.map((row) => [row.key, { total: Number(row.count), ttl: Number(row.ttl), given: 0 }]));
    // The callers of a key counted n times in this upsert get total - n + 1, …, total, in their order.
    return calls.map((call) => {
      const row = counted.get(call.key)!;
      const n = byKey.get(call.key)!.n;
      return { current: row.total - n + 1 + row.given++, ttl: row.ttl };
    });
  });
  function store(prefix: string): FastifyRateLimitStore {
    return {
      incr(key, callback, timeWindow) {
        count({ key: `${prefix}${key}`, windowMs: Math.max(1, Math.round(timeWindow)) }).then(
          (row) => callback(null, row),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      },
      // A route with its own limit counts apart (the plugin passes the route as routeInfo).
      child(routeOptions) {
        const route = (routeOptions as unknown as { routeInfo: { method: string; url: string } }).routeInfo;
        return store(`${route.method} ${route.url} `);
      },
    };
  }

  return class PostgresRateLimitStore {
    constructor() {
      return store('global ');
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
