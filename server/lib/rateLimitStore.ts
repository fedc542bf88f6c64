import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db';
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
 * address's budget (ARCHITECTURE "Several instances"). One upsert per counted request; windows run on
 * the database's clock, the same for every instance. With the embedded database there is only ever one
 * process, and the plugin's own in-memory store does the same job without the write.
 */
export function postgresRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  function store(prefix: string): FastifyRateLimitStore {
    return {
      incr(key, callback, timeWindow) {
        const window = sql`(${Math.max(1, Math.round(timeWindow))}::integer * interval '1 millisecond')`;
        const expired = sql`${rateLimits.resetsAt} <= now()`;
        db.insert(rateLimits)
          .values({ key: `${prefix}${key}`, count: 1, resetsAt: sql`now() + ${window}` })
          .onConflictDoUpdate({
            target: rateLimits.key,
            set: {
              count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
              resetsAt: sql`CASE WHEN ${expired} THEN now() + ${window} ELSE ${rateLimits.resetsAt} END`,
            },
          })
          .returning({
            current: rateLimits.count,
            ttl: sql<number>`greatest(0, ceil(extract(epoch from (${rateLimits.resetsAt} - now())) * 1000))::integer`.mapWith(Number),
          })
          .then(
            ([row]) => callback(null, row ?? { current: 1, ttl: timeWindow }),
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
