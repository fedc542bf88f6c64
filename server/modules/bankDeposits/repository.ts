import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db';
import { customers, depositOrders, depositReceipts } from '../../db/schema';

/** The rows of bank-transfer and agent deposits: their orders (deposit_orders) and the transfer receipts. */

export type DepositOrder = typeof depositOrders.$inferSelect;
export type NewDepositOrder = Pick<
  typeof depositOrders.$inferInsert,
  'orderNo' | 'customerId' | 'payType' | 'channelId' | 'provider' | 'providerCheckoutId' | 'amount' | 'details' | 'expiresAt' | 'status'
>;

export async function insertOrder(db: Queryable, order: NewDepositOrder): Promise<DepositOrder> {
  const [row] = await db.insert(depositOrders).values(order).returning();
  return row!;
}

export async function orderByNo(db: Queryable, orderNo: string): Promise<DepositOrder | undefined> {
  const [row] = await db.select().from(depositOrders).where(eq(depositOrders.orderNo, orderNo));
  return row;
}

/**
 * Moves an order from one of `from` to `to` and answers it; undefined when it was in no such state
 * (another request decided first). The UPDATE is the decision: concurrent ones queue on the row.
 */
export async function moveOrder(
  db: Queryable,
  orderId: number,
  from: string[],
  to: { status: string; message?: string | null; completedAt?: Date | null },
): Promise<DepositOrder | undefined> {
  const [row] = await db
    .update(depositOrders)
    .set(to)
    .where(and(eq(depositOrders.id, orderId), inArray(depositOrders.status, from), isNull(depositOrders.creditTransactionId)))
    .returning();
  return row;
}

/** Pending bank and agent orders whose time has passed (the expiry job closes them one by one). */
export async function dueToExpire(db: Queryable, now: Date, limit = 100): Promise<DepositOrder[]> {
  return db
    .select()
    .from(depositOrders)
    .where(and(inArray(depositOrders.payType, ['bank', 'agent']), eq(depositOrders.status, 'pending'), lte(depositOrders.expiresAt, now)))
    .limit(limit);
}

export async function saveReceipt(
  db: Queryable,
  receipt: { orderId: number; mediaKey: string; contentType: string; data: Buffer; width: number; height: number },
): Promise<void> {
  await db
    .insert(depositReceipts)
    .values(receipt)
    .onConflictDoUpdate({ target: depositReceipts.orderId, set: { ...receipt, uploadedAt: sql`now()` } });
}

export async function markReviewed(db: Queryable, orderId: number, reviewedBy: string): Promise<void> {
  await db.update(depositReceipts).set({ reviewedBy, reviewedAt: new Date() }).where(eq(depositReceipts.orderId, orderId));
}

export async function receiptByKey(db: Queryable, mediaKey: string) {
  const [row] = await db.select().from(depositReceipts).where(eq(depositReceipts.mediaKey, mediaKey));
  return row;
}

/** Bank orders for the operator: those waiting for review (oldest first), then the latest decided. */
export async function ordersForReview(db: Queryable) {
  const columns = {
    order: depositOrders,
    mediaKey: depositReceipts.mediaKey,
    width: depositReceipts.width,
    height: depositReceipts.height,
    reviewedBy: depositReceipts.reviewedBy,
    loginName: customers.loginName,
  };
  const base = () =>
    db
      .select(columns)
      .from(depositOrders)
      .innerJoin(depositReceipts, eq(depositReceipts.orderId, depositOrders.id))
      .innerJoin(customers, eq(customers.id, depositOrders.customerId));
  const waiting = await base()
    .where(and(eq(depositOrders.payType, 'bank'), eq(depositOrders.status, 'reviewing')))
    .orderBy(asc(depositOrders.id))
    .limit(100);
  const decided = await base()
    .where(and(eq(depositOrders.payType, 'bank'), inArray(depositOrders.status, ['paid', 'rejected'])))
    .orderBy(desc(depositOrders.id))
    .limit(20);
  return { waiting, decided };
}
