import { promisify } from 'node:util';
import { gunzipSync, gzip } from 'node:zlib';
import { CATCH_UP_MAX_MS, createFeedSimulator, type FeedSimulator } from './simulator';
import { FEED_STATE_FORMAT, type FeedState, parseFeedState } from './snapshot';
import { DEFAULT_FEED_OPTIONS, type FeedOptions } from './types';

/**
 * Keeps the simulated feed across restarts: its state is stored every few seconds, right after a match
 * or outright result (before the result reaches settlement) and on stop, and a starting server resumes
 * it. This is the simulator's own concern: a real feed provider keeps its state on its side, so the
 * FeedProvider interface knows nothing of it. Only the instance that runs the feed writes.
 */

/** One stored state: FeedState as gzipped JSON. `version` grows with every save of a feed's life, across restarts. */
export interface StoredFeedState {
  version: number;
  format: number;
  data: Buffer;
}

/** Where the state lives (server/providers/feed/postgresStore.ts: a row in Postgres). */
export interface FeedStateStore {
  load(): Promise<StoredFeedState | undefined>;
  /** Stores a state unless the store already holds this version or a newer one (then nothing changes). */
  save(state: StoredFeedState): Promise<void>;
}

/** The pino methods the keeper logs with. */
export interface FeedLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface KeeperOptions {
  feed: Partial<FeedOptions>;
  store: FeedStateStore;
  log: FeedLog;
  /** The server drives the feed from a timer and catches up on downtime; tests step it themselves. */
  run: boolean;
  /** How often the state is stored while the feed moves (default 5 s). */
  saveEveryMs?: number;
}

const SAVE_EVERY_MS = 5_000;
const gzipAsync = promisify(gzip);

export class FeedKeeper {
  private version: number;
  /** The last write asked for; `queued` while it waits for the one before (it serializes when it begins). */
  private writing: Promise<void> = Promise.resolve();
  private queued: Promise<void> | undefined;
  private writes = 0;
  private savedRevision = -1;
  private timer: ReturnType<typeof setInterval> | undefined;
  private abandoned = false;
  readonly feed: FeedSimulator;

  /** Loads the stored state and resumes it; a state that cannot be resumed is logged and a new feed starts. */
  static async open(options: KeeperOptions): Promise<FeedKeeper> {
    const stored = await options.store.load();
    return new FeedKeeper(options, stored);
  }

  /**
   * Takes over a feed already in memory (a replica kept in step with the leader that stopped, see
   * shared.ts): stores it from now on, under versions above the stored one.
   */
  static async attach(options: KeeperOptions, feed: FeedSimulator): Promise<FeedKeeper> {
    const stored = await options.store.load();
    return new FeedKeeper(options, stored && { ...stored, data: Buffer.alloc(0) }, feed);
  }

  private constructor(
    private readonly options: KeeperOptions,
    stored: StoredFeedState | undefined,
    given?: FeedSimulator,
  ) {
    this.version = stored?.version ?? 0;
    const feedOptions = { ...DEFAULT_FEED_OPTIONS, ...options.feed };
    const beforeResults = () => this.save(true);
    if (given) {
      given.setBeforeResults(beforeResults);
      this.feed = given;
      return;
    }
    const state = stored && this.readable(stored);
    let resumed: FeedSimulator | undefined;
    if (state) {
      try {
        resumed = createFeedSimulator(feedOptions, { state, beforeResults, renumberAt: feedOptions.now() });
        options.log.info({ version: stored.version, matches: state.matches.length, clock: new Date(state.clock) }, 'feed: resumed');
      } catch (error) {
        options.log.warn({ err: error, version: stored.version }, 'feed: the stored state cannot be resumed; starting a new feed');
      }
    }
    this.feed = resumed ?? createFeedSimulator(feedOptions, { beforeResults });
  }

  private readable(stored: StoredFeedState): FeedState | undefined {
    const parsed =
      stored.format === FEED_STATE_FORMAT
        ? parseFeedState(unzip(stored.data))
        : { reason: `format ${stored.format}, this server reads ${FEED_STATE_FORMAT}` };
    if ('state' in parsed) return parsed.state;
    this.options.log.warn({ version: stored.version, reason: parsed.reason }, 'feed: the stored state is unreadable; starting a new feed');
    return undefined;
  }

  /** Catches up on the downtime (at most CATCH_UP_MAX_MS played, see FeedSimulator.catchUp), then runs. */
  start(): void {
    if (this.options.run) {
      const now = (this.options.feed.now ?? Date.now)();
      const behind = now - this.feed.now();
      this.feed.catchUp(now);
      if (behind > 1_000) this.options.log.info({ behindMs: behind, playedMs: Math.min(behind, CATCH_UP_MAX_MS) }, 'feed: caught up');
      this.feed.start();
    }
    this.timer ??= setInterval(() => void this.save(false), this.options.saveEveryMs ?? SAVE_EVERY_MS);
    this.timer.unref();
  }

  /**
   * Another instance leads now: stops the feed and the saves without storing (the new leader's state
   * is the one to keep); answers once the results under way reached their listeners.
   */
  async abandon(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    this.feed.stop();
    this.feed.setBeforeResults(undefined);
    this.abandoned = true;
    await this.feed.idle();
  }

  /** Stops the feed and stores its last state; resolves once the last results reached their listeners. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    this.feed.stop();
    await this.save(true);
    await this.feed.idle();
  }

  /**
   * Stores the state. A write serializes the state when it begins, after the write before it, so one
   * waiting write covers every change and result until then. Resolves once the state as it is now is
   * stored. Never rejects: a failed write is logged and the next one carries the state. A periodic
   * save (`must` false) is skipped while a write is under way or when nothing moved.
   */
  save(must: boolean): Promise<void> {
    if (this.queued) return this.queued;
    if (!must && (this.writes > 0 || this.feed.revision() === this.savedRevision)) return this.writing;
    this.writes++;
    const next = this.writing
      .then(() => {
        this.queued = undefined;
        return this.write();
      })
      .finally(() => this.writes--);
    this.queued = next;
    this.writing = next;
    return next;
  }

  private async write(): Promise<void> {
    const revision = this.feed.revision();
    if (revision === this.savedRevision || this.abandoned) return;
    const started = performance.now();
    const version = ++this.version;
    try {
      // Serialized at once (the state moves between ticks only); compressed off the main thread.
      const data = await gzipAsync(JSON.stringify(this.feed.exportState()));
      await this.options.store.save({ version, format: FEED_STATE_FORMAT, data });
      this.savedRevision = revision;
      const ms = Math.round(performance.now() - started);
      if (ms > 1_000) this.options.log.warn({ ms, bytes: data.length }, 'feed: storing the state is slow');
    } catch (error) {
      this.options.log.error({ err: error, version }, 'feed: storing the state failed');
    }
  }
}

/** The stored bytes as text; '' (which does not parse) when they are not gzip. */
function unzip(data: Buffer): string {
  try {
    return gunzipSync(data).toString('utf8');
  } catch {
    return '';
  }
}
