import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable, Transaction } from '../../db';
import { masskaraEntries, masskaraMasks, raffleDraws, raffles } from '../../db/schema';

/** Masskara's and the raffles' storage (migration 0031). */

export type MasskaraEntryRow = typeof masskaraEntries.$inferSelect;
export type MaskRow = typeof masskaraMasks.$inferSelect;
export type RaffleRow = typeof raffles.$inferSelect;
export type RaffleDrawRow = typeof raffleDraws.$inferSelect;

export async function entry(db: Queryable, customerId: number, lock = false): Promise<MasskaraEntryRow | undefined> {
  const query = db.select().from(masskaraEntries).where(eq(masskaraEntries.customerId, customerId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Joins once (a second join answers the first entry, its seed unchanged). */
export async function join(tx: Transaction, row: { customerId: number; joinedAt: Date; seed: string; seedHash: string }) {
  await tx.insert(masskaraEntries).values(row).onConflictDoNothing();
  return (await entry(tx, row.customerId))!;
}

export async function markExchanged(tx: Transaction, customerId: number, grantId: number, at: Date): Promise<void> {
  await tx.update(masskaraEntries).set({ exchangedAt: at, grantId }).where(eq(masskaraEntries.customerId, customerId));
}

export interface MaskSource {
  source: string;
  kind: 'bet' | 'round';
  reference: string;
  stake: number;
  earnedAt: Date;
}

/**
 * What may draw a mask and has not yet: the player's settled bets (won, lost, half; every leg at the odds
 * asked) and settled casino rounds of at least the stakes asked, settled from `from` to `to`.
 */
export async function newSources(
  db: Queryable,
  customerId: number,
  rule: { sports: { minStake: number; minOddsH: number } | null; casino: { minBet: number } | null; from: Date; to: Date },
): Promise<MaskSource[]> {
  const from = rule.from.toISOString();
  const to = rule.to.toISOString();
  const found: MaskSource[] = [];
  if (rule.sports) {
    const result = (await db.execute(sql`
      SELECT t.id, t.trans_id AS "transId", t.stake, t.settled_at AS "settledAt" FROM bet_tickets t
      WHERE t.customer_id = ${customerId}
        AND t.status IN ('won', 'lost', 'halfWon', 'halfLost')
        AND t.settled_at >= ${from}::timestamptz AND t.settled_at < ${to}::timestamptz
        AND t.stake >= ${rule.sports.minStake}
        AND NOT EXISTS (SELECT 1 FROM bet_legs l WHERE l.ticket_id = t.id AND l.price_h < ${rule.sports.minOddsH})
        AND NOT EXISTS (SELECT 1 FROM masskara_masks m WHERE m.customer_id = t.customer_id AND m.source = 'bet:' || t.id)
      ORDER BY t.settled_at, t.id
      LIMIT 500`)) as unknown as { rows: { id: string | number; transId: string; stake: string | number; settledAt: string | Date }[] };
    for (const row of result.rows)
      found.push({
        source: `bet:${row.id}`,
        kind: 'bet',
        reference: row.transId,
        stake: Number(row.stake),
        earnedAt: new Date(row.settledAt),
      });
  }
  if (rule.casino) {
    const result = (await db.execute(sql`
      SELECT r.id, r.game_name AS "gameName", r.bet, r.last_at AS "lastAt" FROM casino_rounds r
      WHERE r.customer_id = ${customerId} AND r.status = 'settled'
        AND r.last_at >= ${from}::timestamptz AND r.last_at < ${to}::timestamptz
        AND r.bet >= ${rule.casino.minBet}
        AND NOT EXISTS (SELECT 1 FROM masskara_masks m WHERE m.customer_id = r.customer_id AND m.source = 'round:' || r.id)
      ORDER BY r.last_at, r.id
      LIMIT 500`)) as unknown as { rows: { id: string | number; gameName: string; bet: string | number; lastAt: string | Date }[] };
    for (const row of result.rows)
      found.push({
        source: `round:${row.id}`,
        kind: 'round',
        reference: row.gameName,
        stake: Number(row.bet),
        earnedAt: new Date(row.lastAt),
      });
  }
  return found;
}

export async function addMasks(db: Queryable, rows: (typeof masskaraMasks.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(masskaraMasks).values(rows).onConflictDoNothing();
}

/** The player's masks, newest first. */
export function masksOf(db: Queryable, customerId: number): Promise<MaskRow[]> {
  return db
    .select()
    .from(masskaraMasks)
    .where(eq(masskaraMasks.customerId, customerId))
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

/** Each player's settled turnover in a window (sports bets and/or casino rounds), ascending by player. */
export async function turnovers(
  db: Queryable,
  query: { sports: boolean; casino: boolean; from: Date; to: Date; customerId?: number },
): Promise<Turnover[]> {
  const from = query.from.toISOString();
  const to = query.to.toISOString();
  const only = query.customerId ?? null;
  const result = (await db.execute(sql`
    SELECT s.customer_id AS "customerId", c.nick_name AS "nickName", sum(s.amount) AS turnover FROM (
      SELECT t.customer_id, t.stake AS amount FROM bet_tickets t
      WHERE ${query.sports} AND t.status IN ('won', 'lost', 'halfWon', 'halfLost')
        AND t.settled_at >= ${from}::timestamptz AND t.settled_at < ${to}::timestamptz
        AND (${only}::bigint IS NULL OR t.customer_id = ${only}::bigint)
      UNION ALL
      SELECT r.customer_id, r.bet AS amount FROM casino_rounds r
      WHERE ${query.casino} AND r.status = 'settled'
        AND r.last_at >= ${from}::timestamptz AND r.last_at < ${to}::timestamptz
        AND (${only}::bigint IS NULL OR r.customer_id = ${only}::bigint)
    ) s JOIN customers c ON c.id = s.customer_id
    GROUP BY s.customer_id, c.nick_name
    ORDER BY s.customer_id ASC`)) as unknown as { rows: { customerId: string | number; nickName: string; turnover: string | number }[] };
  return result.rows.map((row) => ({ customerId: Number(row.customerId), nickName: row.nickName, turnover: Number(row.turnover) }));
}
