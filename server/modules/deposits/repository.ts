import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gte, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Queryable, Transaction } from '../../db';
import { customers, depositOrders, pendingMovements } from '../../db/schema';
import type { DepositStatus, PayType } from '../../../src/contract/money';
import { HOUSE, type HouseAccount, houseAccountId, post, walletAccountId } from '../wallet';

/**
 * Deposit orders of every pay type (deposit_orders). An order is created pending with a pending movement
 * (balanceFlag 0 meanwhile); it ends once: credited (paid) by creditDeposit, or closed by closeDeposit
 * with the player's message. Both lock the order row, so racing events or jobs cannot end it twice.
 */
export type DepositOrder = typeof depositOrders.$inferSelect;

/** An order number nobody can guess: 'DP' and 128 random bits (34 characters). */
export function newOrderNo(prefix = 'DP'): string {
  return `${prefix}${randomBytes(16).toString('hex').toUpperCase()}`;
}

export interface NewDepositOrder {
  customerId: number;
  payType: PayType;
  channelId: string;
  provider: string;
  amount: number;
  orderNo?: string;
  status?: DepositStatus;
  providerCheckoutId?: string | null;
  checkoutUrl?: string | null;
  expiresAt?: Date | null;
  details?: Record<string, unknown>;
}

/** Inserts an order and its pending movement (balanceFlag 0 until it ends). */
export async function insertDepositOrder(tx: Transaction, order: NewDepositOrder): Promise<DepositOrder> {
  const [movement] = await tx
    .insert(pendingMovements)
    .values({ customerId: order.customerId, kind: `deposit:${order.payType}`, amount: order.amount })
    .returning({ id: pendingMovements.id });
  const [row] = await tx
    .insert(depositOrders)
    .values({
      orderNo: order.orderNo ?? newOrderNo(),
      customerId: order.customerId,
      payType: order.payType,
      channelId: order.channelId,
      provider: order.provider,
      amount: order.amount,
      status: order.status ?? 'pending',
      providerCheckoutId: order.providerCheckoutId ?? null,
      checkoutUrl: order.checkoutUrl ?? null,
      expiresAt: order.expiresAt ?? null,
      details: order.details ?? {},
      movementId: movement!.id,
    })
    .returning();
  return row!;
}

/** The order, locked until the transaction ends. */
export async function lockOrder(tx: Transaction, where: { orderNo: string } | { provider: string; checkoutId: string } | { id: number }) {
  const condition =
    'orderNo' in where
      ? eq(depositOrders.orderNo, where.orderNo)
      : 'id' in where
        ? eq(depositOrders.id, where.id)
        : and(eq(depositOrders.provider, where.provider), eq(depositOrders.providerCheckoutId, where.checkoutId));
  const [row] = await tx.select().from(depositOrders).where(condition).for('update');
  return row;
}

export async function findOrder(db: Queryable, customerId: number, orderNo: string): Promise<DepositOrder | undefined> {
  const [row] = await db
    .select()
    .from(depositOrders)
    .where(and(eq(depositOrders.customerId, customerId), eq(depositOrders.orderNo, orderNo)));
  return row;
}

export interface CreditResult {
  credited: boolean;
  /** True when this credit was the player's first deposit. */
  first: boolean;
}

/**
 * Credits a locked order once: `from` (house:payments for money received by a provider, house:vouchers
 * for a voucher) → the player's main wallet, the order paid, its movement done, and the player's first
 * deposit date set if this is it. An order already credited is left alone. A payment that arrives after
 * the order was closed (expired, cancelled) is still credited: the player's money left their e-wallet.
 */
export async function creditDeposit(
  tx: Transaction,
  order: DepositOrder,
  options: { from?: HouseAccount; reference?: string; metadata?: Record<string, unknown> } = {},
): Promise<CreditResult> {
  if (order.creditTransactionId !== null || order.status === 'paid') return { credited: false, first: false };
  const house = await houseAccountId(tx, options.from ?? HOUSE.payments);
  const main = await walletAccountId(tx, order.customerId, 'main');
  const transactionId = await post(tx, {
    kind: 'deposit',
    customerId: order.customerId,
    reference: options.reference ?? `deposit:${order.orderNo}`,
    metadata: { orderNo: order.orderNo, payType: order.payType, provider: order.provider, ...options.metadata },
    entries: [
      { accountId: house, amount: -order.amount },
      { accountId: main, amount: order.amount },
    ],
  });
  await tx
    .update(depositOrders)
    .set({ status: 'paid', creditTransactionId: transactionId, completedAt: new Date(), message: null, failureCode: null })
    .where(eq(depositOrders.id, order.id));
  if (order.movementId !== null) {
    await tx
      .update(pendingMovements)
      .set({ status: 'done', completedAt: new Date(), transactionId })
      .where(eq(pendingMovements.id, order.movementId));
  }
  const first = await tx
    .update(customers)
    .set({ firstDepositAt: new Date() })
    .where(and(eq(customers.id, order.customerId), isNull(customers.firstDepositAt)))
    .returning({ id: customers.id });
  return { credited: true, first: first.length > 0 };
}

/** Ends a locked pending order without money (failed, expired, cancelled, rejected), with what the player can do next. */
export async function closeDeposit(
  tx: Transaction,
  order: DepositOrder,
  status: Exclude<DepositStatus, 'pending' | 'paid' | 'reviewing'>,
  message: string,
  failureCode?: string,
): Promise<boolean> {
  if (order.status !== 'pending' && order.status !== 'reviewing') return false;
  await tx
    .update(depositOrders)
    .set({ status, message, failureCode: failureCode ?? null, completedAt: new Date() })
    .where(eq(depositOrders.id, order.id));
  if (order.movementId !== null) {
    await tx.update(pendingMovements).set({ status: 'failed', completedAt: new Date() }).where(eq(pendingMovements.id, order.movementId));
  }
  return true;
}

/** Pending orders whose expiry passed before `before` (the expiry job), oldest first. */
export async function expiredOrders(db: Queryable, before: Date, limit = 100): Promise<DepositOrder[]> {
  return db
    .select()
    .from(depositOrders)
    .where(and(eq(depositOrders.status, 'pending'), lt(depositOrders.expiresAt, before)))
    .orderBy(asc(depositOrders.expiresAt))
    .limit(limit);
}

/** One provider's orders still pending and created before `before`, oldest first (a host's payments to ask about). */
export async function pendingOrdersOf(db: Queryable, provider: string, before: Date, limit = 100): Promise<DepositOrder[]> {
  return db
    .select()
    .from(depositOrders)
    .where(and(eq(depositOrders.status, 'pending'), eq(depositOrders.provider, provider), lt(depositOrders.createdAt, before)))
    .orderBy(asc(depositOrders.createdAt))
    .limit(limit);
}

/** Records the provider's payment for an order, once (a retried create finds it set). */
export async function attachCheckout(
  db: Queryable,
  orderId: number,
  checkoutId: string,
  checkoutUrl: string,
): Promise<DepositOrder | undefined> {
  const [row] = await db
    .update(depositOrders)
    .set({ providerCheckoutId: checkoutId, checkoutUrl })
    .where(and(eq(depositOrders.id, orderId), isNull(depositOrders.providerCheckoutId)))
    .returning();
  return row;
}

/** The player's deposit orders created in [from, to], newest first (deposit records). */
export async function ordersBetween(db: Queryable, customerId: number, from: Date, to: Date, page: { offset: number; limit: number }) {
  const where = and(eq(depositOrders.customerId, customerId), gte(depositOrders.createdAt, from), lte(depositOrders.createdAt, to));
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(depositOrders)
    .where(where);
  const rows = await db
    .select()
    .from(depositOrders)
    .where(where)
    .orderBy(desc(depositOrders.createdAt), desc(depositOrders.id))
    .offset(page.offset)
    .limit(page.limit);
  return { total: count?.total ?? 0, rows };
}

/** Whether the player has had a deposit credited (customers.first_deposit_at). */
export async function hasDeposited(db: Queryable, customerId: number): Promise<boolean> {
  const [row] = await db.select({ at: customers.firstDepositAt }).from(customers).where(eq(customers.id, customerId));
  return Boolean(row?.at);
}
