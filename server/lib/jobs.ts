import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../db';

/**
 * Shared jobs (the payment simulators' step, deposit expiry, payout resumes, reconciliation): each runs
 * on one instance at a time, the holder of its lease row in job_leases, renewed at every run. Nothing
 * about a job's work lives in memory: a job reads what is due from Postgres, so whichever instance holds
 * the lease next carries on, and a lease left by a crashed instance lapses after `leaseMs`.
 *
 * On a server the loop looks every `loopMs` for jobs whose interval has passed. Tests build it with
 * `run: false` and step it: `tick(now)` runs every job once, at the test's `now`.
 */
export type JobWork = (now: number) => Promise<unknown>;

export interface Job {
  name: string;
  everyMs: number;
  work: JobWork;
}

export interface JobRunnerOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** The clock a job's `now` comes from (tests move it). Leases use the database's own time. */
  clock: () => number;
  /** Run the loop (default true); false leaves the jobs still until tick() is called. */
  run?: boolean;
  loopMs?: number;
}

export class JobRunner {
  /** Who holds a lease: this process (a restart is a new holder; the old one lets go on close). */
  readonly holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly jobs = new Map<string, Job & { lastRun: number }>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly options: JobRunnerOptions) {}

  /** Adds a job (names are unique); it runs every `everyMs` on the instance holding its lease. */
  add(name: string, everyMs: number, work: JobWork): void {
    if (this.jobs.has(name)) throw new Error(`job ${name} is already added`);
    this.jobs.set(name, { name, everyMs, work, lastRun: 0 });
  }

  get names(): string[] {
    return [...this.jobs.keys()];
  }

  start(): void {
    if (this.options.run === false || this.timer || this.stopped) return;
    this.timer = setInterval(() => void this.loop(), this.options.loopMs ?? 1_000);
    this.timer.unref();
  }

  /** Stops the loop, waits for a run in progress, and lets go of this instance's leases. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
    await this.options.db.execute(sql`DELETE FROM job_leases WHERE holder = ${this.holder}`).catch(() => undefined);
  }

  /**
   * Runs every job once at `now` (or only those named), each if this instance holds or takes its lease.
   * Answers what each job answered (undefined for a job another instance holds). A failing job is
   * logged, and the others still run.
   */
  async tick(now = this.options.clock(), only?: string[]): Promise<Record<string, unknown>> {
    const results: Record<string, unknown> = {};
    for (const job of this.jobs.values()) {
      if (only && !only.includes(job.name)) continue;
      results[job.name] = await this.runJob(job, now);
    }
    return results;
  }

  private async loop(): Promise<void> {
    if (this.running || this.stopped) return;
    const now = this.options.clock();
    const due = [...this.jobs.values()].filter((job) => now - job.lastRun >= job.everyMs);
    if (due.length === 0) return;
    this.running = (async () => {
      for (const job of due) {
        if (this.stopped) break;
        await this.runJob(job, now);
      }
    })().finally(() => {
      this.running = undefined;
    });
    await this.running;
  }

  private async runJob(job: Job & { lastRun: number }, now: number): Promise<unknown> {
    job.lastRun = now;
    try {
      if (!(await this.lease(job))) return undefined;
      return await job.work(now);
    } catch (error) {
      this.options.log.error({ err: error, job: job.name }, 'job failed');
      return undefined;
    }
  }

  /** Takes or renews the job's lease; false while another live instance holds it. */
  private async lease(job: Job): Promise<boolean> {
    const leaseMs = Math.max(15_000, job.everyMs * 3);
    const result = (await this.options.db.execute(sql`
      INSERT INTO job_leases (name, holder, expires_at)
      VALUES (${job.name}, ${this.holder}, now() + make_interval(secs => ${leaseMs / 1000}))
      ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
      WHERE job_leases.holder = excluded.holder OR job_leases.expires_at < now()
      RETURNING holder`)) as unknown as { rows: unknown[] };
    return result.rows.length > 0;
  }
}
