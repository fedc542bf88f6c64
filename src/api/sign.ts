import { type SignInput, signMessage } from '../contract/sign';

/**
 * The page's Sign (spec §7), the same hex HMAC-SHA256 as contract/sign.ts `computeSign` (which the
 * server checks against), computed with the browser's WebCrypto so that no hashing library is part of
 * the first download. WebCrypto exists only on secure pages (https, localhost): on a page served over
 * plain http on a LAN address, and for an empty app key (which WebCrypto refuses as an HMAC key), the
 * pure-JS hash of @noble/hashes is loaded when first needed.
 */

// WebCrypto's types, as both the page's (DOM) and Node's typings (bench, tests) declare them.
type Subtle = (typeof globalThis.crypto)['subtle'];
type HmacKey = Awaited<ReturnType<Subtle['importKey']>>;

const encoder = new TextEncoder();
let cached: { appKey: string; key: Promise<HmacKey> } | undefined;

function hmacKey(subtle: Subtle, appKey: string): Promise<HmacKey> {
  if (cached?.appKey !== appKey) {
    const key = subtle.importKey('raw', encoder.encode(appKey), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    cached = { appKey, key };
    // A refused key is not kept: the next call tries again.
    key.catch(() => {
      if (cached?.key === key) cached = undefined;
    });
  }
  return cached.key;
}

function hex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

async function signWithNoble(appKey: string, message: string): Promise<string> {
  const { hmacSha256Hex } = await import('./signFallback');
  return hmacSha256Hex(appKey, message);
}

export async function signAsync(
  appKey: string,
  input: SignInput,
  subtle: Subtle | null = globalThis.crypto?.subtle ?? null,
): Promise<string> {
  const message = signMessage(input);
  if (!subtle || appKey === '') return signWithNoble(appKey, message);
  try {
    const mac = await subtle.sign('HMAC', await hmacKey(subtle, appKey), encoder.encode(message));
    return hex(new Uint8Array(mac));
  } catch {
    return signWithNoble(appKey, message);
  }
}
