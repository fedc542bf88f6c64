import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppOptions, buildApp } from '../../server/app';
import { type ServerConfig, loadConfig } from '../../server/config';
import { type DatabaseHandle, openDatabase } from '../../server/db';
import { createFeedSimulator } from '../../server/providers/feed/simulator';
import { APP_ID, APP_VERSION } from '../../src/contract/constants';
import { API_PREFIXES, type ApiPrefix } from '../../src/contract/envelopes';
import { computeSign } from '../../src/contract/sign';

/**
 * A real server on 127.0.0.1 and an ephemeral port, over a fresh copy of the template database
 * (PGlite by default, PostgreSQL with DATABASE_URL), with its own data folder; close() removes both.
 */
export interface TestServer {
  url: string;
  app: FastifyInstance;
  config: ServerConfig;
  database: DatabaseHandle;
  post(
    prefix: ApiPrefix,
    name: string,
    body?: unknown,
    options?: { token?: string; sign?: string; rawBody?: string; headers?: Record<string, string> },
  ): Promise<Response>;
  close(): Promise<void>;
}

async function freshDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const url = process.env['DATABASE_URL'];
  const template = inject('postgresTemplate');
  if (url && template) {
    const name = `panalo_t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const handle = await openDatabase({ url: dbUrl.toString() });
    return {
      handle,
      drop: async () => {
        await handle.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name}`);
        await admin.end();
      },
    };
  }
  const pglite = await PGlite.create({ loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) });
  const handle = await openDatabase({ pglite });
  return { handle, drop: () => handle.close() };
}

export async function startServer(
  overrides: Partial<ServerConfig> = {},
  prepare?: (app: FastifyInstance) => void,
  appOptions: AppOptions = {},
): Promise<TestServer> {
  const dataDir = overrides.dataDir ?? mkdtempSync(join(tmpdir(), 'panalo-test-'));
  const config = loadConfig(
    { NODE_ENV: 'test' },
    {
      port: 0,
      host: '127.0.0.1',
      distDir: join(dataDir, 'no-dist'),
      appKey: 'test-app-key-'.padEnd(64, 'x'),
      logLevel: 'silent',
      ...overrides,
      dataDir,
    },
  );
  const { handle, drop } = await freshDatabase();
  // A small feed that moves only when a test steps it (not on a timer), so tests are repeatable.
  const feed = createFeedSimulator({ seed: 7, matchesPerSport: 8, priceChangesPerSecond: 200, matchSpeed: 60, now: () => Date.now() });
  const app = await buildApp(config, { logger: false, database: handle, captchaDifficulty: { min: 1, max: 20 }, feed, ...appOptions });
  prepare?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    url,
    app,
    config,
    database: handle,
    async post(prefix, name, body = {}, options = {}) {
      const text = options.rawBody ?? JSON.stringify(body);
      const qid = randomUUID();
      const token = options.token ?? '';
      const sign = options.sign ?? computeSign(config.appKey, { body: text, qid, appId: APP_ID, version: APP_VERSION, token });
      return fetch(`${url}${API_PREFIXES[prefix]}/${name}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Qid: qid, AppId: APP_ID, token, Sign: sign, ...options.headers },
        body: text,
      });
    },
    async close() {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
