import { memorySimulatorStore, type SimulatorStore } from '../../server/providers/payments/store';
import { depositAfter, payoutAfter, type DepositOrderState } from '../../server/providers/payments/outcomes';
import { mayaVerifier } from '../../server/providers/payments/maya';
import { paymongoVerifier } from '../../server/providers/payments/paymongo';
import { xenditPayoutVerifier } from '../../server/providers/payments/payouts';
import { createPaymentSimulators, mayaKeyPair, type PaymentSimulators } from '../../server/providers/payments/simulators';
import type { PaymentEvent, WebhookVerifier } from '../../server/providers/payments/types';
import type { DeliveryOptions } from '../../server/providers/payments/webhooks';
import type { PayoutStatus } from '../../src/contract/payments';

/** Sunday 1 June 2025, 10:00 in Manila. */
export const START = Date.parse('2025-06-01T02:00:00Z');
export const SECRETS = { paymongoWebhookSecret: 'whsk_test_secret', xenditCallbackToken: 'xnd_callback_token' };
export const MAYA_KEYS = mayaKeyPair();
export const RETURN_URLS = {
  success: '/wallet/deposit?done=1',
  failure: '/wallet/deposit?failed=1',
  cancel: '/wallet/deposit?cancelled=1',
};

/**
 * The simulators wired to "our side" as it will be: each webhook is verified over its raw body, then an
 * idempotent consumer (seen event ids + the outcome rules) updates deposit orders and payouts.
 */
export function paymentsWorld(delivery: DeliveryOptions = { copies: 3, spreadMs: 60_000 }, store: SimulatorStore = memorySimulatorStore()) {
  let now = START;
  const verifiers: Record<string, WebhookVerifier> = {
    paymongo: paymongoVerifier(SECRETS.paymongoWebhookSecret),
    maya: mayaVerifier(MAYA_KEYS.publicKeyPem),
    xendit: xenditPayoutVerifier(SECRETS.xenditCallbackToken),
  };
  const seen = new Set<string>();
  const arrivals: PaymentEvent[] = [];
  const refused: string[] = [];
  const deposits = new Map<string, DepositOrderState>();
  const payouts = new Map<string, PayoutStatus>();
  const credits: string[] = [];
  const givenBack: string[] = [];
  /** Our endpoint's answer before it looks at a webhook (a 503 makes the provider retry). */
  let answerFirst: (body: string) => number | undefined = () => undefined;

  const sims: PaymentSimulators = createPaymentSimulators({
    store,
    clock: () => now,
    baseUrl: 'http://127.0.0.1:8080',
    secrets: { ...SECRETS, mayaPrivateKeyPem: MAYA_KEYS.privateKeyPem },
    delivery,
    processingMs: 5_000,
    async send({ provider, headers, body }) {
      const forced = answerFirst(body);
      if (forced !== undefined) return forced;
      const verdict = verifiers[provider]!.verify(headers, body, now);
      if (!verdict.ok) {
        refused.push(verdict.reason);
        return 401;
      }
      const { event } = verdict;
      arrivals.push(event);
      if (seen.has(`${event.provider}:${event.eventId}`)) return 200;
      seen.add(`${event.provider}:${event.eventId}`);
      if (event.kind === 'deposit') {
        const next = depositAfter(deposits.get(event.reference) ?? 'pending', event);
        deposits.set(event.reference, next.state);
        if (next.credit) credits.push(event.reference);
      } else {
        const next = payoutAfter(payouts.get(event.reference) ?? 'accepted', event.status);
        payouts.set(event.reference, next.state);
        if (next.giveBack) givenBack.push(event.reference);
      }
      return 200;
    },
  });

  return {
    sims,
    store,
    seen,
    arrivals,
    refused,
    deposits,
    payouts,
    credits,
    givenBack,
    now: () => now,
    answerFirst(rule: (body: string) => number | undefined) {
      answerFirst = rule;
    },
    /** Moves the clock forward in steps, running the job at each step, as a leader would. */
    async advance(ms: number, step = 5_000) {
      const end = now + ms;
      while (now < end) {
        now = Math.min(end, now + step);
        await sims.tick(now);
      }
    },
  };
}
