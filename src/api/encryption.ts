import type { ApiClient } from './client';

/**
 * RSA-OAEP (SHA-256) encryption of the sensitive fields of spec §5 with the server's public key, fetched
 * once (front/publicKey) and kept for the page's life. Needs WebCrypto, which browsers give secure pages
 * only (https, or localhost while developing).
 */
export function fieldEncryptor(getClient: () => ApiClient): (value: string) => Promise<string> {
  let key: Promise<CryptoKey> | undefined;
  const load = async (): Promise<CryptoKey> => {
    if (!globalThis.crypto?.subtle) throw new Error('WebCrypto is not available on this page');
    const { spki } = await getClient().call<{ spki: string; keyId: string }>('front', 'front/publicKey', {}, { quiet: true });
    const der = Uint8Array.from(atob(spki), (c) => c.charCodeAt(0));
    return crypto.subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  };
  return async (value) => {
    key ??= load().catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    const cipher = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, await key, new TextEncoder().encode(value));
    let binary = '';
    for (const byte of new Uint8Array(cipher)) binary += String.fromCharCode(byte);
    return btoa(binary);
  };
}
