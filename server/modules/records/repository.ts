import { and, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db';
import { ledgerEntries, ledgerTransactions, withdrawalOrders } from '../../db/schema';

/**
 * A player's bills, read from the ledger: every transaction that touched the main wallet, with the
 * balance after it (a running sum over the wallet's entries) and its bill type, worked out from the
 * ledger kind by BILL_KINDS in one SQL CASE so the type can be filtered and paged in the database.
 */

/** Ledger kinds → bill types (src/contract/money.ts BillType), first match wins; anything else is a transfer. */
export const BILL_KINDS: readonly { kind: string; prefix?: true; type: number }[] = [
  { kind: 'withdrawal_return', type: 3 },
  { kind: 'withdrawal_reversal', type: 3 },
  { kind: 'withdrawal', type: 2 },
  { kind: 'deposit', prefix: true, type: 1 },
  { kind: 'bet_payout', type: 5 },
  // A cash-out (issue 38) reads as a payout.
  { kind: 'bet_cashout', type: 5 },
  { kind: 'bet_refund', type: 6 },
  { kind: 'bet', type: 4 },
  // Casino rounds (server/modules/casinoWallet): stakes, wins and cancelled stakes read as bets, payouts and refunds.
  { kind: 'casino_bet', type: 4 },
  { kind: 'casino_win', type: 5 },
  { kind: 'casino_rollback', type: 6 },
  { kind: 'bonus', prefix: true, type: 8 },
  { kind: 'voucher', prefix: true, type: 9 },
  { kind: 'gift', prefix: true, type: 9 },
];
export const OTHER_BILL_TYPE = 7;

const billType = sql.join(
  [
    sql`CASE`,
    ...BILL_KINDS.map((rule) =>
      rule.prefix
        ? sql`WHEN ${ledgerTransactions.kind} LIKE ${`${rule.kind}%`} THEN ${sql.raw(String(rule.type))}`
        : sql`WHEN ${ledgerTransactions.kind} = ${rule.kind} THEN ${sql.raw(String(rule.type))}`,
    ),
    sql`ELSE ${sql.raw(String(OTHER_BILL_TYPE))} END`,
  ],
  sql` `,
);

function billsOf(db: Queryable, accountId: number) {
  return db
    .select({
      entryId: ledgerEntries.id,
      transactionId: ledgerEntries.transactionId,
      amount: ledgerEntries.amount,
      balanceAfter: sql<string>`sum(${ledgerEntries.amount}) over (order by ${ledgerEntries.id})`.as('balance_after'),
      kind: ledgerTransactions.kind,
      type: sql<number>`${billType}`.as('bill_type'),
      reference: ledgerTransactions.reference,
      createdAt: ledgerTransactions.createdAt,
      withdrawalStatus: withdrawalOrders.status,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .leftJoin(withdrawalOrders, eq(withdrawalOrders.holdTransactionId, ledgerTransactions.id))
    .where(eq(ledgerEntries.accountId, accountId))
    .as('bills');
}

export interface BillRow {
  transactionId: number;
  amount: number;
  balanceAfter: number;
  kind: string;
  type: number;
  reference: string;
  createdAt: Date;
  withdrawalStatus: string | null;
}

const toRow = (row: {
  transactionId: number;
  amount: number;
  balanceAfter: string;
  kind: string;
  type: number;
  reference: string;
  createdAt: Date;
  withdrawalStatus: string | null;
}): BillRow => ({ ...row, balanceAfter: Number(row.balanceAfter), type: Number(row.type), createdAt: new Date(row.createdAt) });

export async function pageBills(
  db: Queryable,
  accountId: number,
  filter: { from: Date; to: Date; types?: readonly number[] | undefined },
  page: { offset: number; limit: number },
): Promise<{ total: number; rows: BillRow[] }> {
  const bills = billsOf(db, accountId);
  const where = and(
    gte(bills.createdAt, filter.from),
    lt(bills.createdAt, filter.to),
    filter.types ? inArray(bills.type, [...filter.types]) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(bills).where(where);
  const rows = await db.select().from(bills).where(where).orderBy(desc(bills.entryId)).limit(page.limit).offset(page.offset);
  return { total: total?.n ?? 0, rows: rows.map(toRow) };
}

export async function billOfTransaction(db: Queryable, accountId: number, transactionId: number): Promise<BillRow | undefined> {
  const bills = billsOf(db, accountId);
  const [row] = await db.select().from(bills).where(eq(bills.transactionId, transactionId));
  return row ? toRow(row) : undefined;
}
