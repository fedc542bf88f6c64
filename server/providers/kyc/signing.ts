import { createHmac, createSign, createVerify, timingSafeEqual } from 'node:crypto';

/**
 * ZOLOZ's signatures, both ways: a request and its answer carry `Client-Id`, `Request-Time` (answers:
 * `Response-Time`) and `Signature: algorithm=RSA256, signature=<url-encoded base64>` over
 * "POST <uri>\n<clientId>.<time>.<body>", each side with its own RSA key. Computed over the exact bytes
 * sent, so nothing is parsed before it is checked. The review webhooks are Sumsub's: X-Payload-Digest =
 * HMAC-SHA256 hex of the raw body with the shared secret.
 */

/** A signed time may be this far from the receiver's clock: a replayed request after that is refused. */
export const SIGNATURE_TOLERANCE_MS = 5 * 60_000;

const signedText = (uri: string, clientId: string, time: string, body: string) => `POST ${uri}\n${clientId}.${time}.${body}`;

export function signatureHeader(privateKeyPem: string, uri: string, clientId: string, time: string, body: string): string {
  const signature = createSign('sha256')
    .update(signedText(uri, clientId, time, body))
    .sign(privateKeyPem, 'base64');
  return `algorithm=RSA256, signature=${encodeURIComponent(signature)}`;
}

/** Whether a Signature header is the key's signature over this uri, client, time and body. */
export function checkSignature(
  header: string | undefined,
  publicKeyPem: string,
  uri: string,
  clientId: string,
  time: string,
  body: string,
): boolean {
  const match = /^algorithm=RSA256,\s*signature=([A-Za-z0-9%+/=_-]+)$/.exec(header?.trim() ?? '');
  if (!match) return false;
  try {
    return createVerify('sha256')
      .update(signedText(uri, clientId, time, body))
      .verify(publicKeyPem, decodeURIComponent(match[1]!), 'base64');
  } catch {
    return false;
  }
}

/** Whether a Request-Time / Response-Time is a date within the tolerance of `now`. */
export function isFresh(time: string | undefined, now: number): boolean {
  const at = time ? Date.parse(time) : NaN;
  return Number.isFinite(at) && Math.abs(now - at) <= SIGNATURE_TOLERANCE_MS;
}

export function payloadDigest(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
}

/** Timing-safe comparison of an X-Payload-Digest with the body's. */
export function checkPayloadDigest(header: string | undefined, secret: string, rawBody: string): boolean {
  if (!header || !/^[0-9a-f]{64}$/i.test(header)) return false;
  const given = Buffer.from(header.toLowerCase(), 'hex');
  const expected = Buffer.from(payloadDigest(secret, rawBody), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
