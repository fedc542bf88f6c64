import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { APP_ID, APP_VERSION } from '../../src/contract/constants';
import { computeSign } from '../../src/contract/sign';
import { FAKE_ASSET, fakeDist } from './dist';
import { type TestServer, startServer } from './server';

/**
 * What a browser is told about every answer: the same caching rule whatever encoding it accepts, a
 * Content-Security-Policy that lets the page run only its own files and talk only to its own origin,
 * framing only by the app and configured partners, powerful features off, HSTS over TLS only.
 */

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
}

/** One request with exactly these headers (fetch would add an Accept-Encoding of its own). */
function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; ca?: string } = {},
): Promise<Answer> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      target,
      { method: options.method ?? 'GET', headers: options.headers ?? {}, ...(options.ca ? { ca: options.ca } : {}) },
      (incoming) => {
        incoming.resume();
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers }));
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

/** A signed call of the contract, as the app sends it. */
function apiCall(server: TestServer, base: string, encoding: Record<string, string>, ca?: string): Promise<Answer> {
  const body = '{}';
  const qid = randomUUID();
  const sign = computeSign(server.config.appKey, { body, qid, appId: APP_ID, version: APP_VERSION, token: '' });
  return request(`${base}/api/front/front/siteinfo`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Qid: qid, AppId: APP_ID, token: '', Sign: sign, ...encoding },
    body,
    ...(ca ? { ca } : {}),
  });
}

/** The policy as directive → sources. */
function csp(headers: IncomingHttpHeaders): Map<string, string[]> {
  const value = String(headers['content-security-policy'] ?? '');
  return new Map(
    value
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const ENCODINGS: [string, Record<string, string>, string | undefined][] = [
  ['br', { 'Accept-Encoding': 'br' }, 'br'],
  ['gzip', { 'Accept-Encoding': 'gzip' }, 'gzip'],
  ['none', {}, undefined],
];

const FILES: [path: string, cacheControl: string][] = [
  ['/', 'no-cache'],
  ['/sw.js', 'no-cache'],
  ['/manifest.webmanifest', 'no-cache'],
  [FAKE_ASSET, 'public, max-age=31536000, immutable'],
  ['/icons/logo.svg', 'no-cache'],
];

/** Headers whose value must not depend on the encoding of the answer. */
const RULES = ['cache-control', 'content-security-policy', 'permissions-policy', 'x-frame-options', 'strict-transport-security'];

let server: TestServer;
let dist: string;

beforeAll(async () => {
  dist = fakeDist();
  server = await startServer({ distDir: dist });
});

afterAll(async () => {
  await server?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('caching and headers under Accept-Encoding br, gzip and none', () => {
  for (const [path, cacheControl] of FILES) {
    it(`${path}: ${cacheControl} whatever the encoding`, async () => {
      const answers = [];
      for (const [name, headers, contentEncoding] of ENCODINGS) {
        const answer = await request(`${server.url}${path}`, { headers });
        expect(answer.status, name).toBe(200);
        expect(answer.headers['content-encoding'], `${path} ${name}`).toBe(contentEncoding);
        expect(answer.headers['cache-control'], `${path} ${name}`).toBe(cacheControl);
        expect(answer.headers['vary'], `${path} ${name}`).toMatch(/accept-encoding/i);
        answers.push(answer);
      }
      for (const header of RULES) {
        expect(new Set(answers.map((answer) => answer.headers[header])).size, header).toBe(1);
      }
    });
  }

  it('an API answer: the same headers whatever the encoding, a CSP that allows nothing and no frame', async () => {
    const answers = [];
    for (const [name, headers] of ENCODINGS) {
      const answer = await apiCall(server, server.url, headers);
      expect(answer.status, name).toBe(200);
      expect(answer.headers['content-security-policy'], name).toBe("default-src 'none';frame-ancestors 'none'");
      expect(answer.headers['x-frame-options'], name).toBe('DENY');
      expect(answer.headers['x-content-type-options'], name).toBe('nosniff');
      answers.push(answer);
    }
    for (const header of RULES) {
      expect(new Set(answers.map((answer) => answer.headers[header])).size, header).toBe(1);
    }
  });
});

describe('the page’s browser-side defences', () => {
  it('runs only its own scripts and styles, talks only to its origin and its WebSocket, framed only by itself', async () => {
    const { headers } = await request(`${server.url}/foryou`);
    const policy = csp(headers);
    const port = new URL(server.url).port;
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'", `ws://127.0.0.1:${port}`]);
    expect(policy.get('worker-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'blob:']);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    // The in-game frame shows the simulator's game pages, on this origin.
    expect(policy.get('frame-src')).toEqual(["'self'"]);
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
    expect(String(headers['content-security-policy'])).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('allows the camera to this origin only (identity verification) and turns every other powerful feature off', async () => {
    const { headers } = await request(`${server.url}/`);
    const features = new Map(
      String(headers['permissions-policy'])
        .split(',')
        .map((entry) => entry.trim().split('=') as [string, string]),
    );
    expect(features.get('camera')).toBe('(self)');
    for (const feature of ['microphone', 'geolocation', 'payment', 'usb', 'display-capture', 'clipboard-read']) {
      expect(features.get(feature), feature).toBe('()');
    }
    // Nothing is granted to another origin.
    expect([...features.values()].every((allow) => allow === '()' || allow === '(self)')).toBe(true);
  });

  it('a forged Host header cannot add sources to the policy', async () => {
    const { headers } = await request(`${server.url}/`, { headers: { Host: "evil.example; script-src 'unsafe-inline'" } });
    const policy = csp(headers);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(String(headers['content-security-policy'])).not.toContain('evil');
  });

  it('the app’s HTML runs no inline script and its one inline style is the critical CSS the policy names by hash', () => {
    const html = readFileSync('index.html', 'utf8');
    // The prerendered shell's critical CSS: the server adds its sha256 to style-src (tests/integration/firstPaint.test.ts).
    expect(html.match(/<style\b/gi) ?? []).toHaveLength(1);
    expect(html).not.toMatch(/\sstyle=/i);
    for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) expect(tag).toMatch(/\ssrc=|type="application\/json"/);
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });
});

describe('framing by partner mini-apps (FRAME_ANCESTORS)', () => {
  it('lists the configured partners besides the app, and drops X-Frame-Options (it cannot name them)', async () => {
    const partnerServer = await startServer({ distDir: dist, frameAncestors: ['https://partner.example', 'https://*.mini.example'] });
    try {
      const page = await request(`${partnerServer.url}/`);
      expect(csp(page.headers).get('frame-ancestors')).toEqual(["'self'", 'https://partner.example', 'https://*.mini.example']);
      expect(page.headers['x-frame-options']).toBeUndefined();
      const api = await apiCall(partnerServer, partnerServer.url, {});
      expect(csp(api.headers).get('frame-ancestors')).toEqual(["'none'"]);
    } finally {
      await partnerServer.close();
    }
  });

  it('lets the in-game frame show a real game provider’s pages (the origin of GAME_PROVIDER_URL) and nothing else', async () => {
    const { generateKeyPairSync } = await import('node:crypto');
    const pem = (key: { export(o: object): string | Buffer }, type: string) => key.export({ type, format: 'pem' }).toString();
    const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const providerServer = await startServer({
      distDir: dist,
      gameProvider: {
        url: 'https://games.provider.example/api',
        operatorId: 'panalo',
        operatorPrivateKey: pem(keys.privateKey, 'pkcs8'),
        providerPublicKey: pem(keys.publicKey, 'spki'),
      },
    });
    try {
      const page = await request(`${providerServer.url}/`);
      expect(csp(page.headers).get('frame-src')).toEqual(["'self'", 'https://games.provider.example']);
    } finally {
      await providerServer.close();
    }
  });

  it('reads the list from the environment and refuses anything but origins', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'panalo-config-'));
    try {
      const secrets = {
        appKey: 'k'.repeat(64),
        rsaPrivateKey: '',
        captchaSecret: '',
        captchaKeySecret: '',
        vapidPublicKey: '',
        vapidPrivateKey: '',
      };
      expect(loadConfig({}, { dataDir, secrets }).frameAncestors).toEqual([]);
      expect(loadConfig({ FRAME_ANCESTORS: 'https://a.example, https://b.example:8443' }, { dataDir, secrets }).frameAncestors).toEqual([
        'https://a.example',
        'https://b.example:8443',
      ]);
      for (const wrong of ["https://a.example; script-src 'unsafe-inline'", '*', 'https:', 'javascript:alert(1)', "'unsafe-inline'"]) {
        expect(() => loadConfig({ FRAME_ANCESTORS: wrong }, { dataDir, secrets }), wrong).toThrow(/FRAME_ANCESTORS/);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('over TLS', () => {
  let tlsDir: string;
  let tls: https.Server;
  let base: string;
  let cert: string;

  beforeAll(async () => {
    // A throw-away certificate for 127.0.0.1, and the same app behind a TLS socket (request.protocol is 'https').
    tlsDir = mkdtempSync(join(tmpdir(), 'panalo-tls-'));
    const [keyFile, certFile] = [join(tlsDir, 'key.pem'), join(tlsDir, 'cert.pem')];
    // prettier-ignore
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', keyFile, '-out', certFile,
    ], { stdio: 'ignore' });
    cert = readFileSync(certFile, 'utf8');
    tls = https.createServer({ key: readFileSync(keyFile), cert }, (req, res) => server.app.routing(req, res));
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    const address = tls.address();
    base = `https://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => tls?.close(resolve));
    rmSync(tlsDir, { recursive: true, force: true });
  });

  it('sends HSTS on pages, files and API answers, upgrades insecure requests, and allows only the wss: socket', async () => {
    for (const path of ['/', '/sw.js', FAKE_ASSET]) {
      const { headers } = await request(`${base}${path}`, { ca: cert, headers: { 'Accept-Encoding': 'br' } });
      expect(headers['strict-transport-security'], path).toBe('max-age=31536000; includeSubDomains');
      const policy = csp(headers);
      expect(policy.get('connect-src'), path).toEqual(["'self'", `wss://${new URL(base).host}`]);
      expect(policy.has('upgrade-insecure-requests'), path).toBe(true);
    }
    const api = await apiCall(server, base, {}, cert);
    expect(api.status).toBe(200);
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
