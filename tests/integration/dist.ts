import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/**
 * A small built app, laid out as `npm run build` lays it out (a .br and a .gz beside each compressible
 * file, as scripts/precompress.mjs writes them): the server's caching, fallback and header rules do not
 * depend on what the build holds.
 */
export const FAKE_ASSET = '/assets/index-Ab12Cd34.js';

/** A CSS module's class names as a build names them (scripts/vite-first-paint.ts catches them): `row` → `_row_mr1`. */
export const builtClassNames = (module: string, ...locals: string[]): Record<string, string> =>
  Object.fromEntries(locals.map((local) => [local, `_${local}_${module}1`]));

export function fakeDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'panalo-dist-'));
  const write = (path: string, text: string, precompressed = true) => {
    const file = join(dist, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    if (!precompressed) return;
    writeFileSync(`${file}.br`, brotliCompressSync(text));
    writeFileSync(`${file}.gz`, gzipSync(text));
  };
  write(
    'index.html',
    '<!doctype html><html><head><meta name="panalo-app-key" content="" /><title>Panalo</title></head><body><div id="root"></div></body></html>',
    false,
  );
  write(FAKE_ASSET, 'console.log("app");'.repeat(100));
  write('sw.js', 'self.addEventListener("fetch", () => {});'.repeat(20));
  write('manifest.webmanifest', JSON.stringify({ name: 'Panalo', icons: [] }).repeat(20));
  write('icons/logo.svg', `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(200)}</svg>`);
  return dist;
}
