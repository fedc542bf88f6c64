import { buildApp } from './app';
import { type ServerConfig, loadConfig } from './config';
import { gracefulShutdown } from './plugins/health';

/**
 * Starts the server: `npm start` builds the PWA first, then runs this on http://localhost:8080;
 * `npm run dev` runs it with `--dev`, serving the PWA from its sources through Vite with hot reload.
 */
let config: ServerConfig;
try {
  config = loadConfig();
} catch (error) {
  // A setting that does not parse stops the start with its own words, not a stack trace.
  console.error(`\nPanalo could not start: ${(error as Error).message}\n`);
  process.exit(1);
}
const dev = process.argv.includes('--dev');
if (dev && config.production) {
  console.error('\nPanalo could not start: the development server (npm run dev) does not run with NODE_ENV=production; use npm start.\n');
  process.exit(1);
}
const app = await buildApp(config, { viteDev: dev });

/**
 * SIGTERM/SIGINT: drain (/readyz 503 for DRAIN_SECONDS while still serving), then stop accepting, finish
 * the requests in flight, close the sockets with a reconnect hint, stop the jobs and release their
 * leases, exit 0. A second signal, or a stop that hangs, ends the process at once (exit 1).
 */
let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) {
    app.log.warn({ signal }, 'second signal: exiting now');
    process.exit(1);
  }
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  setTimeout(() => {
    app.log.error('shutdown took too long: exiting');
    process.exit(1);
  }, config.drainMs + 30_000).unref();
  try {
    await gracefulShutdown(app, { drainMs: config.drainMs, log: app.log });
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
  app.log.info('stopped');
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  console.error(`\nPanalo could not start on ${config.host}:${config.port}: ${(error as Error).message}\nSet PORT to use another port.\n`);
  process.exit(1);
}

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const host = ['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host;
console.log(
  `\n  Panalo is running at http://${host}:${port}\n  Data: ${config.dataDir}${dev ? '  (development server: hot reload)' : config.production ? '' : '  (development mode)'}\n`,
);
