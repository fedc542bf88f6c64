import { and, count, desc, eq, gte, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db';
import {
  betTickets,
  casinoRounds,
  customers,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  loginGuards,
  withdrawalOrders,
} from '../../db/schema';

/** Withdrawals in the database: orders, the password's hash and guard, and the figures of the turnover rule. */

export type WithdrawalOrderRow = typeof withdrawalOrders.$inferSelect;

export async function passwordHolder(
  db: Queryable,
  customerId: number,
): Promise<{ hash: string | null; phone: string | null; birthday: string | null } | undefined> {
  const [row] = await db
    .select({ hash: customers.withdrawPasswordHash, phone: customers.mobileNo, birthday: customers.birthday })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row;
}

export async function setWithdrawPasswordHash(db: Queryable, customerId: number, hash: string): Promise<void> {
  await db.update(customers).set({ withdrawPasswordHash: hash }).where(eq(customers.id, customerId));
}

export async function lockedUntil(db: Queryable, key: string): Promise<Date | null> {
  const [row] = await db.select({ lockedUntil: loginGuards.lockedUntil }).from(loginGuards).where(eq(loginGuards.phone, key));
  return row?.lockedUntil ?? null;
}

/** Ledger kinds that put a player's own money in (what the turnover rule asks to be staked). */
export const DEPOSIT_KINDS = ['deposit'];
/** Ticket statuses whose stake counts as turnover: settled with a result (not void, not rejected). */
export const TURNOVER_STATUSES = ['won', 'lost', 'halfWon', 'halfLost', 'cashout'];

/** Everything the player ever deposited into the main wallet, and everything they staked on settled bets and casino rounds. */
export async function turnoverFigures(db: Queryable, customerId: number): Promise<{ deposited: number; staked: number }> {
  const [deposits] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(
      and(
        eq(ledgerAccounts.customerId, customerId),
        eq(ledgerAccounts.kind, 'main'),
        inArray(ledgerTransactions.kind, DEPOSIT_KINDS),
        sql`${ledgerEntries.amount} > 0`,
        // A deposit posted with metadata turnover: false owes none (the seeded demo player's money).
        sql`coalesce(${ledgerTransactions.metadata}->>'turnover', 'true') <> 'false'`,
      ),
    );
  const [stakes] = await db
    .select({ total: sql<string>`coalesce(sum(${betTickets.stake}), 0)` })
    .from(betTickets)
    .where(and(eq(betTickets.customerId, customerId), inArray(betTickets.status, TURNOVER_STATUSES)));
  // Casino rounds count too, once settled (their stakes less what was rolled back).
  const [casinoStakes] = await db
    .select({ total: sql<string>`coalesce(sum(${casinoRounds.bet}), 0)` })
    .from(casinoRounds)
    .where(and(eq(casinoRounds.customerId, customerId), eq(casinoRounds.status, 'settled')));
  return { deposited: Number(deposits?.total ?? 0), staked: Number(stakes?.total ?? 0) + Number(casinoStakes?.total ?? 0) };
}

export async function insertOrder(db: Queryable, values: typeof withdrawalOrders.$inferInsert): Promise<WithdrawalOrderRow> {
  const [row] = await db.insert(withdrawalOrders).values(values).returning();
  return row!;
}

export async function updateOrder(db: Queryable, id: number, changes: Partial<typeof withdrawalOrders.$inferInsert>): Promise<void> {
  await db
    .update(withdrawalOrders)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(withdrawalOrders.id, id));
}

/** An order by number, the player's own when `customerId` is given; `lock` holds its row to the transaction's end. */
export async function findOrder(
  db: Queryable,
  orderNo: string,
  options: { customerId?: number; lock?: boolean } = {},
): Promise<WithdrawalOrderRow | undefined> {
  const where =
    options.customerId === undefined
      ? eq(withdrawalOrders.orderNo, orderNo)
      : and(eq(withdrawalOrders.orderNo, orderNo), eq(withdrawalOrders.customerId, options.customerId));
  const query = db.select().from(withdrawalOrders).where(where);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function findOrderByPayoutId(db: Queryable, payoutId: string): Promise<WithdrawalOrderRow | undefined> {
  const [row] = await db.select().from(withdrawalOrders).where(eq(withdrawalOrders.payoutId, payoutId));
  return row;
}

/** Orders whose payout must be asked for (again) or looked up: the resume job's work. */
export async function dueOrders(db: Queryable, now: Date, limit: number): Promise<WithdrawalOrderRow[]> {
  return db
    .select()
    .from(withdrawalOrders)
    .where(and(isNotNull(withdrawalOrders.nextAttemptAt), lte(withdrawalOrders.nextAttemptAt, now)))
    .orderBy(withdrawalOrders.nextAttemptAt)
    .limit(limit);
}

/** The player's orders created in [from, to), newest first, one page. */
export async function pageOrders(
  db: Queryable,
  customerId: number,
  from: Date,
  to: Date,
  page: { offset: number; limit: number },
): Promise<{ total: number; rows: WithdrawalOrderRow[] }> {
  const where = and(eq(withdrawalOrders.customerId, customerId), gte(withdrawalOrders.createdAt, from), lt(withdrawalOrders.createdAt, to));
  const [total] = await db.select({ n: count() }).from(withdrawalOrders).where(where);
  const rows = await db
    .select()
    .from(withdrawalOrders)
    .where(where)
    .orderBy(desc(withdrawalOrders.createdAt), desc(withdrawalOrders.id))
    .limit(page.limit)
    .offset(page.offset);
  return { total: total?.n ?? 0, rows };
}

/** Every order (for reconciliation), optionally only those created since `since`. */
export async function allOrders(db: Queryable, since?: Date): Promise<WithdrawalOrderRow[]> {
  const query = db.select().from(withdrawalOrders);
  return since ? query.where(gte(withdrawalOrders.createdAt, since)) : query;
}

/** Holds the player's main wallet row to the transaction's end: one withdrawal of a player at a time. */
export async function lockMainWallet(db: Queryable, accountId: number): Promise<void> {
  await db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.id, accountId)).for('update');
}
