import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type AgentNetwork, agentNetworkSimulator } from '../../providers/agents/cashIn';
import { agentPayType, bankPayType } from './payWays';
import { bankDepositRoutes } from './routes';
import { ManualDepositService } from './service';

/**
 * Bank-transfer deposits (the house's accounts, the order, the receipt reviewed by the operator) and
 * cash-ins at agents (a payment code, the network's signed callback). The agent network is a simulator,
 * there with the payment simulators (development and tests): production has none until one is
 * contracted. Nor does production ever use the demo bank accounts.
 */
export interface ManualDeposits {
  readonly service: ManualDepositService;
  /** The agent network (its simulator), when there is one. */
  readonly agents: AgentNetwork | undefined;
  /** How often the reconciliation job runs and how far back it looks (the bank deposits' settings). */
  readonly reconcile: { everyMs: number; windowMs: number };
}

declare module 'fastify' {
  interface FastifyInstance {
    manualDeposits: ManualDeposits;
  }
}

export { ordersForReview, receiptByKey } from './repository';
export type { ManualDepositService } from './service';

export const bankDeposits = fp(
  async (app: FastifyInstance) => {
    const { config, clock, payments } = app;
    const db = app.database.db;
    const settings = config.production && config.manualDeposits.demoBanks ? { ...config.manualDeposits, banks: [] } : config.manualDeposits;
    const agentSecret = settings.agentCallbackSecret;
    const agents = payments.simulators
      ? agentNetworkSimulator({
          db,
          secret: agentSecret,
          send: async ({ headers, body }) =>
            (
              await app.inject({
                method: 'POST',
                url: '/webhooks/agent/cash-in',
                headers: { 'content-type': 'application/json', ...headers },
                payload: body,
              })
            ).statusCode,
        })
      : undefined;
    const service = new ManualDepositService({
      db,
      events: app.playerEvents,
      settings,
      agents,
      // A bank transfer needs no provider: only the operator's outage switch (kept by the simulators) closes it.
      bankAvailable: async () => !payments.simulators || (await payments.available('bank')),
      clock,
      gate: app.responsibleGaming.gate,
    });
    app.decorate('manualDeposits', {
      service,
      agents,
      reconcile: { everyMs: settings.reconcileEveryMs, windowMs: settings.reconcileWindowMs },
    } satisfies ManualDeposits);
    await app.register(bankDepositRoutes, { service, agentSecret, clock });
    const presets = { amountList: config.payments.depositPresets, firstAmountList: config.payments.firstDepositPresets };
    payments.payWays.register(async () => bankPayType(settings, await service.bankAvailable(), presets), 20);
    if (agents) payments.payWays.register(async () => agentPayType(settings, presets), 30);
    app.jobs.add('manual-deposits', 30_000, async (now) => ({
      expired: await service.expireDue(now),
      callbacks: agents ? await agents.deliverDue(now) : 0,
    }));
  },
  { name: 'bank-deposits', dependencies: ['core', 'jobs', 'contract', 'payments', 'responsible-gaming'] },
);
