/**
 * Upload figures for `npm run bench` (issue 30): how long an ordinary player's ID photo (a 1600×1200
 * JPEG, sent as ocrIdentify's second ID) takes while others send pictures, never pass/fail.
 *
 * Three phases, on the embedded database, through the real server over loopback with its own limits
 * (each player from an address of its own, as behind a trusted proxy), each measuring PHOTOS ordinary
 * photos sent one after another:
 * - alone;
 * - with 6 pixel bombs in flight from one attacker (48 KB PNGs whose header says 20000×20000, 400 MP),
 *   each sent again as soon as it is answered;
 * - with 6 of the heaviest pictures the cap allows in flight, from 6 players (36 MP 1-bit PNGs: decoded,
 *   ~0.5 s of a core each), each sent again as soon as it is answered.
 * Every player first opens a verification (h5initialize), as the page does.
 *
 * `node --import tsx tests/bench/uploads.ts [name=checkout ...]` measures other checkouts side by side
 * in the same run (each checkout's own server code, loaded in turn; its node_modules must resolve), e.g.
 * `base=/tmp/base now=.`; by default this checkout alone, as `now`. Writes bench-results/uploads.{json,md}.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { APP_ID, APP_VERSION } from '../../src/contract/constants';
import { computeSign } from '../../src/contract/sign';
import { dataUrl, makePng, pixelBomb } from '../integration/images';
import { median, percentile, round } from './stats';

const PHOTOS = Number(process.env['BENCH_UPLOAD_PHOTOS'] ?? 15);
const IN_FLIGHT = 6;
const APP_KEY = 'bench-app-key-'.padEnd(64, 'x');

interface Phase {
  phase: string;
  ordinaryMs: { median: number; p90: number; max: number };
  ordinaryStatuses: Record<string, number>;
  /** What the pictures sent alongside were answered, and in how long (median). */
  others: { sent: number; statuses: Record<string, number>; medianMs: number };
}

interface Player {
  token: string;
  address: string;
}

type Modules = {
  buildApp: (config: unknown, options: Record<string, unknown>) => Promise<FastifyInstance>;
  loadConfig: (env: Record<string, string>, overrides: Record<string, unknown>) => unknown;
  createCustomer: (db: unknown, values: { mobileNo: string; birthday: string }) => Promise<{ id: number }>;
  createSession: (db: unknown, policy: unknown, customerId: number, request: FastifyRequest) => Promise<{ webToken: { token: string } }>;
};

async function load(checkout: string): Promise<Modules> {
  const from = (path: string) => import(join(resolve(checkout), path));
  // The configuration moved into server/config/ with the house refactor (issue 33); older checkouts have one file.
  const configPath = existsSync(join(resolve(checkout), 'server/config/index.ts')) ? 'server/config/index.ts' : 'server/config.ts';
  const [app, config, users, sessions] = await Promise.all([
    from('server/app.ts'),
    from(configPath),
    from('server/modules/auth/users.ts'),
    from('server/modules/auth/sessions.ts'),
  ]);
  return {
    buildApp: app.buildApp,
    loadConfig: config.loadConfig,
    createCustomer: users.createCustomer,
    createSession: sessions.createSession,
  };
}

/** A signed call as the page makes it: its HTTP status and how long it took. */
async function post(
  url: string,
  name: string,
  body: unknown,
  { token, address }: Player,
): Promise<{ status: number; ms: number; code: string }> {
  const text = JSON.stringify(body);
  const qid = randomUUID();
  const began = performance.now();
  const answer = await fetch(`${url}/api/main/${name}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Forwarded-For': address,
      Qid: qid,
      AppId: APP_ID,
      token,
      Sign: computeSign(APP_KEY, { body: text, qid, appId: APP_ID, version: APP_VERSION, token }),
    },
    body: text,
  });
  const json = (await answer.json()) as { head?: { errCode?: string } };
  return { status: answer.status, ms: performance.now() - began, code: json.head?.errCode ?? '' };
}

/** Sends `image` again and again from `tokens` (one each), `IN_FLIGHT` at a time in all, until stopped. */
function flood(url: string, players: Player[], image: string) {
  let running = true;
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  const loops = Array.from({ length: IN_FLIGHT }, async (_, i) => {
    while (running) {
      const answer = await post(url, 'ocrIdentify', { idType: 6, image }, players[i % players.length]!);
      times.push(answer.ms);
      const key = `${answer.status} ${answer.code}`;
      statuses[key] = (statuses[key] ?? 0) + 1;
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return { sent: times.length, statuses, medianMs: round(median(times)) };
    },
  };
}

async function measure(name: string, checkout: string): Promise<Phase[]> {
  const modules = await load(checkout);
  const dataDir = mkdtempSync(join(tmpdir(), 'panalo-bench-uploads-'));
  let app: FastifyInstance | undefined;
  try {
    const config = modules.loadConfig(
      { NODE_ENV: 'bench' },
      {
        port: 0,
        host: '127.0.0.1',
        dataDir,
        distDir: join(dataDir, 'no-dist'),
        logLevel: 'silent',
        seedDemo: false,
        appKey: APP_KEY,
        trustProxy: ['127.0.0.1'],
      },
    );
    app = await modules.buildApp(config, { logger: false, simulator: { run: false }, payments: { run: false }, jobs: { run: false } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    const url = `http://127.0.0.1:${address.port}`;
    const db = app.database.db;
    let phones = 0;
    /** A new player, from an address of its own, with a session and an open verification. */
    const player = async (): Promise<Player> => {
      const customer = await modules.createCustomer(db, { mobileNo: `+639${String(200_000_000 + ++phones)}`, birthday: '1990-01-01' });
      const policy = { idleMs: 3_600_000, maxMs: 3_600_000, events: app!.playerEvents };
      const address = `198.51.${Math.floor(phones / 250)}.${(phones % 250) + 1}`;
      const request = { ip: address, headers: {} } as FastifyRequest;
      const { token } = (await modules.createSession(db, policy, customer.id, request)).webToken;
      const opened = await post(url, 'h5initialize', { docType: 1 }, { token, address });
      if (opened.code !== '0000') throw new Error(`h5initialize: ${opened.code}`);
      return { token, address };
    };
    const photo = dataUrl('image/jpeg', await sharp(makePng(1600, 1200)).jpeg({ quality: 90 }).toBuffer());
    const ordinary = async (label: string, others?: ReturnType<typeof flood>): Promise<Phase> => {
      const me = await player();
      const times: number[] = [];
      const statuses: Record<string, number> = {};
      if (others) await new Promise((done) => setTimeout(done, 500)); // the others' pictures are in flight
      for (let i = 0; i < PHOTOS; i++) {
        const answer = await post(url, 'ocrIdentify', { idType: 6, image: photo }, me);
        times.push(answer.ms);
        statuses[`${answer.status} ${answer.code}`] = (statuses[`${answer.status} ${answer.code}`] ?? 0) + 1;
      }
      const result: Phase = {
        phase: label,
        ordinaryMs: { median: round(median(times)), p90: round(percentile(times, 90)), max: round(Math.max(...times)) },
        ordinaryStatuses: statuses,
        others: others ? await others.stop() : { sent: 0, statuses: {}, medianMs: 0 },
      };
      console.info(
        `uploads ${name}: ${label}: ordinary photo median ${result.ordinaryMs.median} ms, p90 ${result.ordinaryMs.p90} ms, max ${result.ordinaryMs.max} ms; others ${JSON.stringify(result.others)}`,
      );
      return result;
    };

    await ordinary('warm-up');
    const phases = [await ordinary('alone')];
    phases.push(await ordinary('6 pixel bombs in flight (one attacker)', flood(url, [await player()], dataUrl('image/png', pixelBomb()))));
    const heavy = dataUrl('image/png', pixelBomb(6_000));
    const senders = await Promise.all(Array.from({ length: IN_FLIGHT }, () => player()));
    phases.push(await ordinary('6 pictures of 36 MP in flight (6 players)', flood(url, senders, heavy)));
    return phases;
  } finally {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const targets = process.argv.slice(2).map((arg) => {
    const [name, dir] = arg.split('=');
    if (!name || !dir) throw new Error(`expected name=checkout, got ${arg}`);
    return { name, dir };
  });
  if (targets.length === 0) targets.push({ name: 'now', dir: '.' });
  const figures: Record<string, unknown> = {
    when: new Date().toISOString(),
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model ?? '', node: process.version },
    setup: { photosPerPhase: PHOTOS, inFlight: IN_FLIGHT, photo: '1600×1200 JPEG, ocrIdentify (second ID)' },
  };
  const rows: string[] = [];
  for (const { name, dir } of targets) {
    const phases = await measure(name, dir);
    figures[name] = phases;
    for (const phase of phases) {
      rows.push(
        `| ${name} | ${phase.phase} | ${phase.ordinaryMs.median} | ${phase.ordinaryMs.p90} | ${phase.ordinaryMs.max} | ${phase.others.sent} | ${phase.others.medianMs} |`,
      );
    }
  }
  mkdirSync('bench-results', { recursive: true });
  writeFileSync(join('bench-results', 'uploads.json'), `${JSON.stringify(figures, null, 2)}\n`);
  const table = [
    `# Uploads (${String(figures['when'])})`,
    '',
    `An ordinary 1600×1200 ID photo, ${PHOTOS} times one after another, while others send pictures.`,
    '',
    '| checkout | phase | median (ms) | p90 (ms) | max (ms) | others answered | others median (ms) |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
  writeFileSync(join('bench-results', 'uploads.md'), table);
  console.info(table);
}

await main();
