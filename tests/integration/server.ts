import { randomInt, randomUUID } from 'node:crypto';
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
import { APP_ID, APP_VERSION } from '../../src/contract/constants';
import { API_PREFIXES, type ApiPrefix } from '../../src/contract/envelopes';
import { computeSign } from '../../src/contract/sign';

/**
 * A real server on 127.0.0.1 and an ephemeral port, over a fresh copy of the template database
 * (PGlite by default, PostgreSQL with DATABASE_URL), with its own data folder; close() removes both.
 * restart() closes the server and starts a new one on the same data, as a deploy does.
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
  /** Closes this server (it answers no more) and starts another on the same database and data folder. */
  restart(): Promise<TestServer>;
  close(): Promise<void>;
}

/** A documentation address (198.51.x.y) for a caller nobody else uses. */
export const randomAddress = () => `198.51.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** The same server, reached through a proxy or balancer that says the caller is at `address`. */
export function from(server: TestServer, address: string): TestServer {
  return {
    ...server,
    post: (prefix, name, body, options = {}) =>
      server.post(prefix, name, body, { ...options, headers: { 'X-Forwarded-For': address, ...options.headers } }),
  };
}

/** The streaming simulator's encoded test stream, shared by every test server (encoded once, by the first that needs it). */
export const VIDEO_SIM_DIR = join(__dirname, '../../node_modules/.cache/panalo-video-simulator');

/** A small simulated feed that moves only when a test steps it (not on a timer), so tests are repeatable. */
const TEST_FEED = { seed: 7, matchesPerSport: 8, priceChangesPerSecond: 200, matchSpeed: 60 };

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Closes the database and opens it again from what it stored. */
  reopen(): Promise<TestDatabase>;
  drop(): Promise<void>;
}

function pgliteDatabase(pglite: PGlite, handle: DatabaseHandle): TestDatabase {
  return {
    handle,
    async reopen() {
      const stored = await pglite.dumpDataDir('none');
      await handle.close();
      const reopened = await PGlite.create({ loadDataDir: stored });
      return pgliteDatabase(reopened, await openDatabase({ pglite: reopened }));
    },
    drop: () => handle.close(),
  };
}

export async function freshDatabase(): Promise<TestDatabase> {
  const url = process.env['DATABASE_URL'];
  const template = inject('postgresTemplate');
  if (url && template) {
    const name = `panalo_t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const opened = (handle: DatabaseHandle): TestDatabase => ({
      handle,
      async reopen() {
        await handle.close();
        return opened(await openDatabase({ url: dbUrl.toString() }));
      },
      drop: async () => {
        await handle.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name}`);
        await admin.end();
      },
    });
    return opened(await openDatabase({ url: dbUrl.toString() }));
  }
  const pglite = await PGlite.create({ loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) });
  return pgliteDatabase(pglite, await openDatabase({ pglite }));
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
  return launch(config, await freshDatabase(), prepare, appOptions);
}

/** A signed call to the server at `url`, as the page makes it. */
function signedPost(config: ServerConfig, url: string): TestServer['post'] {
  return async (prefix, name, body = {}, options = {}) => {
    const text = options.rawBody ?? JSON.stringify(body);
    const qid = randomUUID();
    const token = options.token ?? '';
    const sign = options.sign ?? computeSign(config.appKey, { body: text, qid, appId: APP_ID, version: APP_VERSION, token });
    return fetch(`${url}${API_PREFIXES[prefix]}/${name}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Qid: qid, AppId: APP_ID, token, Sign: sign, ...options.headers },
      body: text,
    });
  };
}

/**
 * A second instance on the first one's database and configuration, as behind a balancer: its own app and
 * port, the first one's feed, no jobs of its own. close() closes this instance only (close the first after).
 */
export async function secondInstance(first: TestServer, appOptions: AppOptions = {}): Promise<TestServer> {
  const app = await buildApp(first.config, {
    logger: false,
    database: first.database,
    feed: first.app.feed,
    captchaDifficulty: { min: 1, max: 20 },
    jobs: { run: false },
    ...appOptions,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    ...first,
    url,
    app,
    post: signedPost(first.config, url),
    restart: () => Promise.reject(new Error('a second instance does not restart')),
    close: () => app.close(),
  };
}

async function launch(
  given: ServerConfig,
  database: TestDatabase,
  prepare: ((app: FastifyInstance) => void) | undefined,
  appOptions: AppOptions,
): Promise<TestServer> {
  const { handle } = database;
  // The streaming simulator's encoded test stream: one for every test server, and for a second instance
  // too (it takes this config): encoded into the data directory, close() would remove it under ffmpeg.
  const config = { ...given, videoSimDir: given.videoSimDir ?? VIDEO_SIM_DIR };
  const app = await buildApp(config, {
    logger: false,
    database: handle,
    captchaDifficulty: { min: 1, max: 20 },
    simulator: { feed: TEST_FEED, run: false },
    jobs: { run: false },
    ...appOptions,
  });
  prepare?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const url = `http://127.0.0.1:${address.port}`;
  let closed = false;
  return {
    url,
    app,
    config,
    database: handle,
    post: signedPost(config, url),
    async restart() {
      closed = true;
      await app.close();
      return launch(config, await database.reopen(), prepare, appOptions);
    },
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await database.drop();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
