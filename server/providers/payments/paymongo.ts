import { randomBytes } from 'node:crypto';
import { PaymentChannel, type DepositOutcome } from '../../../src/contract/payments';
import type { CheckoutProfile } from './checkouts';
import type { CheckoutStage } from './records';
import { checkPaymongoSignature, paymongoSignature } from './signatures';
import type { WebhookVerifier } from './types';
import type { WebhookSigner } from './webhooks';

/**
 * GCash through a PayMongo-style payment intent (developers.paymongo.com/docs/payment-acceptance-e-wallets):
 * the intent waits for the player's authorisation (awaiting_next_action), processes, and succeeds; a
 * failed attempt, a cancel or the 4-hour expiry leave it awaiting_payment_method. The final word is the
 * `payment.paid` / `payment.failed` event, signed with Paymongo-Signature.
 */

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

const STATUS: Record<CheckoutStage, string> = {
  open: 'awaiting_next_action',
  processing: 'processing',
  paid: 'succeeded',
  'attempt-failed': 'awaiting_payment_method',
  failed: 'awaiting_payment_method',
  expired: 'awaiting_payment_method',
  cancelled: 'awaiting_payment_method',
};

/**
 * failed_code of a failed payment. CLOSED is GCash's code for an expired checkout; CANCELLED and
 * ACCOUNT_BLOCKED / INSUFFICIENT_BALANCE are the simulator's own.
 */
const FAILED_CODE: Partial<Record<CheckoutStage, string>> = { expired: 'CLOSED', cancelled: 'CANCELLED' };

export const GCASH_EXPIRY_MS = 4 * 3_600_000;

export const paymongoGcash: CheckoutProfile = {
  provider: 'paymongo',
  channel: PaymentChannel.GCash,
  brand: 'GCash',
  expiresInMs: GCASH_EXPIRY_MS,
  newId: () => id('pi'),
  statusWord: (stage) => STATUS[stage],
  attemptFailureEnds: false,
  webhook(intentId, checkout, now) {
    const paid = checkout.stage === 'paid';
    if (!paid && !['attempt-failed', 'failed', 'expired', 'cancelled'].includes(checkout.stage)) return undefined;
    const eventId = id('evt');
    const seconds = Math.floor(now / 1000);
    const payment = {
      id: id('pay'),
      type: 'payment',
      attributes: {
        amount: checkout.amount,
        currency: 'PHP',
        description: checkout.description,
        status: paid ? 'paid' : 'failed',
        payment_intent_id: intentId,
        source: { type: 'gcash' },
        metadata: { reference: checkout.reference },
        failed_code: paid ? null : (FAILED_CODE[checkout.stage] ?? checkout.failureCode),
        paid_at: paid ? seconds : null,
        created_at: seconds,
      },
    };
    const type = paid ? 'payment.paid' : 'payment.failed';
    const body = { data: { id: eventId, type: 'event', attributes: { type, livemode: false, data: payment, created_at: seconds } } };
    return { eventId, body: JSON.stringify(body) };
  },
};

export function paymongoSigner(secret: string): WebhookSigner {
  return (body, now) => ({ 'paymongo-signature': paymongoSignature(body, secret, now) });
}

function outcomeOf(failedCode: unknown): DepositOutcome {
  return failedCode === 'CLOSED' ? 'expired' : failedCode === 'CANCELLED' ? 'cancelled' : 'failed';
}

/** Our side: checks Paymongo-Signature over the raw body, then reads the event. */
export function paymongoVerifier(secret: string): WebhookVerifier {
  return {
    provider: 'paymongo',
    verify(headers, rawBody, now) {
      const check = checkPaymongoSignature(headers['paymongo-signature'], rawBody, secret, now);
      if (check !== 'ok') return { ok: false, reason: check };
      try {
        const { data } = JSON.parse(rawBody.toString());
        const type: unknown = data.attributes.type;
        const payment = data.attributes.data.attributes;
        if ((type !== 'payment.paid' && type !== 'payment.failed') || !Number.isSafeInteger(payment.amount)) {
          return { ok: false, reason: 'malformed' };
        }
        const outcome = type === 'payment.paid' ? 'paid' : outcomeOf(payment.failed_code);
        return {
          ok: true,
          event: {
            kind: 'deposit',
            provider: 'paymongo',
            eventId: String(data.id),
            checkoutId: String(payment.payment_intent_id),
            reference: String(payment.metadata?.reference ?? ''),
            amount: payment.amount,
            outcome,
            // A failed attempt leaves the intent payable until it expires.
            final: outcome !== 'failed',
            ...(payment.failed_code ? { failureCode: String(payment.failed_code) } : {}),
            occurredAt: Number(data.attributes.created_at) * 1000,
          },
        };
      } catch {
        return { ok: false, reason: 'malformed' };
      }
    },
  };
}
