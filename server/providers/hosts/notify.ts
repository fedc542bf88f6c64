import { isFresh } from '../kyc/signing';
import type { WebhookSigner } from '../payments/webhooks';
import type { WebhookVerifier } from '../payments/types';
import { ALIPAY_PLUS, NOTIFY_PATH, centavosOf, signedHeaders, verifySigned } from './alipayPlus';

/**
 * notifyPayment, the host's signed callback with a payment's final result: checked over the raw body
 * with the host's public key (Client-Id, Request-Time, Signature) before anything is parsed, then turned
 * into the payments inbox's deposit event (idempotent on paymentId + result, so copies credit once).
 */
export function alipayPlusVerifier(hostPublicKeyPem: string, clientId: string, provider = ALIPAY_PLUS): WebhookVerifier {
  const path = provider === ALIPAY_PLUS ? NOTIFY_PATH : `/webhooks/${provider}`;
  return {
    provider,
    verify(headers, rawBody, now) {
      const body = Buffer.isBuffer(rawBody) ? rawBody.toString('utf8') : rawBody;
      if (!headers['signature']) return { ok: false, reason: 'no-signature' };
      if (!verifySigned(hostPublicKeyPem, path, clientId, headers, body, now))
        return { ok: false, reason: !isFresh(headers['request-time'], now) ? 'stale' : 'bad-signature' };
      let parsed: Record<string, unknown>;
      try {
        parsed = JSON.parse(body) as Record<string, unknown>;
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      const result = parsed['paymentResult'] as { resultStatus?: unknown; resultCode?: unknown } | undefined;
      const amount = centavosOf(parsed['paymentAmount']);
      const paymentId = parsed['paymentId'];
      const reference = parsed['paymentRequestId'];
      const status = result?.resultStatus;
      if (typeof paymentId !== 'string' || typeof reference !== 'string' || amount === undefined || (status !== 'S' && status !== 'F'))
        return { ok: false, reason: 'malformed' };
      const at = Date.parse(String(parsed['paymentTime'] ?? ''));
      return {
        ok: true,
        event: {
          kind: 'deposit',
          provider,
          eventId: `${paymentId}:${status}`,
          checkoutId: paymentId,
          reference,
          amount,
          outcome: status === 'S' ? 'paid' : 'failed',
          final: true,
          ...(status === 'F' && typeof result?.resultCode === 'string' ? { failureCode: result.resultCode } : {}),
          occurredAt: Number.isFinite(at) ? at : now,
        },
      };
    },
  };
}

/** The simulator's side: signs each delivery attempt afresh with the host's key. */
export function alipayPlusSigner(hostPrivateKeyPem: string, clientId: string, provider = ALIPAY_PLUS): WebhookSigner {
  const path = provider === ALIPAY_PLUS ? NOTIFY_PATH : `/webhooks/${provider}`;
  return (body, now) => signedHeaders(hostPrivateKeyPem, path, clientId, now, body);
}
