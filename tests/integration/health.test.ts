import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { jobLeases } from '../../server/db/schema';
import { gracefulShutdown } from '../../server/plugins/health';
import { FrameReader, type StompFrame } from '../../server/realtime/stomp/frames';
import { STOMP_PROTOCOL } from '../../src/contract/feed';
import { call } from './player';
import { type TestServer, startServer } from './server';

/**
 * Health for the balancer and a graceful stop (issue 15 goal 5): /healthz while the process serves,
 * /readyz only while the database and every registered check answer and not while draining; a stop
 * drains, finishes what is in flight, tells the sockets when to come back, lets go of the job leases.
 */

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const get = async (base: string, path: string) => {
  const response = await fetch(`${base}${path}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

/** A STOMP socket, connected, collecting frames. */
async function stompSocket(base: string) {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/ws`, [STOMP_PROTOCOL]);
  const reader = new FrameReader();
  const frames: StompFrame[] = [];
  socket.on('message', (data: Buffer) => frames.push(...reader.push(data)));
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send('CONNECT\naccept-version:1.2\nheart-beat:0,0\n\n\0');
  await until(() => frames.some((frame) => frame.command === 'CONNECTED'));
  cleanups.push(() => socket.terminate());
  return { frames, closed };
}

describe('/healthz, /readyz and a graceful stop', () => {
  it('answer without a session, are never rate limited; a stop drains (/readyz 503, still serving), finishes requests in flight, closes sockets with a reconnect hint, releases leases', async () => {
    let release: () => void = () => {};
    const server: TestServer = await startServer(
      {},
      (app) => {
        // A request that is still running when the stop begins.
        app.get('/test/slow', { config: { rateLimit: false } }, async () => {
          await new Promise<void>((resolve) => (release = resolve));
          return { finished: true };
        });
      },
      { ipCallsPerMinute: 2 },
    );
    cleanups.push(() => server.close());
    const { app } = server;
    for (let i = 0; i < 6; i += 1) {
      expect(await get(server.url, '/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
      expect(await get(server.url, '/readyz')).toEqual({ status: 200, body: { status: 'ready', checks: { database: 'ok' } } });
    }
    // The API's own budget (2 a minute) is still whole: the health checks did not spend it.
    expect((await call(server, 'front', 'front/siteinfo')).code).toBe('0');

    let brokerUp = true;
    app.readiness.add('broker', () => brokerUp);
    brokerUp = false;
    expect(await get(server.url, '/readyz')).toEqual({
      status: 503,
      body: { status: 'not ready', checks: { database: 'ok', broker: 'failing' } },
    });
    expect((await get(server.url, '/healthz')).status).toBe(200);
    brokerUp = true;
    expect((await get(server.url, '/readyz')).status).toBe(200);

    app.jobs.add('health-test-job', 60_000, async () => 'ran');
    expect((await app.jobs.tick(Date.now(), ['health-test-job']))['health-test-job']).toBe('ran');
    const held = () => app.database.db.select().from(jobLeases).where(eq(jobLeases.holder, app.jobs.holder));
    expect(await held()).toHaveLength(1);

    const socket = await stompSocket(server.url);
    const inFlight = fetch(`${server.url}/test/slow`);
    await new Promise((resolve) => setTimeout(resolve, 50));

    const stopped = gracefulShutdown(app, { drainMs: 400 });
    // Draining: the balancer is told at once, and the instance still serves what it is sent.
    expect(await get(server.url, '/readyz')).toEqual({ status: 503, body: { status: 'draining' } });
    expect(await get(server.url, '/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
    expect((await call(server, 'front', 'front/siteinfo')).code).toBe('0');
    expect(socket.frames.some((frame) => frame.command === 'ERROR')).toBe(false);

    // After the drain: the socket is told to come back (through the balancer, to another instance)…
    expect(await socket.closed).toBe(1001);
    const error = socket.frames.find((frame) => frame.command === 'ERROR');
    expect(error?.headers['message']).toBe('The server is restarting; reconnect');
    expect(Number(error?.headers['reconnect-after'])).toBeGreaterThanOrEqual(0);
    // …the request in flight still finishes…
    release();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ finished: true });
    await stopped;
    // …nothing new is accepted, and the job's lease is free for another instance at once.
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    expect(await held()).toHaveLength(0);
  });
});

/**
 * The real process (about 20-40 s on a busy 2-core box to start on a fresh embedded database, over the
 * test run's budget): run with SIGTERM_TEST=1, as test:cluster does.
 */
describe.skipIf(!process.env['SIGTERM_TEST'])('npm start under SIGTERM', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    if (child?.exitCode === null && child.pid) process.kill(-child.pid, 'SIGKILL');
  });

  it('answers /readyz 503 while draining, then exits 0', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'panalo-sigterm-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        DIST_DIR: join(dataDir, 'no-dist'),
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DRAIN_SECONDS: '1',
        SEED_DEMO: 'false',
      },
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    await until(() => /running at http:\/\/127\.0\.0\.1:(\d+)/.test(output) || child!.exitCode !== null, 60_000);
    const base = `http://127.0.0.1:${/running at http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1]}`;
    expect((await get(base, '/readyz')).status).toBe(200);

    process.kill(child.pid!, 'SIGTERM');
    await until(async () => (await get(base, '/readyz')).status === 503);
    expect((await get(base, '/healthz')).status).toBe(200);
    expect(await exited).toBe(0);
  }, 90_000);
});
