/**
 * Event ingestion figures for `npm run bench` (issue 39): figures, never pass/fail. Events per second
 * stored through the real call (`stat/batch` over loopback: the Sign, validation, consent, the coalescing
 * writer, one INSERT … ON CONFLICT DO NOTHING per group of batches into the day partition), in batches
 * of 50 as the page sends them, with 1, 8 and 32 batches in flight; then the same batches again (a retry
 * storm), which must store nothing. On the embedded database (PGlite) and on PostgreSQL (DATABASE_URL's
 * server, or else a throwaway one started with initdb/pg_ctl). Writes bench-results/events.json.
 * Run alone with `node --import tsx tests/bench/events.ts`; BENCH_EVENT_BATCHES sets a phase's size.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { APP_ID, APP_VERSION } from '../../src/contract/constants';
import { readEnvelope } from '../../src/contract/envelopes';
import type { WireEvent } from '../../src/contract/events';
import { computeSign } from '../../src/contract/sign';
import { withFreshDatabase, withThrowawayPostgres } from './postgres';
import { errorMessage, percentile, round } from './stats';

const BATCH = 50;
const CONNECTIONS = [1, 8, 32];
const BATCHES = Number(process.env['BENCH_EVENT_BATCHES'] ?? 200);

interface Phase {
  connections: number;
  events: number;
  eventsPerSec: number;
  batchLatencyMs: { p50: number; p99: number };
  duplicateEventsPerSec: number;
  storedTwice: number;
}

function batchBody(): string {
  const session = randomUUID();
  const now = Date.now();
  const events: WireEvent[] = Array.from({ length: BATCH }, (_, i) => ({
    id: randomUUID(),
    at: now - i,
    kind: i % 3 === 0 ? 'exposure' : i % 3 === 1 ? 'click' : 'pageView',
    session,
    loggedIn: false,
    ...(i % 3 === 2 ? { page: '/sports', route: 'Home_sports' } : { featureId: 'foryou.featured', statType: i % 3 === 0 ? 60 : 61 }),
  })) as WireEvent[];
  return JSON.stringify({ events, consent: 'granted' });
}

async function send(url: string, appKey: string, bodies: string[], connections: number) {
  const latencies: number[] = [];
  let accepted = 0;
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < bodies.length) {
        const body = bodies[next++]!;
        const qid = randomUUID();
        const began = performance.now();
        const answer = await fetch(url, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Qid: qid,
            AppId: APP_ID,
            token: '',
            deviceId: '390x844x3@203.0.113.9',
            Sign: computeSign(appKey, { body, qid, appId: APP_ID, version: APP_VERSION, token: '' }),
          },
          body,
        });
        const envelope = readEnvelope<{ accepted: number }>(await answer.json());
        latencies.push(performance.now() - began);
        accepted += envelope?.data?.accepted ?? 0;
      }
    }),
  );
  return { seconds: (performance.now() - start) / 1000, latencies, accepted };
}

async function measure(kind: 'pglite' | 'postgres', databaseUrl: string | undefined): Promise<{ phases: Phase[]; stored: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'panalo-bench-events-'));
  let app: FastifyInstance | undefined;
  try {
    const config = loadConfig(
      { NODE_ENV: 'bench' },
      { port: 0, host: '127.0.0.1', dataDir, distDir: join(dataDir, 'no-dist'), logLevel: 'silent', seedDemo: false, databaseUrl },
    );
    app = await buildApp(config, {
      logger: false,
      ipCallsPerMinute: 1e9,
      accountCallsPerMinute: 1e9,
      simulator: { run: false },
      jobs: { run: false },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    const url = `http://127.0.0.1:${address.port}/api/main/stat/batch`;
    const phases: Phase[] = [];
    let sent = 0;
    for (const connections of [2, ...CONNECTIONS]) {
      const warmUp = connections === 2;
      const bodies = Array.from({ length: warmUp ? 20 : BATCHES }, batchBody);
      const first = await send(url, config.appKey, bodies, connections);
      const again = await send(url, config.appKey, bodies, connections);
      sent += bodies.length * BATCH;
      if (warmUp) continue;
      const sorted = [...first.latencies].sort((a, b) => a - b);
      const phase: Phase = {
        connections,
        events: bodies.length * BATCH,
        eventsPerSec: round(first.accepted / first.seconds),
        batchLatencyMs: { p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)) },
        duplicateEventsPerSec: round((bodies.length * BATCH) / again.seconds),
        storedTwice: again.accepted,
      };
      phases.push(phase);
      console.info(
        `events ${kind}: ${connections} batches of ${BATCH} in flight: ${phase.eventsPerSec} events stored/s, batch p50 ${phase.batchLatencyMs.p50} ms, p99 ${phase.batchLatencyMs.p99} ms; the same again: ${phase.duplicateEventsPerSec} events/s, ${phase.storedTwice} stored twice`,
      );
    }
    const [row] = ((await app.database.db.execute(sql`SELECT count(*)::int AS n FROM stat_events`)) as unknown as { rows: { n: number }[] })
      .rows;
    console.info(`events ${kind}: ${sent} sent, ${row?.n} stored`);
    return { phases, stored: row?.n ?? 0 };
  } finally {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const figures: Record<string, unknown> = {
    when: new Date().toISOString(),
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model ?? '', node: process.version },
    setup: { batch: BATCH, batchesPerPhase: BATCHES, connections: CONNECTIONS },
  };
  try {
    figures['pglite'] = await measure('pglite', undefined);
  } catch (error) {
    figures['pglite'] = { error: errorMessage(error) };
    console.error(`events pglite: ${errorMessage(error)}`);
  }
  try {
    const url = process.env['DATABASE_URL'];
    const onServer = (server: string) => withFreshDatabase(server, (dbUrl) => measure('postgres', dbUrl));
    figures['postgres'] = url ? await onServer(url) : await withThrowawayPostgres(onServer);
  } catch (error) {
    figures['postgres'] = { error: errorMessage(error) };
    console.error(`events postgres: ${errorMessage(error)}`);
  }
  mkdirSync('bench-results', { recursive: true });
  writeFileSync(join('bench-results', 'events.json'), `${JSON.stringify(figures, null, 2)}\n`);
  console.info(JSON.stringify(figures, null, 2));
}

await main();
