import { createSign, createVerify } from 'node:crypto';

/**
 * Hub88's signature (X-Hub88-Signature): RSA-SHA256 over the exact raw body, base64. Both directions
 * use it: we sign our calls to the provider with the operator key, the provider signs its wallet calls
 * to us (and its answers to our calls) with its own key. Nothing is parsed before it is checked.
 */
export function signBody(privateKeyPem: string, body: string): string {
  return createSign('sha256').update(body, 'utf8').sign(privateKeyPem, 'base64');
}

/** Whether `signature` (base64) is the key holder's over exactly these bytes; no key or no signature is no. */
export function checkBodySignature(signature: string | undefined, publicKeyPem: string | null, body: string | Buffer): boolean {
  const given = signature?.trim();
  if (!publicKeyPem || !given || !/^[A-Za-z0-9+/]{16,1024}={0,2}$/.test(given)) return false;
  try {
    return createVerify('sha256').update(body).verify(publicKeyPem, given, 'base64');
  } catch {
    return false;
  }
}
