import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkBodySignature } from '../../server/providers/games/signing';

/** The provider's X-Hub88-Signature: RSA-SHA256, base64, over the exact bytes of the body. */
describe('checkBodySignature (the provider’s wallet calls)', () => {
  const provider = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const forger = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicKey = provider.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const body = Buffer.from('{"user":"p1","amount":100}');
  const signature = sign('sha256', body, provider.privateKey).toString('base64');

  it('accepts the provider’s signature over the exact bytes', () => {
    expect(checkBodySignature(signature, publicKey, body)).toBe(true);
  });

  it('refuses another key, other bytes, no signature, garbage, and every call when no key is configured', () => {
    expect(checkBodySignature(sign('sha256', body, forger.privateKey).toString('base64'), publicKey, body)).toBe(false);
    // The same JSON with a space more is other bytes.
    expect(checkBodySignature(signature, publicKey, Buffer.from('{"user":"p1", "amount":100}'))).toBe(false);
    expect(checkBodySignature(undefined, publicKey, body)).toBe(false);
    expect(checkBodySignature('not base64 at all!', publicKey, body)).toBe(false);
    expect(checkBodySignature('QUJDRA=='.repeat(4), publicKey, body)).toBe(false);
    expect(checkBodySignature(signature, null, body)).toBe(false);
  });
});
