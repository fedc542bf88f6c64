import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Delta } from '../../src/contract/feed';
import { SportTypeId } from '../../src/contract/sports';
import { FeedKeeper, type FeedLog, type FeedStateStore, type StoredFeedState } from '../../server/providers/feed/keeper';
import { CATCH_UP_MAX_MS, createFeedSimulator, type FeedSimulator } from '../../server/providers/feed/simulator';
import { FEED_STATE_FORMAT, parseFeedState, specKey } from '../../server/providers/feed/snapshot';
import { SPORTS } from '../../server/providers/feed/sports';
import { FEED_SPORTS, type FeedOptions, type MatchResult } from '../../server/providers/feed/types';

/**
 * The simulated feed's state survives a restart: stored and restored it is the same feed (same lists,
 * markets, prices, scores, results and stream numbers) and moves on exactly as the original would; a
 * state it cannot read starts a new feed instead of stopping the server.
 */

/** 10:00 in Manila on a Sunday. */
const START = Date.parse('2025-06-01T02:00:00Z');
/** Fast: few matches, whole-second ticks. */
const OPTIONS: Partial<FeedOptions> = { seed: 42, now: () => START, matchesPerSport: 6, matchSpeed: 60, tickMs: 1_000 };
const MODES = ['live', 'today', 'early'] as const;

/** Everything a client or the bets service can read of a feed. */
function view(feed: FeedSimulator, finished: string[] = []) {
  const lists = FEED_SPORTS.flatMap((sport) => MODES.map((mode) => feed.listSnapshot(sport, mode)));
  const matchIds = lists.flatMap((list) => list.matches.map((m) => m.matchId));
  return {
    now: feed.now(),
    lists,
    matches: matchIds.map((id) => feed.matchSnapshot(id)),
    outrights: FEED_SPORTS.map((sport) => feed.outrights(sport)),
    counts: feed.sportCounts(),
    leagues: feed.leagues(),
    results: finished.map((id) => feed.result(id)),
  };
}

/** Stores and restores through JSON, as the keeper does. */
function reopen(feed: FeedSimulator, options: Partial<FeedOptions> = OPTIONS): FeedSimulator {
  const parsed = parseFeedState(JSON.stringify(feed.exportState()));
  if (!('state' in parsed)) throw new Error(parsed.reason);
  return createFeedSimulator(options, { state: parsed.state });
}

function record(feed: FeedSimulator) {
  const deltas: [string, Delta][] = [];
  const results: MatchResult[] = [];
  feed.onDelta((destination, delta) => deltas.push([destination, delta]));
  feed.onResult((result) => results.push(result));
  return { deltas, results };
}

/** A feed that has been running a while: matches finished and replaced, a market held, an outright decided. */
function usedFeed(): { feed: FeedSimulator; finished: string[] } {
  const feed = createFeedSimulator(OPTIONS);
  const finished: string[] = [];
  feed.onResult((result) => finished.push(result.matchId));
  feed.step(5 * 60_000);
  const live = feed.listSnapshot(SportTypeId.Football, 'live').matches[0]!;
  feed.changeMarketNow(feed.matchSnapshot(live.matchId)!.markets[0]!.marketId, { hold: true });
  feed.finishOutrightNow(feed.outrights(SportTypeId.Tennis)[0]!.outrightOddsId);
  feed.step(1_000);
  return { feed, finished };
}

const silent: FeedLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A store like the Postgres one: a write lands only over an older version. */
function memoryStore(initial?: StoredFeedState): FeedStateStore & { row: StoredFeedState | undefined; writes: number; down: boolean } {
  const store = {
    row: initial,
    writes: 0,
    /** The process is dying: nothing it writes lands any more. */
    down: false,
    load: () => Promise.resolve(store.row),
    save: (state: StoredFeedState) => {
      store.writes++;
      if (!store.down && (!store.row || store.row.version < state.version)) store.row = state;
      return Promise.resolve();
    },
  };
  return store;
}

describe('the feed state', () => {
  it('restores to the same feed: lists, markets, prices, scores, outrights, results and seqs', () => {
    const { feed, finished } = usedFeed();
    expect(finished.length).toBeGreaterThan(0);
    const restored = reopen(feed);
    expect(view(restored, finished)).toEqual(view(feed, finished));
    expect(finished.every((id) => restored.result(id)?.matchId === id)).toBe(true);
  });

  it('moves on after a restore exactly as the original does: same deltas, same results', () => {
    const { feed } = usedFeed();
    const restored = reopen(feed);
    const original = record(feed);
    const resumed = record(restored);
    for (const ms of [100, 2_500, 60_000, 100]) {
      feed.step(ms);
      restored.step(ms);
    }
    expect(resumed.deltas.length).toBeGreaterThan(0);
    expect(resumed.results.length).toBeGreaterThan(0);
    expect(resumed).toEqual(original);
    expect(view(restored)).toEqual(view(feed));
  });

  it('names every market spec uniquely within its sport, so a market finds its spec again', () => {
    for (const sport of Object.values(SPORTS)) {
      for (const bestOf of new Set(sport.bestOf)) {
        const keys = sport.markets(bestOf).map(specKey);
        expect(new Set(keys).size).toBe(keys.length);
      }
    }
  });

  it('refuses what it cannot read, with the reason', () => {
    const good = JSON.stringify(createFeedSimulator(OPTIONS).exportState());
    expect(parseFeedState(good)).toHaveProperty('state');
    expect(parseFeedState('{"format": 1, "clock"')).toEqual({ reason: expect.stringMatching(/^not JSON/) });
    expect(parseFeedState('[]')).toEqual({ reason: expect.stringMatching(/format/) });
    expect(parseFeedState(good.replace(`"format":${FEED_STATE_FORMAT}`, '"format":999'))).toEqual({
      reason: expect.stringMatching(/format 999/),
    });
    expect(parseFeedState(good.replace('"matches":', '"games":'))).toEqual({ reason: 'matches missing' });
  });

  it('catches up on a short downtime by playing it, and pauses through a long one', () => {
    const { feed } = usedFeed();
    const short = reopen(feed);
    const live = short.listSnapshot(SportTypeId.Football, 'live').matches[0]!;
    short.catchUp(feed.now() + 3 * 60_000);
    expect(short.now()).toBe(feed.now() + 3 * 60_000);
    expect(short.match(live.matchId)?.live?.inPlayTime3 ?? Infinity).not.toBe(live.live!.inPlayTime3);

    const long = reopen(feed);
    const early = long.listSnapshot(SportTypeId.Football, 'early').matches[0]!;
    const outright = long.outrights(SportTypeId.Football)[0]!;
    const twoDays = 2 * 86_400_000;
    long.catchUp(feed.now() + twoDays);
    expect(long.now()).toBe(feed.now() + twoDays);
    // The match is the same, and kicks off later by the paused part of the downtime.
    expect(Date.parse(long.match(early.matchId)!.kickoff) - Date.parse(early.kickoff)).toBe(twoDays - CATCH_UP_MAX_MS);
    // Outright tickets are keyed on the season's date: it stays.
    expect(long.outright(outright.outrightOddsId)?.eventDate).toBe(outright.eventDate);
  });

  it('keeps a result an hour after the match, then forgets it', () => {
    const feed = createFeedSimulator({ ...OPTIONS, tickMs: 30_000 });
    const match = feed.listSnapshot(SportTypeId.Football, 'live').matches[0]!;
    feed.finishNow(match.matchId);
    feed.step(5 * 60_000);
    expect(feed.match(match.matchId)).toBeUndefined();
    expect(feed.result(match.matchId)?.matchId).toBe(match.matchId);
    feed.step(60 * 60_000);
    expect(feed.result(match.matchId)).toBeUndefined();
  });
});

describe('the feed keeper', () => {
  it('resumes the stored feed, and writes each state once under a growing version', async () => {
    const store = memoryStore();
    const first = await FeedKeeper.open({ feed: OPTIONS, store, log: silent, run: false });
    first.feed.step(10_000);
    await first.save(true);
    await first.save(true);
    expect(store.writes).toBe(1);
    first.feed.step(10_000);
    await first.stop();
    expect(store.row?.version).toBe(2);

    const second = await FeedKeeper.open({ feed: OPTIONS, store, log: silent, run: false });
    expect(view(second.feed)).toEqual(view(first.feed));
    second.feed.step(100);
    await second.stop();
    expect(store.row?.version).toBe(3);
    // A late write of an older version changes nothing.
    const newest = store.row;
    await store.save({ version: 1, format: FEED_STATE_FORMAT, data: gzipSync('{}') });
    expect(store.row).toBe(newest);
  });

  it('after a crash, never deals the id of a match lost with it to another match', async () => {
    const store = memoryStore();
    const crashed = await FeedKeeper.open({ feed: OPTIONS, store, log: silent, run: false });
    crashed.feed.step(1_000);
    await crashed.save(true);
    const stored = new Set(
      FEED_SPORTS.flatMap((sport) => MODES.flatMap((mode) => crashed.feed.listSnapshot(sport, mode).matches)).map((m) => m.matchId),
    );
    const dealtAfter = (feed: FeedSimulator): Map<string, string> => {
      const dealt = new Map<string, string>();
      feed.onDelta((_destination, delta) => {
        for (const change of delta.changes)
          if (change.t === 'addMatch') dealt.set(change.match.matchId, `${change.match.homeName} v ${change.match.awayName}`);
      });
      return dealt;
    };
    // Matches dealt after the last save die with the process (nothing it writes lands any more).
    store.down = true;
    const lost = dealtAfter(crashed.feed);
    crashed.feed.step(10 * 60_000);
    expect(lost.size).toBeGreaterThan(0);

    store.down = false;
    const resumed = await FeedKeeper.open({ feed: OPTIONS, store, log: silent, run: false });
    for (const id of stored) expect(resumed.feed.match(id)?.matchId).toBe(id);
    const dealt = dealtAfter(resumed.feed);
    resumed.feed.step(10 * 60_000);
    expect(dealt.size).toBeGreaterThan(0);
    expect([...dealt.keys()].filter((id) => lost.has(id) || stored.has(id))).toEqual([]);
  });

  it('hands a result on only once the state that produced it is stored', async () => {
    const unset = () => undefined;
    let release: () => void = unset;
    const released = (fn: () => void) => fn !== unset;
    const store = memoryStore();
    const gated: FeedStateStore = {
      load: store.load,
      save: (state) => new Promise<void>((resolve) => (release = () => resolve(store.save(state)))),
    };
    const keeper = await FeedKeeper.open({ feed: OPTIONS, store: gated, log: silent, run: false });
    const heard: string[] = [];
    keeper.feed.onResult((result) => heard.push(result.matchId));
    const match = keeper.feed.listSnapshot(SportTypeId.Football, 'live').matches[0]!;
    keeper.feed.finishNow(match.matchId);
    // The write is under way (waiting on the store) and the result is held back.
    while (store.writes === 0 && !released(release)) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).toEqual([]);
    release();
    await keeper.feed.idle();
    expect(heard).toEqual([match.matchId]);
    const stored = parseFeedState(gunzipSync(store.row!.data).toString());
    expect('state' in stored && stored.state.results.map((r) => r.matchId)).toContain(match.matchId);
  });

  it('starts a new feed, without failing, when the stored state is unreadable or does not fit', async () => {
    const warnings: string[] = [];
    const log: FeedLog = { ...silent, warn: (_details, message) => warnings.push(message) };
    const stored = JSON.stringify(createFeedSimulator(OPTIONS).exportState());
    const cases: StoredFeedState[] = [
      { version: 4, format: FEED_STATE_FORMAT, data: Buffer.from('not gzip') },
      { version: 4, format: FEED_STATE_FORMAT, data: gzipSync('{"format": 1, "clock": 5') },
      { version: 4, format: FEED_STATE_FORMAT + 1, data: gzipSync(stored) },
      // A market of a kind this code no longer offers.
      { version: 4, format: FEED_STATE_FORMAT, data: gzipSync(stored.replace('"spec":"1|FT"', '"spec":"999|FT"')) },
    ];
    for (const row of cases) {
      const store = memoryStore(row);
      const keeper = await FeedKeeper.open({ feed: OPTIONS, store, log, run: false });
      expect(keeper.feed.listSnapshot(SportTypeId.Football, 'live').matches.length).toBeGreaterThan(0);
      keeper.feed.step(100);
      await keeper.stop();
      // The new feed's state replaces the unreadable one.
      expect(store.row?.version).toBe(5);
    }
    expect(warnings).toHaveLength(cases.length);
    // Another set of sports is another feed.
    const otherSports = await FeedKeeper.open({
      feed: { ...OPTIONS, sports: [SportTypeId.Football] },
      store: memoryStore({ version: 1, format: FEED_STATE_FORMAT, data: gzipSync(stored) }),
      log,
      run: false,
    });
    expect(otherSports.feed.listSnapshot(SportTypeId.Basketball, 'today').matches).toEqual([]);
    expect(warnings).toHaveLength(cases.length + 1);
  });
});
