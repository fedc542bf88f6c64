import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { depositRoutes } from './routes';
import { DepositService, EXPIRY_JOB_MS } from './service';

/**
 * E-wallet deposits (GCash, Maya): orders, the provider's hosted checkout, the verified events that
 * credit them, and the expiry job. The deposit orders' rows, views and notices are shared with the other
 * ways to pay in (bank and agent deposits, vouchers) and the records through what is exported here.
 */
declare module 'fastify' {
  interface FastifyInstance {
    deposits: DepositService;
  }
}

export {
  attachCheckout,
  closeDeposit,
  creditDeposit,
  findOrder,
  insertDepositOrder,
  lockOrder,
  newOrderNo,
  ordersBetween,
  pendingOrdersOf,
} from './repository';
export { amountProblem } from './ewallets';
export { tellDepositClosed, tellDepositCredited } from './notify';
export { orderView } from './view';
export type { DepositService } from './service';

export const deposits = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    // One turnover rule: what queryPayWays tells the player is what withdrawals enforce (config.withdraw).
    const service = new DepositService({
      db: app.database.db,
      events: app.playerEvents,
      payments: app.payments,
      config: { ...config.payments, turnoverPercent: config.withdraw.turnoverPercent },
      log: app.log,
      gate: app.responsibleGaming.gate,
    });
    app.decorate('deposits', service);
    await app.register(depositRoutes, { service });
    app.jobs.add('deposit-expiry', EXPIRY_JOB_MS, (now) => service.expireOrders(now));
  },
  { name: 'deposits', dependencies: ['core', 'jobs', 'contract', 'payments', 'responsible-gaming'] },
);
