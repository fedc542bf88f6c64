import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SupportHoursSetting } from '../../../src/contract/support';
import { formatCentavos } from '../../../src/lib/money';
import type { Database } from '../../db';
import { CallError } from '../../lib/errors';
import type { SessionResolver } from '../../plugins/contract';
import { registerSupportDesk } from '../../providers/support';
import type { PlayerEvents } from '../../realtime/bus';
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

export interface SupportOptions {
  db: Database;
  events: PlayerEvents;
  sessions: SessionResolver;
  /** The business hours now (the site setting `support.hours`). */
  hours: () => SupportHoursSetting;
  clock: () => number;
  production: boolean;
  /** The deployment's secret the simulator's keys are derived from. */
  deploymentSecret: string;
  /** Where SUPPORT_DESK_* are read (default process.env). */
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

export const supportModule = fp<SupportOptions>(
  async (app, options) => {
    const { desk, simulator } = await registerSupportDesk(app, {
      db: options.db,
      production: options.production,
      deploymentSecret: options.deploymentSecret,
      clock: options.clock,
      ...(options.env ? { env: options.env } : {}),
    });
    const service = new SupportService({
      db: options.db,
      desk,
      events: options.events,
      hours: options.hours,
      contexts: contextSources(app),
      clock: options.clock,
      log: app.log,
    });
    app.decorate('support', service);
    await app.register(supportRoutes, { service, sessions: options.sessions });
    // No desk (production without SUPPORT_DESK_*): nothing to forward; the messages wait in the database.
    if (desk.name !== 'none') app.payments.addJob('support-desk-forward', SUPPORT_FORWARD_MS, () => service.forwardDue());
    app.payments.addJob('support-inbox', SUPPORT_INBOX_MS, (now) => service.retryInbox(now));
    if (simulator) app.payments.addJob('support-desk-simulator', SUPPORT_SIMULATOR_MS, (now) => simulator.deliverDue(now));
  },
  {
    name: 'panalo-support',
    dependencies: ['panalo-contract'],
    // The modules it asks about a context, and the shared job runner (not plugins yet: their decorators).
    decorators: { fastify: ['call', 'payments', 'withdrawals', 'deposits', 'bets', 'kyc'] },
  },
);
