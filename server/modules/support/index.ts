import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { formatCentavos } from '../../../src/lib/money';
import { CallError } from '../../lib/errors';
import { registerSupportDesk } from '../../providers/support';
import { supportRoutes } from './routes';
import { type ContextFacts, type SupportContextSources, SupportService } from './service';

/**
 * The customer-support chat (issue 37) as one plugin: the help desk (a real Chatwoot-style desk from
 * SUPPORT_DESK_*, else the simulator and its console /sim/support outside production), the service, its
 * calls, pictures and webhook route, `app.support`, and its shared jobs (forwarding what the desk has not
 * taken, the webhook inbox, the simulator's own deliveries), each run by one instance.
 */

declare module 'fastify' {
  interface FastifyInstance {
    support: SupportService;
  }
}

export interface SupportModuleOptions {
  /** Where SUPPORT_DESK_* are read (default process.env; tests hand their own). */
  env?: NodeJS.ProcessEnv;
}

export const SUPPORT_FORWARD_MS = 5_000;
export const SUPPORT_INBOX_MS = 30_000;
export const SUPPORT_SIMULATOR_MS = 1_000;

/** A lookup that answers 'not found' for another player's thing is "not theirs" here, nothing more. */
async function unlessMissing<T>(lookup: () => Promise<T>): Promise<T | undefined> {
  try {
    return await lookup();
  } catch (error) {
    if (error instanceof CallError && error.status === 404) return undefined;
    throw error;
  }
}

/** What each module knows of the player's own thing a dialog was about, through that module's service. */
function contextSources(app: FastifyInstance): SupportContextSources {
  return {
    async withdrawal(customerId, orderNo) {
      const order = await unlessMissing(() => app.withdrawals.status(customerId, orderNo));
      return order && ({ status: order.status, amount: formatCentavos(order.amount), created: order.createdAt } satisfies ContextFacts);
    },
    async deposit(customerId, orderNo) {
      const order = await app.deposits.order(customerId, orderNo);
      return order && { status: order.status, amount: formatCentavos(order.amount), channel: order.payType, created: order.createdAt };
    },
    async bet(customerId, transId) {
      const ticket = await app.bets.ticket(customerId, transId);
      return ticket && { status: ticket.status, stake: formatCentavos(ticket.stake), kind: ticket.mode, placed: ticket.createdAt };
    },
    async kyc(customerId) {
      const status = await app.kyc.status(customerId);
      return { kycStatus: String(status.ekycStatus), ...(status.rejectReason ? { rejectReason: status.rejectReason } : {}) };
    },
  };
}

export { type SupportService } from './service';

export const support = fp<SupportModuleOptions>(
  async (app: FastifyInstance, options) => {
    const db = app.database.db;
    const { desk, simulator } = await registerSupportDesk(app, {
      db,
      production: app.config.production,
      // The simulator's keys are derived from the deployment's own secret.
      deploymentSecret: app.config.secrets.captchaKeySecret,
      clock: app.clock,
      ...(options.env ? { env: options.env } : {}),
    });
    const service = new SupportService({
      db,
      desk,
      events: app.playerEvents,
      // The business hours now (the site setting `support.hours`).
      hours: () => app.site.settings.read().support.hours,
      contexts: contextSources(app),
      clock: app.clock,
      log: app.log,
    });
    app.decorate('support', service);
    await app.register(supportRoutes, { service, sessions: app.sessions.resolver });
    // A visitor who logs in keeps the conversations of the visitor's session.
    app.sessions.onLogin((previousSessionId, customerId) => service.adoptVisitor(previousSessionId, customerId));
    // No desk (production without SUPPORT_DESK_*): nothing to forward; the messages wait in the database.
    if (desk.name !== 'none') app.jobs.add('support-desk-forward', SUPPORT_FORWARD_MS, () => service.forwardDue());
    app.jobs.add('support-inbox', SUPPORT_INBOX_MS, (now) => service.retryInbox(now));
    if (simulator) app.jobs.add('support-desk-simulator', SUPPORT_SIMULATOR_MS, (now) => simulator.deliverDue(now));
  },
  // The modules it asks about the thing a conversation is about: withdrawals, deposits, bets and KYC.
  { name: 'support', dependencies: ['core', 'jobs', 'contract', 'sessions', 'site', 'withdrawals', 'deposits', 'bets', 'kyc'] },
);
