/**
 * `npm run build`'s server half: server/main.ts and everything it imports (server/, src/contract, src/lib)
 * as plain JavaScript in dist-server/, for a production start with `node dist-server/main.js` on the
 * production dependencies alone (`npm ci --omit=dev`; README "Running it"). Packages stay imports, resolved
 * from node_modules at run time; the development server's chunk (Vite, a development dependency) is
 * split off and loaded only by `npm run dev`'s --dev. The migrations go beside it (server/db reads them
 * from its own folder).
 */
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist-server', { recursive: true, force: true });
await build({
  entryPoints: ['server/main.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  outdir: 'dist-server',
  splitting: true,
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('server/db/migrations', 'dist-server/migrations', { recursive: true });
console.log('built the server into dist-server/ (node dist-server/main.js)');
