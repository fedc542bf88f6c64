import type { FastifyInstance } from 'fastify';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { jobLeases, loginGuards } from '../../server/db/schema';
import { type TestServer, startServer } from './server';

/**
 * One job runner for many instances (issue 15 goal 2): two instances on one database each register
 * every shared job (settlement-side payouts, reconciliation, deposit expiry, table rounds and bingo
 * draws, KYC, the sweeps…); at each interval each job's work runs on one of them only, the holder of
 * its lease, and when that one stops or dies the other takes every job over.
 */

let a: TestServer;
let b: FastifyInstance;
const runs: { instance: 'A' | 'B'; job: string; now: number }[] = [];

/** The same probe job on both instances: it records where and when it ran. */
function probe(app: FastifyInstance, instance: 'A' | 'B'): void {
  app.jobs.add('probe', 1_000, async (now) => void runs.push({ instance, job: 'probe', now }));
}

beforeAll(async () => {
  a = await startServer({}, (app) => probe(app, 'A'));
  b = await buildApp(a.config, {
    logger: false,
    database: a.database,
    feed: a.app.feed,
    captchaDifficulty: { min: 1, max: 20 },
    jobs: { run: false },
  });
  probe(b, 'B');
  await b.ready();
});

afterAll(async () => {
  await b?.close();
  await a?.close();
});

const holders = async (names: string[]) =>
  Object.fromEntries(
    (await a.database.db.select().from(jobLeases).where(inArray(jobLeases.name, names))).map((row) => [row.name, row.holder]),
  );

describe('two job runners on one database', () => {
  it('register the same shared jobs, and run each job’s work once per interval, on the lease holder', async () => {
    const names = a.app.jobs.names;
    expect(b.jobs.names.toSorted()).toEqual(names.toSorted());
    for (const job of ['reconciliation', 'deposit-expiry', 'withdrawal-payouts', 'game-tables', 'wallet-transfers', 'login-guard-sweep'])
      expect(names).toContain(job);

    const start = Date.now();
    for (let interval = 0; interval < 3; interval += 1) {
      const now = start + interval * 1_000;
      // Both instances' loops reach the same interval; only one does the work.
      const [fromA, fromB] = await Promise.all([a.app.jobs.tick(now), b.jobs.tick(now)]);
      const ranOnBoth = names.filter((name) => fromA[name] !== undefined && fromB[name] !== undefined);
      expect(ranOnBoth).toEqual([]);
    }
    expect(runs.filter((run) => run.job === 'probe')).toHaveLength(3);
    expect(new Set(runs.map((run) => run.now)).size).toBe(3);
    // Every job is held by exactly one of the two.
    const held = await holders(names);
    expect(Object.keys(held).toSorted()).toEqual(names.toSorted());
    const owners = new Set(Object.values(held));
    for (const owner of owners) expect([a.app.jobs.holder, b.jobs.holder]).toContain(owner);
  });

  it('hands every job to the other instance when the holder dies (its leases lapse) or stops (it lets them go)', async () => {
    const names = a.app.jobs.names;
    // Whoever holds the probe now: A takes everything first, so the rest of the test knows who holds what.
    await a.database.db.delete(jobLeases).where(inArray(jobLeases.name, names));
    await a.app.jobs.tick(Date.now());
    expect(new Set(Object.values(await holders(names)))).toEqual(new Set([a.app.jobs.holder]));

    // A dies: nothing lets its leases go; they lapse (as they would after leaseMs), and B takes them.
    runs.length = 0;
    await a.database.db.update(jobLeases).set({ expiresAt: sql`now() - interval '1 second'` });
    await b.jobs.tick(Date.now());
    expect(new Set(Object.values(await holders(names)))).toEqual(new Set([b.jobs.holder]));
    // A, back, runs nothing while B is alive.
    await a.app.jobs.tick(Date.now());
    expect(runs.map((run) => run.instance)).toEqual(['B']);

    // The shared work follows the lease: B's sweep forgets an old number, once.
    await a.database.db.insert(loginGuards).values({
      phone: '+639170000001',
      failures: 1,
      windowStartedAt: new Date(Date.now() - 3 * 86_400_000),
      lockouts: 0,
    });
    const swept = await Promise.all([a.app.jobs.tick(Date.now(), ['login-guard-sweep']), b.jobs.tick(Date.now(), ['login-guard-sweep'])]);
    expect(swept.map((result) => result['login-guard-sweep'])).toEqual([undefined, 1]);

    // B stops (a deploy): it lets go of its leases at once, and A takes over at its next interval.
    runs.length = 0;
    await b.jobs.stop();
    expect(await holders(names)).toEqual({});
    await a.app.jobs.tick(Date.now());
    expect(runs.map((run) => run.instance)).toEqual(['A']);
    expect(new Set(Object.values(await holders(names)))).toEqual(new Set([a.app.jobs.holder]));
  });
});
