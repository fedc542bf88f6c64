import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Delta } from '../../src/contract/feed';
import { SportTypeId } from '../../src/contract/sports';
import { LeaderLease } from '../../server/lib/jobs';
import type { FeedLog } from '../../server/providers/feed/keeper';
import { postgresFeedStore } from '../../server/providers/feed/postgresStore';
import { type FeedChannel, type FeedChannelHandlers, SharedFeed } from '../../server/providers/feed/shared';
import type { JournaledOp } from '../../server/providers/feed/simulator';
import { FEED_SPORTS, type FeedOptions, type MatchResult } from '../../server/providers/feed/types';
import type { Database } from '../../server/db';
import { freshDatabase, type TestDatabase } from './server';

/**
 * Several instances, one leader (issue 15): the lease in job_leases that elects it, and the one feed
 * it runs while the others keep replicas from its ops. The instances here share one database and talk
 * through an in-memory stand-in for RabbitMQ (the real link is exercised by npm run test:cluster).
 */

const START = Date.parse('2025-06-01T02:00:00Z');
const FEED: Partial<FeedOptions> = { seed: 11, now: () => START, matchesPerSport: 5, matchSpeed: 60, tickMs: 1_000 };
const MODES = ['live', 'today', 'early'] as const;
const silent: FeedLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** RabbitMQ's part, in memory: every message crosses as bytes, and an instance can be cut off. */
function memoryNetwork() {
  const nodes = new Map<string, FeedChannelHandlers>();
  const cut = new Set<string>();
  /** Ops to leave out on their way to one instance (a message lost to a reconnection). */
  const drop = new Map<string, number>();
  const others = (from: string) => [...nodes].filter(([id]) => id !== from && !cut.has(id) && !cut.has(from));
  const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
  return {
    cut,
    drop,
    channel(id: string): FeedChannel {
      return {
        publishOp: (entry: JournaledOp) => {
          for (const [to, handlers] of others(id)) {
            const dropping = drop.get(to) ?? 0;
            if (dropping > 0) drop.set(to, dropping - 1);
            else handlers.op(copy(entry));
          }
        },
        requestState: () => others(id).forEach(([, handlers]) => handlers.stateRequest(id)),
        requestOp: (op) => others(id).forEach(([, handlers]) => handlers.opRequest(copy(op))),
        sendState: (to, data) => {
          if (!cut.has(to) && !cut.has(id)) nodes.get(to)?.state(Buffer.from(data));
        },
        listen: (handlers) => void nodes.set(id, handlers),
      };
    },
  };
}

/** Everything a client or the bets service reads of a feed. */
function view(feed: SharedFeed) {
  const lists = FEED_SPORTS.flatMap((sport) => MODES.map((mode) => feed.listSnapshot(sport, mode)));
  return {
    now: feed.now(),
    lists,
    matches: lists.flatMap((list) => list.matches.map((m) => feed.matchSnapshot(m.matchId))),
    outrights: FEED_SPORTS.map((sport) => feed.outrights(sport)),
  };
}

function record(feed: SharedFeed) {
  const deltas: [string, Delta][] = [];
  const results: MatchResult[] = [];
  feed.onDelta((destination, delta) => deltas.push([destination, delta]));
  feed.onResult((result) => results.push(result));
  return { deltas, results };
}

/** Resolves once `check` holds (the replicas' state requests are answered asynchronously). */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await wait(10);
  expect(check()).toBe(true);
}

let database: TestDatabase;
const leases: LeaderLease[] = [];
const feeds: SharedFeed[] = [];
/** Each test its own lease and stored feed (one database for the file). */
let name = '';
let tests = 0;

beforeAll(async () => {
  database = await freshDatabase();
});

afterAll(async () => {
  await database.drop();
});

beforeEach(() => {
  name = `feed-${++tests}`;
});

afterEach(async () => {
  for (const feed of feeds.splice(0)) await feed.close();
  for (const lease of leases.splice(0)) await lease.release();
});

function lease(options: { ttlMs?: number; renewMs?: number; db?: Database } = {}): LeaderLease {
  const made = new LeaderLease({ db: database.handle.db, name, log: silent, ttlMs: 5_000, renewMs: 60_000, ...options });
  leases.push(made);
  return made;
}

/**
 * An instance: its lease (renewed every 100 ms) and its shared feed. kill() is its process dying: it
 * says nothing more and its lease is no longer renewed.
 */
async function instance(network: ReturnType<typeof memoryNetwork>, id: string, ttlMs = 5_000) {
  let dead = false;
  const real = database.handle.db;
  const db = {
    execute: (query: Parameters<Database['execute']>[0]) => (dead ? Promise.reject(new Error('dead')) : real.execute(query)),
  } as unknown as Database;
  const held = lease({ ttlMs, renewMs: 100, db });
  const feed = await SharedFeed.open({
    feed: FEED,
    store: postgresFeedStore(database.handle.db, id, name),
    channel: network.channel(id),
    lease: held,
    log: silent,
    run: false,
    syncTimeoutMs: 200,
    retryMs: 100,
  });
  feeds.push(feed);
  await held.start();
  const kill = () => {
    dead = true;
    network.cut.add(id);
  };
  return { lease: held, feed, kill };
}

describe('the leader lease', () => {
  it('is held by one instance at a time, and passes on when the leader lets go or stops renewing', async () => {
    const heard: string[] = [];
    const a = lease();
    const b = lease();
    a.onGained(() => heard.push('a leads'));
    a.onLost(() => heard.push('a stops'));
    b.onGained(() => heard.push('b leads'));
    b.onLost(() => heard.push('b stops'));
    await a.start();
    await b.start();
    expect([a.held, b.held]).toEqual([true, false]);
    await b.tryNow();
    expect(b.held).toBe(false);

    // A clean shutdown hands over at the next try.
    await a.release();
    await b.tryNow();
    expect([a.held, b.held]).toEqual([false, true]);
    expect(heard).toEqual(['a leads', 'a stops', 'b leads']);

    // C leads on a short lease and stops renewing (hung, or dead): once it lapses D takes it, and C finds
    // out at its next try.
    await b.release();
    const c = lease({ ttlMs: 300 });
    const d = lease();
    c.onLost(() => heard.push('c stops'));
    d.onGained(() => heard.push('d leads'));
    await c.start();
    expect(c.held).toBe(true);
    await wait(400);
    await d.start();
    await c.tryNow();
    expect([c.held, d.held]).toEqual([false, true]);
    expect(heard.slice(-2)).toEqual(['d leads', 'c stops']);
  });

  it('steps down when it cannot renew, before its lease could lapse for another to take', async () => {
    let reachable = true;
    const db = {
      execute: async () => {
        if (!reachable) throw new Error('connection refused');
        return { rows: [{ holder: 'me' }] };
      },
    } as unknown as Database;
    const cut = new LeaderLease({ db, name: 'cut-off', log: silent, ttlMs: 400, renewMs: 50 });
    leases.push(cut);
    const heard: string[] = [];
    cut.onLost(() => heard.push('lost'));
    await cut.start();
    expect(cut.held).toBe(true);
    reachable = false;
    await until(() => !cut.held);
    expect(heard).toEqual(['lost']);
  });
});

describe('one feed for several instances', () => {
  it("keeps a follower's feed the leader's: the same lists, matches and prices, the same deltas under the same seqs", async () => {
    const network = memoryNetwork();
    const a = await instance(network, 'a');
    const b = await instance(network, 'b');
    expect([a.feed.role, b.feed.role]).toEqual(['leader', 'follower']);
    expect(b.feed.current).toBe(true);
    expect(view(b.feed)).toEqual(view(a.feed));

    const onA = record(a.feed);
    const onB = record(b.feed);
    for (const ms of [1_000, 30_000, 120_000, 1_000]) a.feed.step(ms);
    await a.feed.idle();
    expect(onA.deltas.length).toBeGreaterThan(50);
    expect(onB.deltas).toEqual(onA.deltas);
    expect(view(b.feed)).toEqual(view(a.feed));
    // Settlement hears results on the leader only.
    expect(onA.results.length).toBeGreaterThan(0);
    expect(onB.results).toEqual([]);
  });

  it('sends a change asked of a follower to the leader, which applies it for every instance', async () => {
    const network = memoryNetwork();
    const a = await instance(network, 'a');
    const b = await instance(network, 'b');
    const onA = record(a.feed);
    const match = b.feed.listSnapshot(SportTypeId.Football, 'live').matches[0]!;
    expect(b.feed.finishNow(match.matchId)).toBe(true);
    await a.feed.idle();
    expect(onA.results.map((r) => r.matchId)).toEqual([match.matchId]);
    expect(b.feed.match(match.matchId)?.eventStatus).toBe('closed');
    expect(view(b.feed)).toEqual(view(a.feed));
  });

  it('catches a follower up when it missed an op: it asks for the state and follows again', async () => {
    const network = memoryNetwork();
    const a = await instance(network, 'a');
    const b = await instance(network, 'b');
    network.drop.set('b', 1);
    a.feed.step(5_000);
    a.feed.step(5_000);
    await until(() => b.feed.current);
    a.feed.step(5_000);
    expect(view(b.feed)).toEqual(view(a.feed));
  });

  it('when the leader dies, another instance leads on from its replica: same ids, prices, clock and next seq', async () => {
    const network = memoryNetwork();
    const a = await instance(network, 'a', 1_000);
    const b = await instance(network, 'b', 1_000);
    a.feed.step(60_000);
    const before = view(a.feed);
    const seen = record(a.feed);
    a.feed.step(1_000);
    const lastSeq = new Map(seen.deltas.map(([destination, delta]) => [destination, delta.seq]));

    // A dies: it says nothing more and stops renewing; its lease lapses and B takes it.
    a.kill();
    await until(() => b.feed.role === 'leader');
    expect(b.feed.role).toBe('leader');
    expect(view(b.feed)).not.toEqual(before);
    expect(view(b.feed)).toEqual(view(a.feed));

    const onB = record(b.feed);
    b.feed.step(1_000);
    for (const [destination, delta] of onB.deltas) {
      if (lastSeq.has(destination)) expect(delta.seq, destination).toBe(lastSeq.get(destination)! + 1);
    }
    // A third instance started now follows B, and a restarted A (a new process) too.
    const c = await instance(network, 'c', 1_000);
    expect(c.feed.role).toBe('follower');
    expect(view(c.feed)).toEqual(view(b.feed));
  });

  it('on a clean shutdown the leader stores its last state and the next leader goes on from it', async () => {
    const network = memoryNetwork();
    const a = await instance(network, 'a');
    const b = await instance(network, 'b');
    a.feed.step(10_000);
    await a.feed.close();
    await a.lease.release();
    await b.lease.tryNow();
    expect(b.feed.role).toBe('leader');
    expect(view(b.feed)).toEqual(view(a.feed));
    // A leader that never followed (no replica in step) resumes the stored state: the same matches.
    network.cut.add('b');
    const stored = view(b.feed);
    await b.feed.close();
    await b.lease.release();
    const c = await instance(network, 'c');
    expect(c.feed.role).toBe('leader');
    const ids = (v: typeof stored) => v.matches.map((m) => m?.match.matchId).sort();
    expect(ids(view(c.feed))).toEqual(ids(stored));
  });
});
