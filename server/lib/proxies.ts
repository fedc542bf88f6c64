import { isIP } from 'node:net';

/**
 * Which proxies in front of the server may name the client's address (X-Forwarded-For). Fastify hands
 * this to proxy-addr: `false` trusts nobody (the socket's peer is the client), a number trusts that
 * many hops in front of the server, a list trusts the proxies at those addresses or ranges.
 */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for well-known ranges. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.includes(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  if (extra !== undefined) return false;
  const version = isIP(address);
  if (version === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: empty (the default) trusts no proxy; a whole number trusts that many hops; otherwise a
 * comma list of addresses, CIDR ranges or proxy-addr's names (loopback, linklocal, uniquelocal).
 * `true` is refused: believing any X-Forwarded-For lets a caller pick a new address per call.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false' || text === 'none' || text === '0') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) throw new Error(`TRUST_PROXY: ${hops} proxy hops is more than any real setup has; give at most 10.`);
    return hops;
  }
  if (text === 'true' || text === '*') {
    throw new Error(
      'TRUST_PROXY=true would believe any X-Forwarded-For header, so a caller could pick a new address on every call. ' +
        'Give the addresses or CIDR ranges of your proxies (e.g. 10.0.0.0/8), or the number of proxy hops in front of the server.',
    );
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (wrong.length > 0) {
    throw new Error(
      `TRUST_PROXY: ${wrong.map((entry) => JSON.stringify(entry)).join(', ')} ${wrong.length === 1 ? 'is' : 'are'} not an address or CIDR range. ` +
        'Give a comma list such as "127.0.0.1, 10.0.0.0/8, fd00::/8", or a number of proxy hops.',
    );
  }
  return entries;
}

/**
 * Fastify's trustProxy option for a setting. Fastify ignores a bare hop count (it cannot tell a proxy
 * from a direct caller), so a count becomes proxy-addr's own rule: the nearest `hops` addresses are
 * proxies. That is only safe when callers cannot reach the server except through those proxies.
 */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}
