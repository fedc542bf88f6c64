import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db';
import { customers, paymentAccounts, withdrawalOrders } from '../../db/schema';

/** Payment accounts in the database (the number is sealed by the service before it gets here). */

export type PaymentAccountRow = typeof paymentAccounts.$inferSelect;

export async function listAccounts(db: Queryable, customerId: number, accountType: number): Promise<PaymentAccountRow[]> {
  return db
    .select()
    .from(paymentAccounts)
    .where(and(eq(paymentAccounts.customerId, customerId), eq(paymentAccounts.accountType, accountType), isNull(paymentAccounts.deletedAt)))
    .orderBy(paymentAccounts.id);
}

/** How many accounts of each type the player keeps (all types: isFirstBindCard looks at every one). */
export async function countAccounts(db: Queryable, customerId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ accountType: paymentAccounts.accountType, n: count() })
    .from(paymentAccounts)
    .where(and(eq(paymentAccounts.customerId, customerId), isNull(paymentAccounts.deletedAt)))
    .groupBy(paymentAccounts.accountType);
  return new Map(rows.map((row) => [row.accountType, row.n]));
}

/** A live account of the player's, or undefined (another player's account reads as missing). */
export async function findAccount(
  db: Queryable,
  customerId: number,
  id: number,
  options: { lock?: boolean } = {},
): Promise<PaymentAccountRow | undefined> {
  const query = db
    .select()
    .from(paymentAccounts)
    .where(and(eq(paymentAccounts.id, id), eq(paymentAccounts.customerId, customerId), isNull(paymentAccounts.deletedAt)));
  // Locked while a withdrawal is made to it or it is deleted, so the two never cross.
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Serialises one player's account changes (the per-type maximum holds under concurrent adds). */
export async function lockOwner(db: Queryable, customerId: number): Promise<void> {
  await db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
}

/** Any account by id, deleted or not (a withdrawal order names its destination by it). */
export async function accountById(db: Queryable, id: number): Promise<PaymentAccountRow | undefined> {
  const [row] = await db.select().from(paymentAccounts).where(eq(paymentAccounts.id, id));
  return row;
}

export async function insertAccount(db: Queryable, values: typeof paymentAccounts.$inferInsert): Promise<PaymentAccountRow | undefined> {
  const [row] = await db.insert(paymentAccounts).values(values).onConflictDoNothing().returning();
  return row;
}

export async function markDeleted(db: Queryable, id: number, at: Date): Promise<void> {
  await db.update(paymentAccounts).set({ deletedAt: at }).where(eq(paymentAccounts.id, id));
}

/** Whether a withdrawal to the account is still on its way (held, asked or being paid). */
export async function hasWithdrawalInFlight(db: Queryable, accountId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(withdrawalOrders)
    .where(and(eq(withdrawalOrders.paymentAccountId, accountId), inArray(withdrawalOrders.status, ['pending', 'processing'])));
  return (row?.n ?? 0) > 0;
}
