import { buildApp } from './app';
import { type ServerConfig, loadConfig } from './config';

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

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

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
