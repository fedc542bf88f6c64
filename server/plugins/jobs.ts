import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { JobRunner } from '../lib/jobs';

/**
 * The shared jobs (server/lib/jobs.ts): `app.jobs.add(name, everyMs, work)` from any module; each job
 * runs on the one instance holding its lease, its `now` from the app's clock. Tests build the app with
 * `jobs: { run: false }` and step them with `app.jobs.tick(now, names?)`.
 */
export interface JobsOptions {
  /** Run the shared jobs' loop (default true); false leaves them still until app.jobs.tick() (tests). */
  run?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

export const jobs = fp<JobsOptions>(
  async (app: FastifyInstance, options) => {
    const runner = new JobRunner({ db: app.database.db, log: app.log, clock: app.clock, run: options.run ?? true });
    app.decorate('jobs', runner);
    app.addHook('onReady', async () => runner.start());
    // Before the database closes (onClose hooks run in reverse order of registration; preClose runs first).
    app.addHook('preClose', async () => runner.stop());
  },
  { name: 'jobs', dependencies: ['core'] },
);
