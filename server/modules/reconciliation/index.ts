import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { reconcilePayouts } from '../withdrawals';
import { Reconciler } from './service';
import { agentDeposits, checkoutDeposits } from './sources';

/**
 * Reconciliation: every provider's records against our orders and the ledger (deposits at the e-wallet
 * checkouts and the agent network; payouts against withdrawal orders), run by the leader's shared job.
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** Compares the providers' records with our orders and the ledger (a job runs it; tests call it). */
    reconciliation: Reconciler;
  }
}

export type { Mismatch, Reconciler } from './service';

export const reconciliation = fp(
  async (app: FastifyInstance) => {
    const db = app.database.db;
    const { agents, reconcile } = app.manualDeposits;
    const service = new Reconciler({
      db,
      log: app.log,
      sources: app.payments.simulators ? [checkoutDeposits(db), ...(agents ? [agentDeposits(agents)] : [])] : [],
      // Withdrawals: the payout providers' records against our withdrawal orders and the ledger.
      otherChecks: [
        (from) =>
          reconcilePayouts({ db, providers: { xendit: app.payments.payouts, agent: app.storeCashOut }, since: from, now: app.clock() }),
      ],
      windowMs: reconcile.windowMs,
    });
    app.decorate('reconciliation', service);
    app.jobs.add('reconciliation', reconcile.everyMs, (now) => service.run(now));
  },
  { name: 'reconciliation', dependencies: ['core', 'jobs', 'payments', 'bank-deposits', 'withdrawals'] },
);
