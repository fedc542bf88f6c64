import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Server configuration: environment variables over generated development defaults. Secrets are never in
 * the repository: the first start writes them to `<dataDir>/secrets.json` (mode 600).
 */
export interface ServerConfig {
  port: number;
  host: string;
  /** Where the embedded database, secrets and site settings live. */
  dataDir: string;
  /** The built PWA. */
  distDir: string;
  /** Production mode: no development pages (/dev/outbox), terse errors. */
  production: boolean;
  /** Keys the Sign header (spec §7). Handed to the page in a meta tag: it proves integrity, not identity. */
  appKey: string;
  logLevel: string;
}

interface Secrets {
  appKey: string;
}

function loadSecrets(dataDir: string): Secrets {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
    if (typeof parsed.appKey === 'string' && parsed.appKey.length >= 32) return { appKey: parsed.appKey };
  }
  const secrets: Secrets = { appKey: randomBytes(32).toString('hex') };
  writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  return secrets;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const dataDir = resolve(overrides.dataDir ?? env['DATA_DIR'] ?? 'data');
  mkdirSync(dataDir, { recursive: true });
  const secrets = loadSecrets(dataDir);
  const port = Number(env['PORT'] ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not ${env['PORT']}`);
  return {
    port,
    host: env['HOST'] ?? 'localhost',
    dataDir,
    distDir: resolve(env['DIST_DIR'] ?? 'dist'),
    production: env['NODE_ENV'] === 'production',
    appKey: env['APP_KEY'] ?? secrets.appKey,
    logLevel: env['LOG_LEVEL'] ?? 'info',
    ...overrides,
  };
}
