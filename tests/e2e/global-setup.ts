import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Starts the production server exactly as `npm start` runs it (after `npm run build`), on 127.0.0.1 and
 * an ephemeral port with a throw-away data folder, and stops it and removes the folder afterwards.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync('dist/index.html')) throw new Error('No build in dist/: run `npm run build` before the browser tests.');
  const dataDir = mkdtempSync(join(tmpdir(), 'panalo-e2e-'));
  // A copy of the build, so a test can publish a 'new version' without touching dist/.
  const distDir = join(dataDir, 'dist');
  cpSync('dist', distDir, { recursive: true });
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR: distDir, LOG_LEVEL: 'warn', FEED_RATE: '200' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start within 30 s')), 30_000);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}: ${output}`)));
  });
  process.env['E2E_BASE_URL'] = url;
  process.env['E2E_DATA_DIR'] = dataDir;
  process.env['E2E_DIST_DIR'] = distDir;
  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
