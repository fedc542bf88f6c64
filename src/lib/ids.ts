import { TRANSACTION_ID_MAX_LENGTH } from '../contract/constants';

/** A random v4 UUID; falls back to getRandomValues where randomUUID is missing (plain-http LAN pages). */
export function uuid(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') {
    try {
      return c.randomUUID();
    } catch {
      // not a secure context
    }
  }
  const bytes = c.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Transaction ids sent with claim calls are cut to 64 characters (spec §5). */
export function clampTransactionId(id: string): string {
  return id.length > TRANSACTION_ID_MAX_LENGTH ? id.slice(0, TRANSACTION_ID_MAX_LENGTH) : id;
}
