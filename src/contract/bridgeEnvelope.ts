// Without zod: the host bridge is on the first screen's path (the method=dp effect of the route guards).

/**
 * One versioned envelope for every message between the page and its host or native shell:
 * `{ v: 1, type, id, payload }`. A reply carries the request's id.
 */
export const BRIDGE_VERSION = 1;
export interface BridgeEnvelope {
  v: typeof BRIDGE_VERSION;
  type: string;
  id: string;
  payload: Record<string, unknown>;
}

/** Whether a message has the envelope's shape (checked before any field is read). */
export function isEnvelope(data: unknown): data is BridgeEnvelope {
  if (!data || typeof data !== 'object') return false;
  const m = data as Record<string, unknown>;
  return (
    m['v'] === BRIDGE_VERSION &&
    typeof m['type'] === 'string' &&
    /^[a-zA-Z.:]{1,40}$/.test(m['type']) &&
    typeof m['id'] === 'string' &&
    /^[\w-]{1,64}$/.test(m['id']) &&
    !!m['payload'] &&
    typeof m['payload'] === 'object' &&
    !Array.isArray(m['payload'])
  );
}
