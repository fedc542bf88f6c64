// Writes .br and .gz beside every compressible build file, so the server sends compressed bytes without
// compressing per request (every byte counts on mobile data). Runs after `vite build`.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = process.argv[2] ?? 'dist';
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|txt|map)$/;
let raw = 0;
let br = 0;
let count = 0;

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (COMPRESSIBLE.test(name) && statSync(path).size >= 512) {
      const data = readFileSync(path);
      const brotli = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      writeFileSync(`${path}.br`, brotli);
      writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      if (!name.endsWith('.map')) {
        raw += data.length;
        br += brotli.length;
        count++;
      }
    }
  }
}

walk(root);
console.log(`precompressed ${count} files: ${(raw / 1024).toFixed(1)} KiB → ${(br / 1024).toFixed(1)} KiB brotli`);
