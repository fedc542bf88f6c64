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
/** How long past its interval a long job's lease lasts (see JobRunner.lease). */
const LEASE_MARGIN_MS = 60_000;

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
  readonly holder = newHolder();
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

  /**
   * Takes or renews the job's lease; false while another live instance holds it. The lease outlasts the
   * holder's next run (three intervals, a minute past one interval for long ones), so the holder renews
   * it before anyone else may take it and a job runs once per interval across the instances; a job left
   * by a crashed instance moves to another within about one interval (an hourly one: not three hours).
   */
  private async lease(job: Job): Promise<boolean> {
    const leaseMs = Math.max(15_000, Math.min(job.everyMs * 3, job.everyMs + LEASE_MARGIN_MS));
    return takeLease(this.options.db, job.name, this.holder, leaseMs);
  }
}

/** Who holds leases in this process (a restart is a new holder). */
export const newHolder = (): string => `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

/**
 * Takes or renews the named lease in job_leases for `ms` of the database's time: true when `holder`
 * holds it now (it held it, or the last holder's lapsed), false while another holder's is live.
 */
export async function takeLease(db: Database, name: string, holder: string, ms: number): Promise<boolean> {
  const result = (await db.execute(sql`
    INSERT INTO job_leases (name, holder, expires_at)
    VALUES (${name}, ${holder}, now() + make_interval(secs => ${ms / 1000}))
    ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
    WHERE job_leases.holder = excluded.holder OR job_leases.expires_at < now()
    RETURNING holder`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

export interface LeaderLeaseOptions {
  db: Database;
  /** The lease's row in job_leases (e.g. 'feed'): one leader per name across every instance. */
  name: string;
  log: { info(details: object, message: string): void; warn(details: object, message: string): void };
  /** How long a holder's lease outlives its last renewal (default 5 s): a dead leader's successor leads within about this. */
  ttlMs?: number;
  /** How often the holder renews and the others try to take it (default 1 s). */
  renewMs?: number;
  holder?: string;
}

/**
 * One leader among the instances for a name: the holder of a short lease row in job_leases (the SQL
 * JobRunner's jobs use), renewed every `renewMs`. The others try to take it as often, so when the
 * leader dies its lease lapses and another leads within ttlMs + renewMs; `release()` (a clean shutdown)
 * deletes the row, and another leads at its next try. `onGained`/`onLost` tell the instance; a holder
 * that cannot renew (the database is out of reach) counts itself lost before its lease can lapse, so
 * two never lead at once by their own reckoning. Callbacks run in order, one change at a time.
 */
export class LeaderLease {
  readonly holder: string;
  readonly name: string;
  private leading = false;
  private lastRenewed = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private trying: Promise<void> = Promise.resolve();
  private readonly gained = new Set<() => unknown>();
  private readonly lost = new Set<() => unknown>();
  private readonly ttlMs: number;
  private readonly renewMs: number;

  constructor(private readonly options: LeaderLeaseOptions) {
    this.holder = options.holder ?? newHolder();
    this.name = options.name;
    this.ttlMs = options.ttlMs ?? 5_000;
    this.renewMs = options.renewMs ?? 1_000;
  }

  /** Whether this instance leads now (by its last renewal). */
  get held(): boolean {
    return this.leading;
  }

  /** Runs (and is awaited) when this instance becomes the leader. Answers the unsubscribe. */
  onGained(listener: () => unknown): () => void {
    this.gained.add(listener);
    return () => this.gained.delete(listener);
  }

  /** Runs when this instance stops leading: the lease lapsed, was taken, or could not be renewed. */
  onLost(listener: () => unknown): () => void {
    this.lost.add(listener);
    return () => this.lost.delete(listener);
  }

  /** Tries at once (resolved once that try and its callbacks are done), then every renewMs. */
  async start(): Promise<void> {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => void this.tryNow(), this.renewMs);
    this.timer.unref();
    await this.tryNow();
  }

  /** One try: take or renew the lease, and tell the listeners when leadership changed. */
  tryNow(): Promise<void> {
    this.trying = this.trying.then(() => this.attempt());
    return this.trying;
  }

  /** Stops trying; the leader deletes its row so another leads at its next try. Runs onLost when it led. */
  async release(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.trying;
    if (this.leading) await this.change(false);
    await this.options.db.execute(sql`DELETE FROM job_leases WHERE name = ${this.name} AND holder = ${this.holder}`).catch(() => undefined);
  }

  private async attempt(): Promise<void> {
    if (this.stopped) return;
    const started = Date.now();
    let holds: boolean;
    try {
      holds = await takeLease(this.options.db, this.name, this.holder, this.ttlMs);
      if (holds) this.lastRenewed = started;
    } catch (error) {
      // Unsure: still the leader only while the last renewal's lease surely runs (a try's length to spare).
      const stillSure = this.leading && Date.now() - this.lastRenewed < this.ttlMs - 2 * this.renewMs;
      if (this.leading && !stillSure) this.options.log.warn({ err: error, lease: this.name }, 'lease: cannot renew; stepping down');
      holds = stillSure;
    }
    if (this.stopped) return;
    if (holds !== this.leading) await this.change(holds);
  }

  private async change(leading: boolean): Promise<void> {
    this.leading = leading;
    this.options.log.info({ lease: this.name, holder: this.holder }, leading ? 'lease: leading' : 'lease: no longer leading');
    for (const listener of leading ? this.gained : this.lost) {
      try {
        await listener();
      } catch (error) {
        this.options.log.warn({ err: error, lease: this.name }, 'lease: a listener failed');
      }
    }
  }
}
