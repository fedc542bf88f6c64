import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db';
import { ledgerTotal } from '../wallet';
import * as repo from './repository';

/**
 * Reconciliation: the providers' records against our orders and the ledger. Every difference is a
 * mismatch, stored in a report (reconciliation_reports) and logged:
 * - paid-not-credited: the provider took the money, the player's wallet did not get it;
 * - paid-no-order: the provider has a paid record naming no order of ours;
 * - credited-not-paid: we credited an order the provider has not (or not as paid);
 * - amount-differs: the provider's amount, the order's and the ledger's credit are not all one;
 * - credited-twice: more than one ledger credit names the order;
 * - state-differs: the order says paid without a credit, or has a credit without saying paid;
 * - ledger-unbalanced: the ledger's entries or balances do not sum to zero;
 * and whatever the other checks (payouts) report, in the same { kind, reference, ours, theirs, note }.
 * A leader runs it every few minutes (the job runner); the operator reads it at /dev/reconciliation.
 */

export interface Mismatch {
  kind: string;
  reference: string;
  /** Our side and the provider's (a number, a status word, or a small object such as a payout's). */
  ours: unknown;
  theirs: unknown;
  note: string;
}

/** One deposit as the provider recorded it. */
export interface ProviderDeposit {
  providerId: string;
  /** Our order number, as we gave it to the provider. */
  reference: string;
  amount: number;
  paid: boolean;
  /** The provider's own status word. */
  status: string;
  /** When it was paid or last changed (epoch ms): a payment younger than the grace is still on its way to us. */
  settledAt: number;
}

export interface DepositSource {
  name: string;
  /** The pay types of our orders this provider holds the records of. */
  payTypes: string[];
  records(from: Date, to: Date): Promise<ProviderDeposit[]>;
}

export interface ReconcilerOptions {
  db: Database;
  log: FastifyBaseLogger;
  sources: DepositSource[];
  /** Other comparisons (payouts: reconcilePayouts of the withdrawals), in the same shape. */
  otherChecks?: ((from: Date, to: Date) => Promise<Mismatch[]>)[];
  /** How far back each run looks (default 3 days). */
  windowMs?: number;
  /** A payment settled more recently than this may still be on its way (webhooks retry): not yet a mismatch (default 15 minutes). */
  graceMs?: number;
}

export interface ReconciliationRun {
  reportId: number;
  checked: number;
  mismatches: Mismatch[];
}

export class Reconciler {
  constructor(private readonly options: ReconcilerOptions) {}

  async run(now: number): Promise<ReconciliationRun> {
    const { db, log } = this.options;
    const windowMs = this.options.windowMs ?? 3 * 86_400_000;
    const graceMs = this.options.graceMs ?? 15 * 60_000;
    const from = new Date(now - windowMs);
    const to = new Date(now);
    const mismatches: Mismatch[] = [];

    const orders = await repo.ordersCreatedBetween(db, from, to);
    const records = (
      await Promise.all(this.options.sources.map(async (source) => ({ source, list: await source.records(from, to) })))
    ).flatMap(({ source, list }) => list.map((record) => ({ source, record })));
    // Orders the providers name that were created before the window are fetched too.
    const known = new Set(orders.map((o) => o.orderNo));
    orders.push(
      ...(await repo.ordersByNo(
        db,
        [...new Set(records.map((r) => r.record.reference))].filter((no) => !known.has(no)),
      )),
    );
    const byOrderNo = new Map(orders.map((o) => [o.orderNo, o]));
    const credits = await repo.creditsOf(
      db,
      orders.map((o) => o.orderNo),
    );
    const creditOf = (orderNo: string) => credits.get(orderNo) ?? { count: 0, credited: 0 };

    const seen = new Set<string>();
    for (const { source, record } of records) {
      const order = byOrderNo.get(record.reference);
      const settled = now - record.settledAt >= graceMs;
      if (!order) {
        if (record.paid && settled) {
          mismatches.push({
            kind: 'paid-no-order',
            reference: record.reference,
            ours: null,
            theirs: record.amount,
            note: `${source.name} ${record.providerId} is paid but names no order of ours`,
          });
        }
        continue;
      }
      seen.add(order.orderNo);
      const credit = creditOf(order.orderNo);
      if (record.amount !== order.amount) {
        mismatches.push({
          kind: 'amount-differs',
          reference: order.orderNo,
          ours: order.amount,
          theirs: record.amount,
          note: `${source.name} ${record.providerId}: the provider's amount is not the order's`,
        });
      }
      if (record.paid && credit.count === 0 && settled) {
        mismatches.push({
          kind: 'paid-not-credited',
          reference: order.orderNo,
          ours: order.status,
          theirs: record.status,
          note: `${source.name} ${record.providerId} is paid; the order was never credited`,
        });
      }
      if (!record.paid && credit.count > 0) {
        mismatches.push({
          kind: 'credited-not-paid',
          reference: order.orderNo,
          ours: credit.credited,
          theirs: record.status,
          note: `credited, but ${source.name} ${record.providerId} is not paid`,
        });
      }
    }

    const covered = new Set(this.options.sources.flatMap((s) => s.payTypes));
    for (const order of orders) {
      const credit = creditOf(order.orderNo);
      if (covered.has(order.payType) && !seen.has(order.orderNo) && credit.count > 0) {
        mismatches.push({
          kind: 'credited-not-paid',
          reference: order.orderNo,
          ours: credit.credited,
          theirs: null,
          note: `credited, but the provider (${order.provider}) has no record of it`,
        });
      }
      if (credit.count > 1) {
        mismatches.push({
          kind: 'credited-twice',
          reference: order.orderNo,
          ours: credit.count,
          theirs: 1,
          note: `${credit.count} ledger credits name this order`,
        });
      }
      if (credit.count === 1 && credit.credited !== order.amount) {
        mismatches.push({
          kind: 'amount-differs',
          reference: order.orderNo,
          ours: order.amount,
          theirs: credit.credited,
          note: 'the ledger credited another amount than the order says',
        });
      }
      if ((order.status === 'paid') !== credit.count > 0 || (order.status === 'paid') !== (order.creditTransactionId !== null)) {
        mismatches.push({
          kind: 'state-differs',
          reference: order.orderNo,
          ours: order.status,
          theirs: credit.count,
          note: 'the order’s status and its ledger credit disagree',
        });
      }
    }

    const total = await ledgerTotal(db);
    if (total.entries !== 0 || total.balances !== 0) {
      mismatches.push({
        kind: 'ledger-unbalanced',
        reference: 'ledger',
        ours: total.entries,
        theirs: total.balances,
        note: 'the ledger’s entries and balances must each sum to zero',
      });
    }
    for (const check of this.options.otherChecks ?? []) mismatches.push(...(await check(from, to)));

    const checked = orders.length + records.length;
    const reportId = await repo.saveReport(db, { windowFrom: from, windowTo: to, checked, mismatches });
    for (const mismatch of mismatches) log.error({ reconciliation: reportId, ...mismatch }, 'reconciliation mismatch');
    log.info({ reconciliation: reportId, checked, mismatches: mismatches.length }, 'reconciliation run');
    return { reportId, checked, mismatches };
  }

  latest(limit = 20) {
    return repo.latestReports(this.options.db, limit);
  }
}
