import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

/**
 * One Postgres dialect, two engines: embedded PGlite (in-process, data under <dataDir>/pglite) by
 * default, a PostgreSQL server when DATABASE_URL is set. The same schema and migrations run on both.
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Anything that runs queries: the database or a transaction in progress. */
export type Queryable = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = join(import.meta.dirname, 'migrations');

export async function openDatabase(options: { url?: string | undefined; dataDir?: string; pglite?: PGlite }): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle connection the server dropped (a restart, an administrator): the pool opens a new one on
    // the next query. Without a listener the error would end the whole process.
    pool.on('error', () => undefined);
    const db = drizzlePostgres({ client: pool, schema });
    await migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
  }
  const client = options.pglite ?? (await PGlite.create({ dataDir: join(options.dataDir ?? 'data', 'pglite') }));
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
}

const preparedQueries = new WeakMap<object, Map<string, { execute(params: Record<string, unknown>): Promise<unknown> }>>();

/**
 * A query built once and prepared under `name` (parsed once per connection), for the few queries nearly
 * every call runs (its session, the KYC rule, the rate limits): drizzle builds an ordinary query's SQL
 * anew each time, which costs several times what the database spends answering these. `build` uses
 * `sql.placeholder(…)` for what changes; the answer is what the query answers.
 */
export function prepared<P extends Record<string, unknown>, R>(
  name: string,
  build: (db: Queryable) => { prepare(name: string): { execute(params?: P): Promise<R> } },
): (db: Queryable, params: P) => Promise<R> {
  return (db, params) => {
    let byName = preparedQueries.get(db);
    if (!byName) preparedQueries.set(db, (byName = new Map()));
    let query = byName.get(name);
    if (!query) byName.set(name, (query = build(db).prepare(name) as { execute(params: Record<string, unknown>): Promise<unknown> }));
    return query.execute(params) as Promise<R>;
  };
}

/** The SQLSTATE of a database error, looking through the ORM's wrapping. */
export function sqlState(error: unknown): { code?: string; constraint?: string } {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return { code: candidate.code, ...(typeof candidate.constraint === 'string' ? { constraint: candidate.constraint } : {}) };
    }
    current = candidate.cause;
  }
  return {};
}
