import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AgentCashOut } from '../../providers/agents/cashOut';
import { DEFAULT_LOCKOUT, PasswordGuard } from '../auth';
import { registerAgentCashOut } from './agentCashOut';
import { WithdrawPasswords } from './password';
import { withdrawalRoutes } from './routes';
import { WITHDRAWAL_RESUME_MS, WithdrawalService } from './service';

/**
 * Money out (spec §7 withdraw/*): the withdrawal password (its wrong tries counted like login passwords),
 * limits and turnover, the order held out of the wallet until its payout settles, the payout providers
 * (Xendit-style e-wallet and bank payouts; store cash-outs at agents, a simulator outside production),
 * their verified events, and the job that asks again about payouts not asked or late.
 */
declare module 'fastify' {
  interface FastifyInstance {
    withdrawals: WithdrawalService;
    /** The store cash-out network (its simulator outside production; none in production yet). */
    storeCashOut: AgentCashOut | undefined;
  }
}

export { findOrder, pageOrders } from './repository';
export { reconcilePayouts } from './reconcile';
export { type WithdrawalService, orderView } from './service';

export const withdrawals = fp(
  async (app: FastifyInstance) => {
    const { config, clock } = app;
    const db = app.database.db;
    const agent = await registerAgentCashOut(app, { db, secret: config.secrets.captchaKeySecret });
    app.decorate('storeCashOut', agent);
    const passwords = new WithdrawPasswords({
      db,
      codeSecret: config.secrets.captchaKeySecret,
      // Counted like login passwords, in the same table under withdraw:<id> keys (see password.ts).
      guard: new PasswordGuard(
        db,
        { ...DEFAULT_LOCKOUT, failures: config.withdraw.passwordFailures, lockMs: config.withdraw.passwordLockMs },
        clock,
      ),
      sendSms: (phone, text) => app.sms.send(phone, text),
      now: clock,
    });
    const service = new WithdrawalService({
      db,
      events: app.playerEvents,
      config: config.withdraw,
      accounts: app.paymentAccounts,
      passwords,
      payouts: () => ({ xendit: app.payments.payouts, agent }),
      available: (channel) => app.payments.available(channel),
      now: clock,
      log: app.log,
    });
    app.decorate('withdrawals', service);
    app.payments.onPayoutEvent((tx, event) => service.onPayoutEvent(tx, event));
    // Payouts not asked yet are asked (again, with the same key); late ones are looked up.
    app.jobs.add('withdrawal-payouts', WITHDRAWAL_RESUME_MS, () => service.resume());
    await app.register(withdrawalRoutes, { service, passwords, accounts: app.paymentAccounts });
  },
  { name: 'withdrawals', dependencies: ['core', 'jobs', 'contract', 'payments', 'payment-accounts', 'messaging'] },
);
