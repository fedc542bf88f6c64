import { randomBytes, randomUUID } from 'node:crypto';
import { PaymentChannel, type DepositOutcome } from '../../../src/contract/payments';
import type { CheckoutProfile } from './checkouts';
import type { CheckoutStage } from './records';
import { checkMayaSignature, mayaSignature } from './signatures';
import type { WebhookVerifier } from './types';
import type { WebhookSigner } from './webhooks';

/**
 * Maya Checkout (developers.maya.ph): a checkout with requestReferenceNumber and a decimal peso amount;
 * every end is final and sends its webhook (PAYMENT_SUCCESS, PAYMENT_FAILED, PAYMENT_EXPIRED after 30
 * minutes, PAYMENT_CANCELLED), signed X-Maya-Webhook-Signature (RSA-SHA256). A Maya webhook has no event
 * id of its own: the payment id and its status name the event.
 */

const STATUS: Record<CheckoutStage, string> = {
  open: 'PENDING_PAYMENT',
  processing: 'PAYMENT_PROCESSING',
  paid: 'PAYMENT_SUCCESS',
  'attempt-failed': 'PAYMENT_FAILED',
  failed: 'PAYMENT_FAILED',
  expired: 'PAYMENT_EXPIRED',
  cancelled: 'PAYMENT_CANCELLED',
};

const OUTCOME: Record<string, DepositOutcome> = {
  PAYMENT_SUCCESS: 'paid',
  PAYMENT_FAILED: 'failed',
  PAYMENT_EXPIRED: 'expired',
  PAYMENT_CANCELLED: 'cancelled',
};

export const MAYA_EXPIRY_MS = 30 * 60_000;

/** 50000 → "500.00", without floating point. */
export function pesosText(centavos: number): string {
  return `${Math.floor(centavos / 100)}.${String(centavos % 100).padStart(2, '0')}`;
}

/** "500.00" or "500" → 50000; anything else (more decimals, signs, exponents) → undefined. */
export function centavosOf(text: unknown): number | undefined {
  const match = typeof text === 'string' ? /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text) : null;
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0')) : undefined;
}

export const mayaCheckout: CheckoutProfile = {
  provider: 'maya',
  channel: PaymentChannel.Maya,
  brand: 'Maya',
  expiresInMs: MAYA_EXPIRY_MS,
  newId: () => randomUUID(),
  statusWord: (stage) => STATUS[stage],
  attemptFailureEnds: true,
  webhook(checkoutId, checkout, now) {
    const status = STATUS[checkout.stage];
    if (!OUTCOME[status]) return undefined;
    const body = {
      id: checkoutId,
      isPaid: checkout.stage === 'paid',
      status,
      amount: pesosText(checkout.amount),
      currency: 'PHP',
      requestReferenceNumber: checkout.reference,
      fundSource: { type: 'paymaya' },
      ...(checkout.stage === 'paid' ? {} : { errorCode: checkout.failureCode }),
      createdAt: new Date(checkout.createdAt).toISOString(),
      updatedAt: new Date(now).toISOString(),
    };
    return { eventId: `${checkoutId}:${status}`, body: JSON.stringify(body) };
  },
};

export function mayaSigner(privateKeyPem: string): WebhookSigner {
  return (body) => ({ 'x-maya-webhook-signature': mayaSignature(body, privateKeyPem, randomBytes(16).toString('hex')) });
}

/**
 * Our side: checks the RSA signature with Maya's public key over the raw body, then reads it. Maya's
 * scheme carries no timestamp, so a replay is possible: harmless, as the consumer is idempotent on eventId.
 */
export function mayaVerifier(publicKeyPem: string): WebhookVerifier {
  return {
    provider: 'maya',
    verify(headers, rawBody) {
      const check = checkMayaSignature(headers['x-maya-webhook-signature'], rawBody, publicKeyPem);
      if (check !== 'ok') return { ok: false, reason: check };
      try {
        const payment = JSON.parse(rawBody.toString());
        const outcome = OUTCOME[payment.status];
        const amount = centavosOf(payment.amount);
        if (!outcome || amount === undefined || typeof payment.id !== 'string') return { ok: false, reason: 'malformed' };
        return {
          ok: true,
          event: {
            kind: 'deposit',
            provider: 'maya',
            eventId: `${payment.id}:${payment.status}`,
            checkoutId: payment.id,
            reference: String(payment.requestReferenceNumber ?? ''),
            amount,
            outcome,
            final: true,
            ...(payment.errorCode ? { failureCode: String(payment.errorCode) } : {}),
            occurredAt: Date.parse(payment.updatedAt) || 0,
          },
        };
      } catch {
        return { ok: false, reason: 'malformed' };
      }
    },
  };
}
