import { createSign, createVerify } from 'node:crypto';

/**
 * Hub88's signature (X-Hub88-Signature): RSA-SHA256 over the exact raw body, base64. Both directions
 * use it: we sign our calls to the provider with the operator key, the provider signs its wallet calls
 * to us (and its answers to our calls) with its own key. Nothing is parsed before it is checked.
 */
export function signBody(privateKeyPem: string, body: string): string {
  return createSign('sha256').update(body, 'utf8').sign(privateKeyPem, 'base64');
}

export function checkBodySignature(signature: string | undefined, publicKeyPem: string, body: string): boolean {
  if (!signature || !/^[A-Za-z0-9+/]+={0,2}$/.test(signature.trim())) return false;
  try {
    return createVerify('sha256').update(body, 'utf8').verify(publicKeyPem, signature.trim(), 'base64');
  } catch {
    return false;
  }
}
