import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedByProvider } from '../../server/modules/casinoWallet/operatorRoutes';

/** The provider's X-Hub88-Signature: RSA-SHA256, base64, over the exact bytes of the body. */
describe('signedByProvider', () => {
  const provider = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const forger = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicKey = provider.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const body = Buffer.from('{"user":"p1","amount":100}');
  const signature = sign('sha256', body, provider.privateKey).toString('base64');

  it('accepts the provider’s signature over the exact bytes', () => {
    expect(signedByProvider(body, signature, publicKey)).toBe(true);
  });

  it('refuses another key, other bytes, no signature, garbage, and every call when no key is configured', () => {
    expect(signedByProvider(body, sign('sha256', body, forger.privateKey).toString('base64'), publicKey)).toBe(false);
    // The same JSON with a space more is other bytes.
    expect(signedByProvider(Buffer.from('{"user":"p1", "amount":100}'), signature, publicKey)).toBe(false);
    expect(signedByProvider(body, undefined, publicKey)).toBe(false);
    expect(signedByProvider(body, 'not base64 at all!', publicKey)).toBe(false);
    expect(signedByProvider(body, 'QUJDRA=='.repeat(4), publicKey)).toBe(false);
    expect(signedByProvider(body, signature, null)).toBe(false);
  });
});
