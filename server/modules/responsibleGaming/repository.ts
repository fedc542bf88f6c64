import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Queryable, Transaction } from '../../db';
import {
  customers,
  depositOrders,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  operatorSwitches,
  rgChanges,
  rgDeclarations,
  rgHistory,
  rgPlayers,
  rgRestrictions,
  rgScreenings,
  sessions,
} from '../../db/schema';

/**
 * Responsible gaming's SQL: the player's row (locked by the gate), changes waiting 24 hours, the
 * history, declarations, restricted-persons matches, the operator's switches, the nightly screening's
 * claim, and the sums the limits count — deposits from the orders, play from the ledger.
 */

export type RgState = typeof rgPlayers.$inferSelect;
export type RgStatePatch = Partial<Omit<RgState, 'customerId'>>;
export type RgChange = typeof rgChanges.$inferSelect;
export type RgHistoryRow = typeof rgHistory.$inferSelect;
export type RgRestrictionRow = typeof rgRestrictions.$inferSelect;

export async function stateOf(db: Queryable, customerId: number): Promise<RgState | undefined> {
  const [row] = await db.select().from(rgPlayers).where(eq(rgPlayers.customerId, customerId));
  return row;
}

/** The player's row, locked until the transaction ends (undefined when the player never set anything). */
export async function lockState(tx: Transaction, customerId: number): Promise<RgState | undefined> {
  const [row] = await tx.select().from(rgPlayers).where(eq(rgPlayers.customerId, customerId)).for('update');
  return row;
}

/** The player's row, made if missing, locked until the transaction ends. */
export async function ensureState(tx: Transaction, customerId: number): Promise<RgState> {
  await tx.insert(rgPlayers).values({ customerId }).onConflictDoNothing();
  return (await lockState(tx, customerId))!;
}

export async function saveState(tx: Transaction, customerId: number, patch: RgStatePatch): Promise<RgState> {
  const [row] = await tx
    .update(rgPlayers)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(rgPlayers.customerId, customerId))
    .returning();
  return row!;
}

/** Orders that count against a deposit limit: created and not ended without money (pending ones count). */
const COUNTED_DEPOSITS = ['pending', 'reviewing', 'paid'];

/** The player's counted deposits since `since`, oldest first. */
export async function depositsSince(db: Queryable, customerId: number, since: Date): Promise<{ amount: number; at: Date }[]> {
  return db
    .select({ amount: depositOrders.amount, at: depositOrders.createdAt })
    .from(depositOrders)
    .where(
      and(eq(depositOrders.customerId, customerId), gte(depositOrders.createdAt, since), inArray(depositOrders.status, COUNTED_DEPOSITS)),
    )
    .orderBy(asc(depositOrders.createdAt));
}

/**
 * Ledger movements of play on the player's own wallets: stakes out (sports tickets, casino rounds, money
 * moved into a transfer platform) and what came back (payouts, refunds, wins, rollbacks, money brought
 * back). Their sum over a window is the player's net result; an open stake counts as lost until it settles.
 */
export const PLAY_KINDS = [
  'bet',
  'bet_refund',
  'bet_payout',
  'bet_cashout',
  'casino_bet',
  'casino_win',
  'casino_rollback',
  'casino_transfer_out',
  'casino_transfer_refund',
  'casino_transfer_in',
] as const;

/** What moved on the player's own wallets (one kind of wallet, or all) in ledger transactions of `kinds`. */
function playerMovements(db: Queryable, customerId: number, kinds: readonly string[], where: { since?: Date; wallet?: string }) {
  return db
    .select({
      total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)`,
      oldest: sql<Date | null>`min(${ledgerTransactions.createdAt})`,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(
      and(
        eq(ledgerTransactions.customerId, customerId),
        inArray(ledgerTransactions.kind, [...kinds]),
        eq(ledgerAccounts.customerId, customerId),
        ...(where.since ? [gte(ledgerTransactions.createdAt, where.since)] : []),
        ...(where.wallet ? [eq(ledgerAccounts.kind, where.wallet)] : []),
      ),
    );
}

/** The net result of play since `since` (centavos; positive: the player is up) and the oldest movement counted. */
export async function playNetSince(db: Queryable, customerId: number, since: Date): Promise<{ net: number; oldest: Date | null }> {
  const [row] = await playerMovements(db, customerId, PLAY_KINDS, { since });
  return { net: Number(row?.total ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}

/**
 * The player's own money in the main wallet: deposits credited less withdrawals taken (failed and
 * reversed ones came back). What the balance holds above it is winnings.
 */
export async function ownMoney(db: Queryable, customerId: number): Promise<number> {
  const kinds = ['deposit', 'withdrawal', 'withdrawal_return', 'withdrawal_reversal'];
  const [row] = await playerMovements(db, customerId, kinds, { wallet: 'main' });
  return Math.max(0, Number(row?.total ?? 0));
}

/** The balance of one of the player's wallets, its row locked until the transaction ends. */
export async function lockedBalance(tx: Transaction, customerId: number, wallet: 'main' | 'bonus'): Promise<number> {
  const [row] = await tx
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.customerId, customerId), eq(ledgerAccounts.kind, wallet)))
    .for('update');
  return row?.balance ?? 0;
}

// ── Changes waiting 24 hours ─────────────────────────────────────────────────────────────────────────

export async function pendingChange(tx: Queryable, customerId: number, limit: string): Promise<RgChange | undefined> {
  const [row] = await tx
    .select()
    .from(rgChanges)
    .where(and(eq(rgChanges.customerId, customerId), eq(rgChanges.limit, limit), eq(rgChanges.status, 'pending')));
  return row;
}

export async function pendingChanges(db: Queryable, customerId: number): Promise<RgChange[]> {
  return db
    .select()
    .from(rgChanges)
    .where(and(eq(rgChanges.customerId, customerId), eq(rgChanges.status, 'pending')));
}

export async function insertChange(
  tx: Transaction,
  change: { customerId: number; limit: string; value: number | null; requestedAt: Date; confirmableAt: Date },
): Promise<void> {
  await tx.insert(rgChanges).values(change);
}

export async function endChange(tx: Transaction, id: number, status: 'applied' | 'cancelled', at: Date): Promise<void> {
  await tx.update(rgChanges).set({ status, decidedAt: at }).where(eq(rgChanges.id, id));
}

// ── History, declarations ────────────────────────────────────────────────────────────────────────────

export interface HistoryEntry {
  customerId: number;
  at: Date;
  kind: string;
  limit?: string | null;
  value?: number | null;
  until?: Date | null;
  category?: string | null;
  period?: string | null;
  source?: string;
}

export async function addHistory(tx: Queryable, entry: HistoryEntry): Promise<void> {
  await tx.insert(rgHistory).values({ ...entry, source: entry.source ?? 'player' });
}

export async function historyPage(db: Queryable, customerId: number, page: number, size: number): Promise<RgHistoryRow[]> {
  return db
    .select()
    .from(rgHistory)
    .where(eq(rgHistory.customerId, customerId))
    .orderBy(desc(rgHistory.at), desc(rgHistory.id))
    .limit(size + 1)
    .offset((page - 1) * size);
}

export async function insertDeclaration(
  db: Queryable,
  declaration: { customerId: number; context: 'registration' | 'kyc'; barred: string[]; declaredAt: Date },
): Promise<void> {
  await db.insert(rgDeclarations).values(declaration);
}

// ── Restricted-persons matches ───────────────────────────────────────────────────────────────────────

export async function insertRestriction(
  tx: Transaction,
  row: {
    customerId: number;
    source: string;
    listingNo: string;
    listingKind: string;
    matchedOn: string[];
    heldAmount: number;
    createdAt: Date;
  },
): Promise<boolean> {
  const inserted = await tx.insert(rgRestrictions).values(row).onConflictDoNothing().returning({ id: rgRestrictions.id });
  return inserted.length > 0;
}

export async function restrictionsInReview(db: Queryable): Promise<(RgRestrictionRow & { loginName: string })[]> {
  const rows = await db
    .select({ restriction: rgRestrictions, loginName: customers.loginName })
    .from(rgRestrictions)
    .innerJoin(customers, eq(customers.id, rgRestrictions.customerId))
    .where(eq(rgRestrictions.status, 'review'))
    .orderBy(desc(rgRestrictions.id));
  return rows.map((row) => ({ ...row.restriction, loginName: row.loginName }));
}

export async function lockRestriction(tx: Transaction, id: number): Promise<RgRestrictionRow | undefined> {
  const [row] = await tx.select().from(rgRestrictions).where(eq(rgRestrictions.id, id)).for('update');
  return row;
}

export async function decideRestriction(
  tx: Transaction,
  id: number,
  status: 'released' | 'forfeited',
  at: Date,
  by: string,
): Promise<void> {
  await tx.update(rgRestrictions).set({ status, reviewedAt: at, reviewedBy: by }).where(eq(rgRestrictions.id, id));
}

export async function openRestrictions(tx: Queryable, customerId: number): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(rgRestrictions)
    .where(and(eq(rgRestrictions.customerId, customerId), eq(rgRestrictions.status, 'review')));
  return row?.count ?? 0;
}

// ── The operator's switches ──────────────────────────────────────────────────────────────────────────

export async function allSwitches(db: Queryable): Promise<(typeof operatorSwitches.$inferSelect)[]> {
  return db.select().from(operatorSwitches).orderBy(asc(operatorSwitches.key));
}

export async function setSwitch(db: Queryable, key: string, withdrawOnly: boolean, by: string): Promise<void> {
  await db
    .insert(operatorSwitches)
    .values({ key, withdrawOnly, updatedBy: by })
    .onConflictDoUpdate({ target: operatorSwitches.key, set: { withdrawOnly, updatedBy: by, updatedAt: sql`now()` } });
}

// ── Jobs ─────────────────────────────────────────────────────────────────────────────────────────────

/** Takes the day's screening (once across instances); false when it was taken already. */
export async function claimScreening(db: Queryable, day: string, at: Date): Promise<boolean> {
  const rows = await db.insert(rgScreenings).values({ day, startedAt: at }).onConflictDoNothing().returning({ day: rgScreenings.day });
  return rows.length > 0;
}

export async function finishScreening(db: Queryable, day: string, at: Date, screened: number, matched: number): Promise<void> {
  await db.update(rgScreenings).set({ finishedAt: at, screened, matched }).where(eq(rgScreenings.day, day));
}

export interface PlayerToScreen {
  id: number;
  mobileNo: string | null;
  birthday: string | null;
  realName: string;
}

/** Active players after `afterId`, in id order, for the nightly screening. */
export async function playersToScreen(db: Queryable, afterId: number, limit: number): Promise<PlayerToScreen[]> {
  return db
    .select({ id: customers.id, mobileNo: customers.mobileNo, birthday: customers.birthday, realName: customers.realName })
    .from(customers)
    .where(and(gt(customers.id, afterId), eq(customers.status, 'active')))
    .orderBy(asc(customers.id))
    .limit(limit);
}

export async function playerToScreen(db: Queryable, customerId: number): Promise<PlayerToScreen | undefined> {
  const [row] = await db
    .select({ id: customers.id, mobileNo: customers.mobileNo, birthday: customers.birthday, realName: customers.realName })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row;
}

/** Players whose login passed its session-time limit (their play clock still runs). */
export async function sessionLimitReached(db: Queryable, now: Date): Promise<number[]> {
  const rows = await db
    .select({ customerId: rgPlayers.customerId })
    .from(rgPlayers)
    .where(
      and(
        isNotNull(rgPlayers.sessionMinutes),
        isNotNull(rgPlayers.playStartedAt),
        sql`${rgPlayers.playStartedAt} + make_interval(mins => ${rgPlayers.sessionMinutes}) <= ${now}`,
      ),
    );
  return rows.map((row) => row.customerId);
}

/**
 * Open sessions idle longer than their player's chosen inactivity limit (by the sessions' own clock, the
 * database's: last_seen_at is written from it).
 */
export async function inactiveSessions(db: Queryable): Promise<number[]> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(rgPlayers, eq(rgPlayers.customerId, sessions.customerId))
    .where(
      and(
        isNull(sessions.revokedAt),
        isNotNull(rgPlayers.inactivityMinutes),
        sql`${sessions.lastSeenAt} < now() - make_interval(mins => ${rgPlayers.inactivityMinutes})`,
      ),
    );
  return rows.map((row) => row.id);
}

/** Self-exclusions made here and not filed with the registry yet (or extended since). */
export async function unfiledExclusions(
  db: Queryable,
  now: Date,
): Promise<{ customerId: number; until: Date; realName: string; birthday: string | null; mobileNo: string | null }[]> {
  const rows = await db
    .select({
      customerId: rgPlayers.customerId,
      until: rgPlayers.exclusionUntil,
      realName: customers.realName,
      birthday: customers.birthday,
      mobileNo: customers.mobileNo,
    })
    .from(rgPlayers)
    .innerJoin(customers, eq(customers.id, rgPlayers.customerId))
    .where(
      and(
        gt(rgPlayers.exclusionUntil, now),
        or(isNull(rgPlayers.exclusionFiledUntil), lt(rgPlayers.exclusionFiledUntil, rgPlayers.exclusionUntil)),
      ),
    );
  return rows.map((row) => ({ ...row, until: row.until! }));
}
