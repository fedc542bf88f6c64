import { createHmac, createSign, createVerify, timingSafeEqual } from 'node:crypto';

/**
 * The providers' webhook signatures. Each is computed over the raw bytes as received: parsing and
 * re-serialising JSON would change them.
 */

type Raw = string | Buffer;
const bytes = (raw: Raw) => (typeof raw === 'string' ? Buffer.from(raw, 'utf8') : raw);

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** `k=v,k=v` → map (the shape of both Paymongo-Signature and X-Maya-Webhook-Signature). */
function parts(header: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at > 0) map.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  return map;
}

function paymongoDigest(secret: string, t: string, raw: Raw): string {
  return createHmac('sha256', secret).update(`${t}.`).update(bytes(raw)).digest('hex');
}

/** Paymongo-Signature: t=<unix seconds>,te=<test signature>,li=<live signature>; one of te/li is empty. */
export function paymongoSignature(raw: Raw, secret: string, nowMs: number, livemode = false): string {
  const t = String(Math.floor(nowMs / 1000));
  const digest = paymongoDigest(secret, t, raw);
  return `t=${t},te=${livemode ? '' : digest},li=${livemode ? digest : ''}`;
}

/** How old a signed timestamp may be: a replay of a captured request after this is refused. */
export const SIGNATURE_TOLERANCE_MS = 5 * 60_000;

export type SignatureCheck = 'ok' | 'no-signature' | 'bad-signature' | 'stale';

export function checkPaymongoSignature(
  header: string | undefined,
  raw: Raw,
  secret: string,
  nowMs: number,
  livemode = false,
): SignatureCheck {
  if (!header) return 'no-signature';
  const fields = parts(header);
  const t = fields.get('t');
  const given = fields.get(livemode ? 'li' : 'te');
  if (!t || !given || !/^\d+$/.test(t)) return 'no-signature';
  if (!sameText(given, paymongoDigest(secret, t, raw))) return 'bad-signature';
  return Math.abs(nowMs - Number(t) * 1000) > SIGNATURE_TOLERANCE_MS ? 'stale' : 'ok';
}

/** X-Maya-Webhook-Signature: nonce=<random>,v1=<base64 RSA-SHA256 over "<nonce>.<raw body>">. */
export function mayaSignature(raw: Raw, privateKeyPem: string, nonce: string): string {
  const signer = createSign('sha256');
  signer.update(`${nonce}.`).update(bytes(raw));
  return `nonce=${nonce},v1=${signer.sign(privateKeyPem, 'base64')}`;
}

export function checkMayaSignature(header: string | undefined, raw: Raw, publicKeyPem: string): SignatureCheck {
  if (!header) return 'no-signature';
  const fields = parts(header);
  const nonce = fields.get('nonce');
  const v1 = fields.get('v1');
  if (!nonce || !v1) return 'no-signature';
  const verifier = createVerify('sha256');
  verifier.update(`${nonce}.`).update(bytes(raw));
  try {
    return verifier.verify(publicKeyPem, v1, 'base64') ? 'ok' : 'bad-signature';
  } catch {
    return 'bad-signature';
  }
}

/** Xendit authenticates callbacks with a static token (x-callback-token): it proves the sender, not the body. */
export function checkCallbackToken(header: string | undefined, token: string): SignatureCheck {
  if (!header) return 'no-signature';
  return sameText(header, token) ? 'ok' : 'bad-signature';
}
