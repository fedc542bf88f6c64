import { eq, inArray, sql } from 'drizzle-orm';
import type { WithdrawalStatus } from '../../../src/contract/money';
import type { Queryable } from '../../db';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema';
import type { Payout, PayoutProvider } from '../../providers/payments/types';
import { HOUSE } from '../wallet';
import { type WithdrawalOrderRow, allOrders } from './repository';

/**
 * Reconciliation of withdrawals: the provider's payout records against our withdrawal orders against the
 * ledger. Every difference is one finding; none means the three agree. Reads only: a finding is for an
 * operator (or the reconciliation job's report), never corrected here.
 */

export interface Finding {
  kind: string;
  reference: string;
  ours: unknown;
  theirs: unknown;
  note: string;
}

/** Which payout statuses agree with an order's status. */
const AGREES: Record<WithdrawalStatus, readonly string[]> = {
  pending: ['accepted', 'pending'],
  processing: ['accepted', 'pending'],
  paid: ['succeeded'],
  failed: ['failed'],
  reversed: ['reversed'],
};

const IN_FLIGHT: readonly string[] = ['pending', 'processing'];

export interface ReconcileOptions {
  db: Queryable;
  /** Payout providers by the name an order records (`xendit`, `agent`). */
  providers: Partial<Record<string, PayoutProvider>>;
  /** The provider's own list of payouts (a settlement report), when it gives one: payouts we have no order for are found too. */
  providerRecords?: readonly Payout[];
  /** Only orders created since then (default: all). */
  since?: Date;
  /** Orders still not asked of the provider this long after creation are reported (default 15 minutes). */
  staleMs?: number;
  now?: number;
}

/** What the ledger holds for each order: its net on house:pending-withdrawals and on the player's main wallet. */
async function ledgerByOrder(db: Queryable, orderNos: string[]): Promise<Map<string, { held: number; main: number }>> {
  const result = new Map<string, { held: number; main: number }>();
  if (orderNos.length === 0) return result;
  const rows = await db
    .select({
      reference: ledgerTransactions.reference,
      kind: ledgerAccounts.kind,
      house: sql<boolean>`${ledgerAccounts.customerId} IS NULL`,
      total: sql<string>`sum(${ledgerEntries.amount})`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(
      inArray(
        ledgerTransactions.reference,
        orderNos.map((no) => `withdrawal:${no}`),
      ),
    )
    .groupBy(ledgerTransactions.reference, ledgerAccounts.kind, ledgerAccounts.customerId);
  for (const row of rows) {
    const orderNo = row.reference.slice('withdrawal:'.length);
    const entry = result.get(orderNo) ?? { held: 0, main: 0 };
    if (row.kind === HOUSE.pendingWithdrawals && row.house) entry.held += Number(row.total);
    if (row.kind === 'main' && !row.house) entry.main += Number(row.total);
    result.set(orderNo, entry);
  }
  return result;
}

/** What the ledger must show for an order in its status: held while in flight, out of the wallet once paid. */
function expectedLedger(order: WithdrawalOrderRow): { held: number; main: number } {
  if (IN_FLIGHT.includes(order.status)) return { held: order.amount, main: -order.amount };
  if (order.status === 'paid') return { held: 0, main: -order.amount };
  return { held: 0, main: 0 };
}

export async function reconcilePayouts(options: ReconcileOptions): Promise<Finding[]> {
  const { db, providers } = options;
  const now = options.now ?? Date.now();
  const staleMs = options.staleMs ?? 15 * 60_000;
  const findings: Finding[] = [];
  const orders = await allOrders(db, options.since);
  const ledger = await ledgerByOrder(
    db,
    orders.map((order) => order.orderNo),
  );

  for (const order of orders) {
    const ours = { status: order.status, amount: order.amount, payoutId: order.payoutId };
    const books = ledger.get(order.orderNo) ?? { held: 0, main: 0 };
    const expected = expectedLedger(order);
    if (books.held !== expected.held || books.main !== expected.main) {
      findings.push({
        kind: 'ledger',
        reference: order.orderNo,
        ours: { ...ours, ledger: books },
        theirs: { expected },
        note: `The ledger does not match a ${order.status} withdrawal of ${order.amount} centavos.`,
      });
    }
    if (!order.payoutId) {
      if (IN_FLIGHT.includes(order.status) && now - order.createdAt.getTime() > staleMs) {
        findings.push({
          kind: 'payout-missing',
          reference: order.orderNo,
          ours,
          theirs: null,
          note: 'The payout was never made at the provider.',
        });
      }
      continue;
    }
    const provider = providers[order.provider];
    if (!provider) {
      findings.push({
        kind: 'provider-missing',
        reference: order.orderNo,
        ours,
        theirs: null,
        note: `No provider ${order.provider} to ask.`,
      });
      continue;
    }
    let theirs: Payout;
    try {
      theirs = await provider.queryPayout(order.payoutId);
    } catch (error) {
      findings.push({
        kind: 'payout-unknown',
        reference: order.orderNo,
        ours,
        theirs: null,
        note: `The provider does not know the payout: ${(error as Error).message}`,
      });
      continue;
    }
    const view = { status: theirs.status, amount: theirs.amount, reference: theirs.reference };
    if (theirs.amount !== order.amount || theirs.reference !== order.orderNo) {
      findings.push({
        kind: 'payout-amount',
        reference: order.orderNo,
        ours,
        theirs: view,
        note: 'The payout’s amount or reference differs from the order’s.',
      });
    }
    if (!AGREES[order.status as WithdrawalStatus]?.includes(theirs.status)) {
      findings.push({
        kind: 'payout-status',
        reference: order.orderNo,
        ours,
        theirs: view,
        note: `We have the withdrawal ${order.status}; the provider has the payout ${theirs.status}.`,
      });
    }
  }

  if (options.providerRecords) {
    const known = new Set(orders.map((order) => order.orderNo));
    for (const payout of options.providerRecords) {
      if (!known.has(payout.reference)) {
        findings.push({
          kind: 'payout-without-order',
          reference: payout.reference,
          ours: null,
          theirs: { payoutId: payout.payoutId, status: payout.status, amount: payout.amount },
          note: 'The provider has a payout that matches no withdrawal of ours.',
        });
      }
    }
  }

  // The held money as a whole: house:pending-withdrawals equals the withdrawals in flight.
  if (!options.since) {
    const inFlight = orders.filter((order) => IN_FLIGHT.includes(order.status)).reduce((sum, order) => sum + order.amount, 0);
    const [house] = await db
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(sql`${ledgerAccounts.customerId} IS NULL AND ${ledgerAccounts.kind} = ${HOUSE.pendingWithdrawals}`);
    const balance = house?.balance ?? 0;
    if (balance !== inFlight) {
      findings.push({
        kind: 'held-total',
        reference: HOUSE.pendingWithdrawals,
        ours: { inFlight },
        theirs: { ledger: balance },
        note: 'The money held for withdrawals differs from the withdrawals in flight.',
      });
    }
  }
  return findings;
}
