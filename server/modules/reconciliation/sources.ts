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
