import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db';
import { depositOrders, ledgerAccounts, ledgerEntries, ledgerTransactions, reconciliationReports } from '../../db/schema';

/** What reconciliation reads (orders and their ledger credits) and the reports it writes. */

/** What reconciliation compares of a deposit order. */
const ORDER_COLUMNS = {
  orderNo: depositOrders.orderNo,
  payType: depositOrders.payType,
  provider: depositOrders.provider,
  providerCheckoutId: depositOrders.providerCheckoutId,
  amount: depositOrders.amount,
  status: depositOrders.status,
  creditTransactionId: depositOrders.creditTransactionId,
};

export async function ordersCreatedBetween(db: Queryable, from: Date, to: Date) {
  return db
    .select(ORDER_COLUMNS)
    .from(depositOrders)
    .where(and(gte(depositOrders.createdAt, from), lte(depositOrders.createdAt, to)));
}

export async function ordersByNo(db: Queryable, orderNos: string[]) {
  if (orderNos.length === 0) return [];
  return db.select(ORDER_COLUMNS).from(depositOrders).where(inArray(depositOrders.orderNo, orderNos));
}

/**
 * The deposit credits the ledger holds for these orders: how many ledger transactions name each order
 * (metadata.orderNo), and what they put into players' wallets in all.
 */
export async function creditsOf(db: Queryable, orderNos: string[]): Promise<Map<string, { count: number; credited: number }>> {
  const credits = new Map<string, { count: number; credited: number }>();
  if (orderNos.length === 0) return credits;
  const orderNo = sql<string>`${ledgerTransactions.metadata}->>'orderNo'`;
  const rows = await db
    .select({
      orderNo,
      count: sql<number>`count(DISTINCT ${ledgerTransactions.id})::int`,
      credited: sql<string>`coalesce(sum(${ledgerEntries.amount}) FILTER (WHERE ${ledgerAccounts.customerId} IS NOT NULL), 0)`,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(and(eq(ledgerTransactions.kind, 'deposit'), inArray(orderNo, orderNos)))
    .groupBy(orderNo);
  for (const row of rows) credits.set(row.orderNo, { count: row.count, credited: Number(row.credited) });
  return credits;
}

export async function saveReport(
  db: Queryable,
  report: { windowFrom: Date; windowTo: Date; checked: number; mismatches: unknown[] },
): Promise<number> {
  const [row] = await db
    .insert(reconciliationReports)
    .values({ ...report, mismatchCount: report.mismatches.length })
    .returning({ id: reconciliationReports.id });
  return row!.id;
}

export async function latestReports(db: Queryable, limit = 20) {
  return db.select().from(reconciliationReports).orderBy(desc(reconciliationReports.id)).limit(limit);
}
