import { and, asc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { BetTask, WatchTask } from '../../../src/contract/campaigns';
import type { Queryable, Transaction } from '../../db';
import {
  campaignMissions,
  campaignSettings,
  campaignTournaments,
  highlightViews,
  ledgerEntries,
  ledgerTransactions,
  luckySpins,
  missionEntries,
  tournamentPayouts,
} from '../../db/schema';

/** Campaigns' storage: missions and who joined them, campaign settings, lucky spins (migration 0028). */

export type MissionRow = typeof campaignMissions.$inferSelect;
export type EntryRow = typeof missionEntries.$inferSelect;
export type SpinRow = typeof luckySpins.$inferSelect;

export function missions(db: Queryable): Promise<MissionRow[]> {
  return db.select().from(campaignMissions).orderBy(asc(campaignMissions.id));
}

export async function mission(db: Queryable, id: string): Promise<MissionRow | undefined> {
  const [row] = await db.select().from(campaignMissions).where(eq(campaignMissions.id, id));
  return row;
}

export async function saveMission(db: Queryable, id: string, definition: unknown, active: boolean): Promise<void> {
  await db
    .insert(campaignMissions)
    .values({ id, definition, active })
    .onConflictDoUpdate({ target: campaignMissions.id, set: { definition, active, updatedAt: sql`now()` } });
}

/** Missions a new database starts with (an operator's saved mission is never overwritten). */
export async function seedMissions(db: Queryable, rows: { id: string; definition: unknown }[]): Promise<void> {
  if (rows.length > 0) await db.insert(campaignMissions).values(rows).onConflictDoNothing();
}

export function entriesOf(db: Queryable, customerId: number): Promise<EntryRow[]> {
  return db.select().from(missionEntries).where(eq(missionEntries.customerId, customerId));
}

export async function entry(db: Queryable, missionId: string, customerId: number, lock = false): Promise<EntryRow | undefined> {
  const query = db
    .select()
    .from(missionEntries)
    .where(and(eq(missionEntries.missionId, missionId), eq(missionEntries.customerId, customerId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Joins once (a second join answers the first entry). */
export async function join(
  tx: Transaction,
  row: { missionId: string; customerId: number; joinedAt: Date; deadline: Date },
): Promise<EntryRow> {
  await tx.insert(missionEntries).values(row).onConflictDoNothing();
  return (await entry(tx, row.missionId, row.customerId))!;
}

export async function markClaimed(tx: Transaction, entryId: number, grantId: number, at: Date): Promise<void> {
  await tx.update(missionEntries).set({ status: 'claimed', claimedAt: at, grantId }).where(eq(missionEntries.id, entryId));
}

/**
 * How many of the player's bets count for a task: placed at or after joining, settled (won, lost, half)
 * by the deadline, a stake of at least minStake, every leg of the sport and at the odds asked (and, for a
 * live task, placed after the leg's kick-off: in play). Each
 * ticket is one row, so a bet counts once however often this is asked.
 */
export async function countingBets(db: Queryable, customerId: number, task: BetTask, from: Date, to: Date): Promise<number> {
  const sport = task.sportTypeId ?? null;
  const liveOnly = task.live === true;
  const result = (await db.execute(sql`
    SELECT count(*) AS n FROM bet_tickets t
    WHERE t.customer_id = ${customerId}
      AND t.status IN ('won', 'lost', 'halfWon', 'halfLost')
      AND t.created_at >= ${from.toISOString()}::timestamptz
      AND t.settled_at <= ${to.toISOString()}::timestamptz
      AND t.stake >= ${task.minStake}
      AND NOT EXISTS (
        SELECT 1 FROM bet_legs l WHERE l.ticket_id = t.id
          AND (l.price_h < ${task.minOddsH} OR (${sport}::text IS NOT NULL AND l.sport_type_id <> ${sport}::text)
            OR (${liveOnly}::boolean AND t.created_at < l.kickoff::timestamptz))
      )`)) as unknown as { rows: { n: string | number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

// ── Highlights watched ────────────────────────────────────────────────────────────────────────────

export type ViewRow = typeof highlightViews.$inferSelect;

/** Records the opening of a clip; reopening one not yet watched restarts it (a watched one is kept). */
export async function openClip(
  db: Queryable,
  row: { customerId: number; clipId: string; sportTypeId: string; durationSeconds: number; openedAt: Date },
): Promise<void> {
  await db
    .insert(highlightViews)
    .values(row)
    .onConflictDoUpdate({
      target: [highlightViews.customerId, highlightViews.clipId],
      set: { openedAt: row.openedAt, durationSeconds: row.durationSeconds },
      setWhere: isNull(highlightViews.watchedAt),
    });
}

export async function view(db: Queryable, customerId: number, clipId: string, lock = false): Promise<ViewRow | undefined> {
  const query = db
    .select()
    .from(highlightViews)
    .where(and(eq(highlightViews.customerId, customerId), eq(highlightViews.clipId, clipId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function markWatched(tx: Transaction, id: number, at: Date): Promise<void> {
  await tx
    .update(highlightViews)
    .set({ watchedAt: at })
    .where(and(eq(highlightViews.id, id), isNull(highlightViews.watchedAt)));
}

/** The different clips of the task's sport opened after joining and watched by the deadline. */
export async function countingViews(db: Queryable, customerId: number, task: WatchTask, from: Date, to: Date): Promise<number> {
  const sport = task.sportTypeId ?? null;
  const result = (await db.execute(sql`
    SELECT count(*) AS n FROM highlight_views v
    WHERE v.customer_id = ${customerId}
      AND v.watched_at IS NOT NULL
      AND v.opened_at >= ${from.toISOString()}::timestamptz
      AND v.watched_at <= ${to.toISOString()}::timestamptz
      AND (${sport}::text IS NULL OR v.sport_type_id = ${sport}::text)`)) as unknown as { rows: { n: string | number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

// ── Settings ──────────────────────────────────────────────────────────────────────────────────────

export async function setting(db: Queryable, key: string): Promise<unknown> {
  const [row] = await db.select().from(campaignSettings).where(eq(campaignSettings.key, key));
  return row?.value;
}

export async function saveSetting(db: Queryable, key: string, value: unknown, overwrite = true): Promise<void> {
  const insert = db.insert(campaignSettings).values({ key, value });
  await (overwrite
    ? insert.onConflictDoUpdate({ target: campaignSettings.key, set: { value, updatedAt: sql`now()` } })
    : insert.onConflictDoNothing());
}

// ── Lucky spins ───────────────────────────────────────────────────────────────────────────────────

/** The player's deposits into main at or after `since`, of at least `min`: each may earn one spin. */
export function depositsSince(db: Queryable, customerId: number, mainAccountId: number, since: Date, min: number) {
  return db
    .select({ id: ledgerTransactions.id, amount: ledgerEntries.amount, at: ledgerTransactions.createdAt })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .where(
      and(
        eq(ledgerTransactions.customerId, customerId),
        eq(ledgerTransactions.kind, 'deposit'),
        eq(ledgerEntries.accountId, mainAccountId),
        gte(ledgerTransactions.createdAt, since),
        gte(ledgerEntries.amount, min),
      ),
    )
    .orderBy(asc(ledgerTransactions.id));
}

export async function addSpins(db: Queryable, rows: (typeof luckySpins.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(luckySpins).values(rows).onConflictDoNothing();
}

/** The player's spins, newest first. */
export function spinsOf(db: Queryable, customerId: number): Promise<SpinRow[]> {
  return db
    .select()
    .from(luckySpins)
    .where(eq(luckySpins.customerId, customerId))
    .orderBy(sql`${luckySpins.id} DESC`)
    .limit(50);
}

/** The player's oldest spin not used and not lapsed, locked (a racing spin takes the next one, or none). */
export async function takeOpenSpin(tx: Transaction, customerId: number, now: Date): Promise<SpinRow | undefined> {
  const [row] = await tx
    .select()
    .from(luckySpins)
    .where(
      and(
        eq(luckySpins.customerId, customerId),
        isNull(luckySpins.spunAt),
        sql`${luckySpins.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(luckySpins.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

export async function markSpun(
  tx: Transaction,
  spinId: number,
  result: { spunAt: Date; roll: number; odds: unknown; prizeId: string; prizeLabel: string; amount: number; grantId: number | null },
): Promise<void> {
  await tx
    .update(luckySpins)
    .set(result)
    .where(and(eq(luckySpins.id, spinId), isNull(luckySpins.spunAt)));
}

// ── Tournaments ───────────────────────────────────────────────────────────────────────────────────

export type TournamentRow = typeof campaignTournaments.$inferSelect;
export type PayoutRow = typeof tournamentPayouts.$inferSelect;

export function tournaments(db: Queryable): Promise<TournamentRow[]> {
  return db.select().from(campaignTournaments).orderBy(asc(campaignTournaments.id));
}

export async function saveTournament(db: Queryable, id: string, definition: unknown, active: boolean): Promise<void> {
  await db
    .insert(campaignTournaments)
    .values({ id, definition, active })
    .onConflictDoUpdate({ target: campaignTournaments.id, set: { definition, active, updatedAt: sql`now()` } });
}

export function payouts(db: Queryable): Promise<PayoutRow[]> {
  return db.select().from(tournamentPayouts);
}

/** Takes a tournament's payout (once across instances: the row is the guard); false when already taken. */
export async function takePayout(tx: Transaction, tournamentId: string, at: Date): Promise<boolean> {
  const rows = await tx
    .insert(tournamentPayouts)
    .values({ tournamentId, paidAt: at, standings: [] })
    .onConflictDoNothing()
    .returning({ id: tournamentPayouts.tournamentId });
  return rows.length > 0;
}

export async function recordStandings(tx: Transaction, tournamentId: string, standings: unknown): Promise<void> {
  await tx.update(tournamentPayouts).set({ standings }).where(eq(tournamentPayouts.tournamentId, tournamentId));
}

export interface Score {
  customerId: number;
  nickName: string;
  score: number;
}

/**
 * The standings of a window of settled casino rounds of one category: each player's score (the sum of
 * stakes, or the biggest single win) from rounds of at least minBet, best first; a tie goes to who reached
 * it first (the earliest last round counted).
 */
export async function standings(
  db: Queryable,
  query: { category: number; rule: 'turnover' | 'biggestWin'; minBet: number; from: Date; to: Date; limit: number },
): Promise<Score[]> {
  const score = query.rule === 'turnover' ? sql`sum(r.bet)` : sql`max(r.win)`;
  const result = (await db.execute(sql`
    SELECT r.customer_id AS "customerId", c.nick_name AS "nickName", ${score} AS score, max(r.last_at) AS reached
    FROM casino_rounds r JOIN customers c ON c.id = r.customer_id
    WHERE r.status = 'settled' AND r.category = ${query.category} AND r.bet >= ${query.minBet}
      AND r.started_at >= ${query.from.toISOString()}::timestamptz AND r.started_at < ${query.to.toISOString()}::timestamptz
    GROUP BY r.customer_id, c.nick_name
    HAVING ${score} > 0
    ORDER BY score DESC, reached ASC, r.customer_id ASC
    LIMIT ${query.limit}`)) as unknown as { rows: { customerId: string | number; nickName: string; score: string | number }[] };
  return result.rows.map((row) => ({ customerId: Number(row.customerId), nickName: row.nickName, score: Number(row.score) }));
}
