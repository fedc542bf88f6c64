import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db';
import type { AgentNetwork } from '../../providers/agents/cashIn';
import type { DepositSource } from './service';

/** The providers' records as reconciliation reads them. */

/** The agent network's cash-ins: paid once the cashier took the cash. */
export function agentDeposits(network: AgentNetwork): DepositSource {
  return {
    name: 'agent',
    payTypes: ['agent'],
    async records(from) {
      const rows = await network.records(from);
      return rows.map((row) => ({
        providerId: row.paymentId,
        reference: row.reference,
        amount: row.amount,
        paid: row.status === 'paid',
        status: row.status,
        settledAt: (row.paidAt ?? row.createdAt).getTime(),
      }));
    },
  };
}

interface CheckoutRow {
  id: string;
  provider: string;
  reference: string;
  amount: string | number;
  stage: string;
  settled_ms: string | number;
}

/**
 * The e-wallet providers' checkouts (GCash through PayMongo, Maya), read from the simulators' store as a
 * provider's list of payments would answer. Paid means the checkout's final stage is paid.
 */
export function checkoutDeposits(db: Queryable): DepositSource {
  return {
    name: 'checkout',
    payTypes: ['gcash', 'maya'],
    async records(from, to) {
      const result = await db.execute(sql`
        SELECT id, data->>'provider' AS provider, data->>'reference' AS reference, data->>'amount' AS amount, data->>'stage' AS stage,
               coalesce((data->>'processingUntil')::bigint, (data->>'createdAt')::bigint) AS settled_ms
        FROM payment_sim_records
        WHERE kind = 'checkout' AND created_at >= ${from.toISOString()}::timestamptz AND created_at <= ${to.toISOString()}::timestamptz`);
      return (result as unknown as { rows: CheckoutRow[] }).rows.map((row) => ({
        providerId: `${row.provider}:${row.id}`,
        reference: row.reference,
        amount: Number(row.amount),
        paid: row.stage === 'paid',
        status: row.stage,
        settledAt: Number(row.settled_ms),
      }));
    },
  };
}
