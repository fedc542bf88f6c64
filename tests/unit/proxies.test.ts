// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { waitInWords } from '../../server/modules/auth/lockout';
import { fastifyTrustProxy, parseTrustProxy } from '../../server/lib/proxies';

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless told', () => {
    for (const value of [undefined, '', '  ', 'false', 'none', '0']) expect(parseTrustProxy(value)).toBe(false);
  });

  it('reads a comma list of addresses, CIDR ranges and proxy-addr names', () => {
    expect(parseTrustProxy('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(parseTrustProxy(' 10.0.0.0/8, 192.168.1.7 ,fd00::/8, ::1, loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
      '::1',
      'loopback',
    ]);
    expect(parseTrustProxy('0.0.0.0/0')).toEqual(['0.0.0.0/0']);
  });

  it('reads a number of hops', () => {
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
  });

  it('refuses trust-everyone and anything that is not an address or range, naming it', () => {
    expect(() => parseTrustProxy('true')).toThrow(/would believe any X-Forwarded-For/);
    expect(() => parseTrustProxy('*')).toThrow(/would believe any X-Forwarded-For/);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/"10\.0\.0\.0\/33" is not an address or CIDR range/);
    expect(() => parseTrustProxy('127.0.0.1, proxy.local')).toThrow(/"proxy\.local" is not an address/);
    expect(() => parseTrustProxy('256.1.1.1')).toThrow(/"256\.1\.1\.1"/);
    expect(() => parseTrustProxy('10.0.0.1/8/9')).toThrow(/not an address/);
    expect(() => parseTrustProxy('fd00::/129')).toThrow(/not an address/);
    expect(() => parseTrustProxy('10.0.0.1,')).toThrow(/"" is not an address/);
    expect(() => parseTrustProxy('-1')).toThrow(/not an address/);
    expect(() => parseTrustProxy('50')).toThrow(/at most 10/);
  });

  it('stops the start with a clear error from the environment', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' }, { secrets: fakeSecrets, dataDir: tmp() })).toThrow(/TRUST_PROXY: "yes please"/);
    expect(loadConfig({}, { secrets: fakeSecrets, dataDir: tmp() }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }, { secrets: fakeSecrets, dataDir: tmp() }).trustProxy).toEqual(['10.0.0.0/8']);
  });

  it('gives Fastify the client address the trusted proxies name, and the socket address otherwise', async () => {
    const ipWith = async (trust: ReturnType<typeof parseTrustProxy>, forwarded: string) => {
      const app = Fastify({ trustProxy: fastifyTrustProxy(trust) });
      app.get('/', async (request) => request.ip);
      // inject() comes from 127.0.0.1.
      const response = await app.inject({ url: '/', headers: { 'x-forwarded-for': forwarded } });
      await app.close();
      return response.body;
    };
    expect(await ipWith(false, '203.0.113.9')).toBe('127.0.0.1');
    expect(await ipWith(['127.0.0.1'], '203.0.113.9')).toBe('203.0.113.9');
    expect(await ipWith(['10.0.0.0/8'], '203.0.113.9')).toBe('127.0.0.1');
    // A forged first entry is not believed: only the trusted proxy's own word counts.
    expect(await ipWith(['127.0.0.1'], '1.2.3.4, 203.0.113.9')).toBe('203.0.113.9');
    expect(await ipWith(1, '1.2.3.4, 203.0.113.9')).toBe('203.0.113.9');
    expect(await ipWith(2, '1.2.3.4, 203.0.113.9')).toBe('1.2.3.4');
  });
});

describe('lockout wording', () => {
  it('says how long to wait, rounded up', () => {
    expect(waitInWords(1)).toBe('1 minute');
    expect(waitInWords(15 * 60_000)).toBe('15 minutes');
    expect(waitInWords(14 * 60_000 + 1)).toBe('15 minutes');
    expect(waitInWords(2 * 60 * 60_000)).toBe('2 hours');
  });
});

const fakeSecrets = {
  appKey: 'k'.repeat(64),
  rsaPrivateKey: '',
  captchaSecret: 'c',
  captchaKeySecret: 'd',
  vapidPublicKey: '',
  vapidPrivateKey: '',
};

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function tmp(): string {
  const folder = mkdtempSync(join(tmpdir(), 'panalo-config-'));
  folders.push(folder);
  return folder;
}
