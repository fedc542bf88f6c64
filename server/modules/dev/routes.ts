import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db';
import { type DevFeedOptions, devFeed } from './feed';
import { devOutbox } from './outbox';
import { devVouchers } from './vouchers';
import { devDeposits } from './deposits';
import { devReconciliation } from './reconciliation';
import type { Reconciler } from '../reconciliation/service';
import type { ManualDepositService } from '../bankDeposits/service';
import { type AgentNetwork, agentCashInPages } from '../../providers/agents/cashIn';
import type { VoucherService } from '../vouchers/service';

/**
 * The development routes (/dev/…): the messaging outbox, the realtime side's sockets and the feed
 * moved at once, the operator's pages (vouchers, bank deposits to review, reconciliation) and the
 * simulated agent network's cashier page (/sim/agent/cash-in). buildApp registers them only when
 * NODE_ENV is not production.
 */
export async function devRoutes(
  app: FastifyInstance,
  options: DevFeedOptions & {
    db: Database;
    vouchers: VoucherService;
    deposits: ManualDepositService;
    agents: AgentNetwork;
    clock: () => number;
    reconciliation: Reconciler;
  },
) {
  await app.register(devOutbox, { db: options.db });
  await app.register(devFeed, options);
  await app.register(devVouchers, { db: options.db, vouchers: options.vouchers });
  await app.register(devDeposits, { db: options.db, deposits: options.deposits });
  await app.register(devReconciliation, { reconciler: options.reconciliation, clock: options.clock });
  await app.register(agentCashInPages, { network: options.agents, clock: options.clock });
}
