import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { agentCashInPages } from '../../providers/agents/cashIn';
import { postgresSimulatorStore } from '../../providers/payments/postgresStore';
import { devPushEndpoint } from '../../providers/push/devEndpoint';
import { devDeposits } from './deposits';
import { devFeed } from './feed';
import { devOutbox } from './outbox';
import { devReconciliation } from './reconciliation';
import { devVouchers } from './vouchers';

/** The development pages' HTML helpers, for other modules' and the simulators' own pages. */
export { crossSite, devPage, devPageBasics, escapeHtml, formFields, pesos, sendPage } from './html';

/**
 * The development routes (/dev/…), never with NODE_ENV=production: the messaging outbox, the realtime
 * side's sockets and the feed moved at once, the operator's pages (vouchers, bank deposits to review,
 * reconciliation), the simulated agent network's cashier page (/sim/agent/cash-in) and
 * a push service that decrypts what the server sends (/dev/push, server/providers/push/devEndpoint.ts).
 */
export const dev = fp(
  async (app: FastifyInstance) => {
    if (app.config.production) return;
    const db = app.database.db;
    const { clock } = app;
    await app.register(devOutbox, { db });
    await app.register(devFeed, { feed: app.feed, broker: app.broker, betsIdle: () => app.bets.idle() });
    await app.register(devVouchers, { db, vouchers: app.vouchers });
    await app.register(devDeposits, { db, deposits: app.manualDeposits.service });
    await app.register(devReconciliation, { reconciler: app.reconciliation, clock });
    const { agents } = app.manualDeposits;
    if (agents) await app.register(agentCashInPages, { network: agents, clock });
    await app.register(devPushEndpoint, { store: postgresSimulatorStore(db), clock });
  },
  { name: 'dev', dependencies: ['core', 'feed', 'realtime', 'bets', 'vouchers', 'bank-deposits', 'reconciliation'] },
);
