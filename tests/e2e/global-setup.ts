import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from './serverProcess';

/**
 * Starts the production server exactly as `npm start` runs it (after `npm run build`), on 127.0.0.1 and
 * an ephemeral port with a throw-away data folder, and stops it (its whole process group, by id) and
 * removes the folder afterwards.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync('dist/index.html')) throw new Error('No build in dist/: run `npm run build` before the browser tests.');
  const dataDir = mkdtempSync(join(tmpdir(), 'panalo-e2e-'));
  // A copy of the build, so a test can publish a 'new version' without touching dist/.
  const distDir = join(dataDir, 'dist');
  cpSync('dist', distDir, { recursive: true });
  const server = await startServerProcess(
    // The streaming simulator's encoded test stream is kept beside the integration tests' (encoded once).
    {
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      LOG_LEVEL: 'warn',
      FEED_RATE: '200',
      VIDEO_SIM_DIR: 'node_modules/.cache/panalo-video-simulator',
    },
    { echoStderr: true },
  ).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  // The security prompt (spec §4) would interrupt every other spec once the shared demo player's balance
  // passes the default security amount (deposits raise it); securityCentre.spec lowers it to test it.
  const siteFile = join(dataDir, 'site.json');
  const site = JSON.parse(readFileSync(siteFile, 'utf8')) as Record<string, unknown>;
  writeFileSync(siteFile, JSON.stringify({ ...site, securityAmount: { game: 1_000_000_000_000, deposit: 1_000_000_000_000 } }, null, 2));
  process.env['E2E_BASE_URL'] = server.url;
  process.env['E2E_DATA_DIR'] = dataDir;
  process.env['E2E_DIST_DIR'] = distDir;
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
