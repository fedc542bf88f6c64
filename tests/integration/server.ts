import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { type ServerConfig, loadConfig } from '../../server/config';
import { APP_ID, APP_VERSION } from '../../src/contract/constants';
import { API_PREFIXES, type ApiPrefix } from '../../src/contract/envelopes';
import { computeSign } from '../../src/contract/sign';

/** A real server on 127.0.0.1 and an ephemeral port, with its own data folder, removed by close(). */
export interface TestServer {
  url: string;
  app: FastifyInstance;
  config: ServerConfig;
  post(prefix: ApiPrefix, name: string, body?: unknown, options?: { token?: string; sign?: string; rawBody?: string }): Promise<Response>;
  close(): Promise<void>;
}

export async function startServer(overrides: Partial<ServerConfig> = {}, prepare?: (app: FastifyInstance) => void): Promise<TestServer> {
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
  const app = await buildApp(config, { logger: false });
  prepare?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    url,
    app,
    config,
    async post(prefix, name, body = {}, options = {}) {
      const text = options.rawBody ?? JSON.stringify(body);
      const qid = randomUUID();
      const token = options.token ?? '';
      const sign = options.sign ?? computeSign(config.appKey, { body: text, qid, appId: APP_ID, version: APP_VERSION, token });
      return fetch(`${url}${API_PREFIXES[prefix]}/${name}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Qid: qid, AppId: APP_ID, token, Sign: sign },
        body: text,
      });
    },
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
