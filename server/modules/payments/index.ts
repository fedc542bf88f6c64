import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PaymentChannel } from '../../../src/contract/payments';
import { isChannelDown } from '../../providers/payments/channels';
import { mayaVerifier } from '../../providers/payments/maya';
import { paymongoVerifier } from '../../providers/payments/paymongo';
import { xenditPayoutVerifier } from '../../providers/payments/payouts';
import { postgresSimulatorStore } from '../../providers/payments/postgresStore';
import { DEFAULT_DELIVERY, createPaymentSimulators, type PaymentSimulators } from '../../providers/payments/simulators';
import type { EwalletAcquirer, PayoutProvider, WebhookVerifier } from '../../providers/payments/types';
import type { DeliveryOptions } from '../../providers/payments/webhooks';
import { type DepositEvent, type EventHandler, type PayoutEvent, WebhookInbox } from './inbox';
import { PayWaysRegistry } from './payWays';
import { loadSimulatorSecrets } from './secrets';
import { simRoutes } from './simRoutes';
import { webhookRoutes } from './webhookRoutes';

/**
 * The payments core every money module builds on (app.payments): the e-wallet acquirers and the payout
 * provider behind their interfaces, each channel's availability, the webhook inbox with its handlers,
 * and the pay-ways registry of deposit/queryPayWays. Outside production the providers are the
 * simulators (server/providers/payments); in production no simulator runs, and with no real provider
 * configured every channel is unavailable (GW_801104).
 */
export interface Payments {
  /** E-wallet acquirers by pay type; a missing one is unavailable. */
  readonly acquirers: Partial<Record<'gcash' | 'maya', EwalletAcquirer>>;
  /** Payouts to GCash, Maya and banks (Xendit-style); undefined when none is configured. */
  readonly payouts: PayoutProvider | undefined;
  /** Whether a channel can take new payments or payouts now (its outage switch; false with no provider). */
  available(channel: PaymentChannel): Promise<boolean>;
  /** Handles verified deposit / payout events, exactly once each, inside the inbox's transaction. */
  onDepositEvent(handler: EventHandler<DepositEvent>): void;
  onPayoutEvent(handler: EventHandler<PayoutEvent>): void;
  readonly inbox: WebhookInbox;
  readonly payWays: PayWaysRegistry;
  /** The clock of payments (the app's; tests move it and call app.jobs.tick()). */
  readonly clock: () => number;
  /** The site's origin for return URLs ('' = same-origin paths). */
  readonly publicUrl: string;
  /** Development and tests only. */
  readonly simulators: PaymentSimulators | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: Payments;
  }
}

export { type AfterCommit, type DepositEvent, type EventHandler, type PayoutEvent, type WebhookInbox, unhandledEvents } from './inbox';
export type { PayTypeEntry } from './payWays';
export { playerRefusal, providerIssue } from './refusals';

/**
 * Webhook routes (/webhooks/<provider>) for more providers, through the payments inbox (signature over
 * the raw body, stored once per event, handled exactly once): for the modules with providers of their
 * own (the store cash-out network).
 */
export async function providerWebhooks(app: FastifyInstance, options: { verifiers: Record<string, WebhookVerifier> }) {
  await app.register(webhookRoutes, { inbox: app.payments.inbox, verifiers: options.verifiers, clock: app.payments.clock });
}

export interface PaymentsOptions {
  /** How the simulators deliver webhooks (default: 2 copies over 10 s). */
  delivery?: DeliveryOptions;
  /** How long a simulated payment processes before its final status (default 5 s). */
  processingMs?: number;
}

/** How often the simulators take their step on the leader (ends payments, expires, delivers webhooks). */
export const SIMULATOR_STEP_MS = 1_000;
/** How often unhandled webhook events are handled again. */
export const INBOX_RETRY_MS = 30_000;

export const payments = fp<PaymentsOptions>(
  async (app: FastifyInstance, options) => {
    const { config, clock, jobs } = app;
    const db = app.database.db;
    // The simulators never run in production, whatever the settings say.
    const runSimulators = config.payments.simulators && !config.production;
    if (config.payments.simulators && config.production) app.log.warn('payment simulators refused: NODE_ENV is production');

    const inbox = new WebhookInbox(db, app.log);
    const verifiers: Record<string, WebhookVerifier> = {};
    let simulators: PaymentSimulators | undefined;
    const store = postgresSimulatorStore(db);

    if (runSimulators) {
      const secrets = loadSimulatorSecrets(config.dataDir);
      verifiers['paymongo'] = paymongoVerifier(secrets.paymongoWebhookSecret);
      verifiers['maya'] = mayaVerifier(secrets.mayaPublicKeyPem);
      verifiers['xendit'] = xenditPayoutVerifier(secrets.xenditCallbackToken);
      simulators = createPaymentSimulators({
        store,
        clock,
        // Same origin: the hosted pages are ours (/sim/…), so CSP form-action 'self' allows their forms.
        baseUrl: config.payments.publicUrl,
        secrets,
        delivery: options.delivery ?? DEFAULT_DELIVERY,
        processingMs: options.processingMs,
        // Delivered through our real webhook route (raw body, signature, inbox), without a network hop.
        async send({ provider, headers, body }) {
          const answer = await app.inject({
            method: 'POST',
            url: `/webhooks/${provider}`,
            headers: { ...headers, 'content-type': 'application/json' },
            payload: body,
          });
          return answer.statusCode;
        },
      });
      const sims = simulators;
      jobs.add('payment-simulators', SIMULATOR_STEP_MS, (now) => sims.tick(now));
    }
    jobs.add('payment-webhook-inbox', INBOX_RETRY_MS, (now) => inbox.retryUnhandled(now));

    app.decorate('payments', {
      acquirers: simulators ? { gcash: simulators.gcash, maya: simulators.maya } : {},
      payouts: simulators?.payouts,
      async available(channel) {
        if (!simulators) return false;
        return !(await isChannelDown(store, channel));
      },
      onDepositEvent: (handler) => inbox.on('deposit', handler),
      onPayoutEvent: (handler) => inbox.on('payout', handler),
      inbox,
      payWays: new PayWaysRegistry(),
      clock,
      publicUrl: config.payments.publicUrl,
      simulators,
    } satisfies Payments);

    await app.register(webhookRoutes, { inbox, verifiers, clock });
    if (simulators) await app.register(simRoutes, { simulators, store, jobs, clock });
  },
  { name: 'payments', dependencies: ['core', 'jobs'] },
);
