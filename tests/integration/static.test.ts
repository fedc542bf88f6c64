import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_ASSET, fakeDist } from './dist';
import { type TestServer, startServer } from './server';

let server: TestServer;
let dist: string;

beforeAll(async () => {
  dist = fakeDist();
  server = await startServer({ distDir: dist });
});

afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the PWA', () => {
  it('serves the page with this deployment’s app key and no-cache', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(await response.text()).toContain(`<meta name="panalo-app-key" content="${server.config.appKey}" />`);
  });

  it('answers every page address with the app (the router decides)', async () => {
    for (const path of ['/foryou', '/games/slot', '/wallet/deposit?method=dp', '/no/such/page']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toContain('<div id="root">');
    }
  });

  it('revalidates the page with its ETag', async () => {
    const first = await fetch(`${server.url}/foryou`);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const second = await fetch(`${server.url}/foryou`, { headers: { 'If-None-Match': etag! } });
    expect(second.status).toBe(304);
  });

  it('sends hashed assets immutable for a year, brotli-compressed when accepted', async () => {
    const response = await fetch(`${server.url}${FAKE_ASSET}`, { headers: { 'Accept-Encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(await response.text()).toContain('console.log("app")');
  });

  it('revalidates the service worker and the web manifest on every load', async () => {
    expect((await fetch(`${server.url}/sw.js`)).headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${server.url}/manifest.webmanifest`)).headers.get('cache-control')).toBe('no-cache');
  });

  it('answers a missing file with 404, not the app', async () => {
    const response = await fetch(`${server.url}/assets/missing-123.js`);
    expect(response.status).toBe(404);
  });

  it('does not serve dot-folders of the build (the build manifest)', async () => {
    mkdirSync(join(dist, '.vite'), { recursive: true });
    writeFileSync(join(dist, '.vite', 'manifest.json'), '{}');
    expect((await fetch(`${server.url}/.vite/manifest.json`)).status).not.toBe(200);
  });

  it('sends basic security headers', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});
