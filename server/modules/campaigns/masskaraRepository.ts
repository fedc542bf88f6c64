import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable, Transaction } from '../../db';
import { masskaraEntries, masskaraMasks, raffleDraws, raffles } from '../../db/schema';

/** Masskara's and the raffles' storage (migration 0031; editions and the settled_stakes view: 0040). */

export type MasskaraEntryRow = typeof masskaraEntries.$inferSelect;
export type MaskRow = typeof masskaraMasks.$inferSelect;
export type RaffleRow = typeof raffles.$inferSelect;
export type RaffleDrawRow = typeof raffleDraws.$inferSelect;

export async function entry(db: Queryable, customerId: number, edition: string, lock = false): Promise<MasskaraEntryRow | undefined> {
  const query = db
    .select()
    .from(masskaraEntries)
    .where(and(eq(masskaraEntries.customerId, customerId), eq(masskaraEntries.edition, edition)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Joins an edition once (a second join answers the first entry, its seed unchanged). */
export async function join(tx: Transaction, row: { customerId: number; edition: string; joinedAt: Date; seed: string; seedHash: string }) {
  await tx.insert(masskaraEntries).values(row).onConflictDoNothing();
  return (await entry(tx, row.customerId, row.edition))!;
}

export async function markExchanged(tx: Transaction, customerId: number, edition: string, grantId: number, at: Date): Promise<void> {
  await tx
    .update(masskaraEntries)
    .set({ exchangedAt: at, grantId })
    .where(and(eq(masskaraEntries.customerId, customerId), eq(masskaraEntries.edition, edition)));
}

export interface MaskSource {
  source: string;
  kind: 'bet' | 'round';
  reference: string;
  stake: number;
  earnedAt: Date;
}

/**
 * What may draw a mask and has not yet: the player's settled stakes (settled_stakes, migration 0040: a
 * sports ticket won, lost or half, every leg at the odds asked; a settled casino round) whose cash part
 * (the stake less what bonus grants or a free bet paid) is at least the stake asked, settled from `from`
 * to `to`. A void, rejected or cashed-out ticket is not a settled stake; the mask records the cash part.
 */
export async function newSources(
  db: Queryable,
  customerId: number,
  rule: { sports: { minStake: number; minOddsH: number } | null; casino: { minBet: number } | null; from: Date; to: Date },
): Promise<MaskSource[]> {
  const from = rule.from.toISOString();
  const to = rule.to.toISOString();
  const result = (await db.execute(sql`
    SELECT s.source, s.kind, s.reference, s.cash, s.settled_at AS "settledAt" FROM settled_stakes s
    WHERE s.customer_id = ${customerId}
      AND s.settled_at >= ${from}::timestamptz AND s.settled_at < ${to}::timestamptz
      AND (
        (${rule.sports !== null} AND s.kind = 'bet' AND s.cash >= ${rule.sports?.minStake ?? 0}
          AND NOT EXISTS (SELECT 1 FROM bet_legs l WHERE l.ticket_id = s.ticket_id AND l.price_h < ${rule.sports?.minOddsH ?? 0}))
        OR (${rule.casino !== null} AND s.kind = 'round' AND s.cash >= ${rule.casino?.minBet ?? 0}))
      AND NOT EXISTS (SELECT 1 FROM masskara_masks m WHERE m.customer_id = s.customer_id AND m.source = s.source)
    ORDER BY s.settled_at, s.source
    LIMIT 1000`)) as unknown as {
    rows: { source: string; kind: 'bet' | 'round'; reference: string; cash: string | number; settledAt: string | Date }[];
  };
  return result.rows.map((row) => ({
    source: row.source,
    kind: row.kind,
    reference: row.reference,
    stake: Number(row.cash),
    earnedAt: new Date(row.settledAt),
  }));
}

export async function addMasks(db: Queryable, rows: (typeof masskaraMasks.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(masskaraMasks).values(rows).onConflictDoNothing();
}

/** The player's masks of an edition, newest first. */
export function masksOf(db: Queryable, customerId: number, edition: string): Promise<MaskRow[]> {
  return db
    .select()
    .from(masskaraMasks)
    .where(and(eq(masskaraMasks.customerId, customerId), eq(masskaraMasks.edition, edition)))
    .orderBy(sql`${masskaraMasks.earnedAt} DESC, ${masskaraMasks.id} DESC`);
}

export async function markMasksExchanged(tx: Transaction, ids: number[]): Promise<void> {
  if (ids.length > 0) await tx.update(masskaraMasks).set({ exchanged: true }).where(inArray(masskaraMasks.id, ids));
}

// ── Raffles ──────────────────────────────────────────────────────────────────────────────────────

export function allRaffles(db: Queryable): Promise<RaffleRow[]> {
  return db.select().from(raffles).orderBy(asc(raffles.id));
}

/** Saves a raffle: its seed is fixed by the first save and never changed by an edit. */
export async function saveRaffle(
  db: Queryable,
  row: { id: string; definition: unknown; active: boolean; seed: string; seedHash: string },
): Promise<void> {
  await db
    .insert(raffles)
    .values(row)
    .onConflictDoUpdate({ target: raffles.id, set: { definition: row.definition, active: row.active, updatedAt: sql`now()` } });
}

export function draws(db: Queryable): Promise<RaffleDrawRow[]> {
  return db.select().from(raffleDraws);
}

/** Takes a raffle's draw (once across instances: the row is the guard); false when already taken. */
export async function takeDraw(tx: Transaction, raffleId: string, at: Date): Promise<boolean> {
  const rows = await tx
    .insert(raffleDraws)
    .values({ raffleId, drawnAt: at, entries: [], winners: [] })
    .onConflictDoNothing()
    .returning({ id: raffleDraws.raffleId });
  return rows.length > 0;
}

export async function recordDraw(tx: Transaction, raffleId: string, entries: unknown, winners: unknown): Promise<void> {
  await tx.update(raffleDraws).set({ entries, winners }).where(eq(raffleDraws.raffleId, raffleId));
}

export interface Turnover {
  customerId: number;
  nickName: string;
  turnover: number;
}

/**
 * Each player's settled turnover in a window (sports bets and/or casino rounds), ascending by player:
 * the cash part of each settled stake (settled_stakes, migration 0040), so a bonus-funded or free-bet
 * stake, a void and a cash-out add nothing.
 */
export async function turnovers(
  db: Queryable,
  query: { sports: boolean; casino: boolean; from: Date; to: Date; customerId?: number },
): Promise<Turnover[]> {
  const from = query.from.toISOString();
  const to = query.to.toISOString();
  const only = query.customerId ?? null;
  const result = (await db.execute(sql`
    SELECT s.customer_id AS "customerId", c.nick_name AS "nickName", sum(s.cash) AS turnover FROM settled_stakes s
    JOIN customers c ON c.id = s.customer_id
    WHERE ((${query.sports} AND s.kind = 'bet') OR (${query.casino} AND s.kind = 'round'))
      AND s.settled_at >= ${from}::timestamptz AND s.settled_at < ${to}::timestamptz
      AND (${only}::bigint IS NULL OR s.customer_id = ${only}::bigint)
    GROUP BY s.customer_id, c.nick_name
    HAVING sum(s.cash) > 0
    ORDER BY s.customer_id ASC`)) as unknown as { rows: { customerId: string | number; nickName: string; turnover: string | number }[] };
  return result.rows.map((row) => ({ customerId: Number(row.customerId), nickName: row.nickName, turnover: Number(row.turnover) }));
}
