import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db';
import type { RecordKind, SimulatorStore, StoredRecord } from './store';

/**
 * The simulators' store in Postgres (PGlite or a PostgreSQL server), shared by every instance and kept
 * across restarts. One row per record; the job asks for rows whose due_at has come. The table is
 * created by migration 0008_payment_sim_records.sql.
 */
interface Row {
  id: string;
  due_ms: string | number | null;
  data: unknown;
}

const COLUMNS = sql`id, round(extract(epoch from due_at) * 1000)::bigint AS due_ms, data`;
const at = (ms: number | null) => (ms === null ? sql`NULL` : sql`to_timestamp(${ms / 1000})`);

export function postgresSimulatorStore(db: Queryable, inTransaction = false): SimulatorStore {
  const rows = async (query: SQL) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
  const record = <K extends RecordKind>(row: Row): StoredRecord<K> => ({
    id: row.id,
    dueAt: row.due_ms === null ? null : Number(row.due_ms),
    data: (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as StoredRecord<K>['data'],
  });

  const store: SimulatorStore = {
    async insert(kind, { id, idempotencyKey, dueAt, data }) {
      const [made] = await rows(sql`
        INSERT INTO payment_sim_records (kind, id, idempotency_key, due_at, data)
        VALUES (${kind}, ${id}, ${idempotencyKey ?? null}, ${at(dueAt)}, ${JSON.stringify(data)}::jsonb)
        ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`);
      if (made) return { record: record(made), created: true };
      const [existing] = await rows(sql`
        SELECT ${COLUMNS} FROM payment_sim_records
        WHERE kind = ${kind} AND (id = ${id} OR idempotency_key = ${idempotencyKey ?? null})`);
      return { record: record(existing!), created: false };
    },
    async get(kind, id) {
      // Inside a transaction the row stays locked until commit: two writers never both move a record.
      const lock = inTransaction ? sql` FOR UPDATE` : sql``;
      const [row] = await rows(sql`SELECT ${COLUMNS} FROM payment_sim_records WHERE kind = ${kind} AND id = ${id}${lock}`);
      return row ? record(row) : undefined;
    },
    async put(kind, { id, dueAt, data }) {
      await db.execute(sql`
        INSERT INTO payment_sim_records (kind, id, due_at, data) VALUES (${kind}, ${id}, ${at(dueAt)}, ${JSON.stringify(data)}::jsonb)
        ON CONFLICT (kind, id) DO UPDATE SET due_at = excluded.due_at, data = excluded.data, updated_at = now()`);
    },
    async due(kind, now, limit) {
      const due = await rows(sql`
        SELECT ${COLUMNS} FROM payment_sim_records
        WHERE kind = ${kind} AND due_at <= ${at(now)} ORDER BY due_at, id LIMIT ${limit}`);
      return due.map((row) => record(row));
    },
    transaction(work) {
      if (inTransaction) return work(store);
      return db.transaction((tx) => work(postgresSimulatorStore(tx, true)));
    },
  };
  return store;
}
