import { deflateSync } from 'node:zlib';
import { Destination, type Change, type Delta, type League, type ListSnapshot, type Match } from '../../src/contract/feed';
import { createFeedSimulator } from '../../server/providers/feed/simulator';
import { FEED_SPORTS, type FeedListMode } from '../../server/providers/feed/types';
import type { SportTypeId } from '../../src/contract/sports';

/**
 * The data of the realtime bench, from the real feed simulator: a 3,000-match compressed list, compressed
 * exactly as the server compresses its saba/queryCompressedMatchList answers, and a recorded stream of
 * the deltas that follow it on the /topic/sport/{id} destinations.
 */

export const LIST_MATCHES = 3_000;

/** Simulator options: 301 per sport over the 10 sports leaves a few over 3,000 after finished ones. */
export const BENCH_FEED = {
  seed: 20_240_601,
  matchesPerSport: 301,
  /** Price changes per second of feed time over the whole feed (the server's default is 60). */
  priceChangesPerSecond: 20_000,
  matchSpeed: 1,
  tickMs: 100,
} as const;

/** The fixed start of the simulated clock (a Saturday noon in Manila), so every run sees the same feed. */
const FEED_EPOCH = Date.UTC(2026, 0, 10, 4, 0, 0);
/** Feed time played before the snapshot, so live matches are under way. */
const WARM_UP_MS = 2_000;

/** The server's own compression of a binary answer (server/modules/sports/routes.ts, `binary()`). */
export function compressLikeServer(value: unknown): Buffer {
  return deflateSync(Buffer.from(JSON.stringify(value)), { level: 6 });
}

export interface RecordedDelta {
  destination: string;
  sportTypeId: string;
  /** The message body as the broker sends it: JSON.stringify(delta). */
  body: string;
  changes: number;
}

export interface FeedData {
  /** The 3,000 matches of all sports and modes in one ListSnapshot (sportTypeId is the first sport's). */
  snapshot: ListSnapshot;
  json: string;
  compressed: Buffer;
  /** Per sport: the seq of /topic/sport/{id} the snapshot stands at. */
  seqBySport: Map<string, number>;
  /** Per sport: the 'live' list as the server answers it at the same moment (for the worker core run). */
  liveBySport: Map<string, ListSnapshot>;
  /** Sport-destination deltas after the snapshot, grouped by feed tick (one conflation window each). */
  ticks: RecordedDelta[][];
  feedMs: number;
  changeTypes: Record<Change['t'], number>;
  totalChanges: number;
  totalDeltas: number;
  buildMs: number;
}

export function buildFeedData(targetChanges: number): FeedData {
  const started = performance.now();
  const feed = createFeedSimulator({ ...BENCH_FEED, now: () => FEED_EPOCH });
  feed.step(WARM_UP_MS);

  const leagues = new Map<string, League>();
  const matches: Match[] = [];
  const markets: ListSnapshot['markets'] = [];
  const seqBySport = new Map<string, number>();
  const liveBySport = new Map<string, ListSnapshot>();
  for (const sport of FEED_SPORTS) {
    for (const mode of ['live', 'today', 'early'] as FeedListMode[]) {
      const part = feed.listSnapshot(sport, mode);
      seqBySport.set(sport, part.seq);
      if (mode === 'live') liveBySport.set(sport, structuredClone(part));
      for (const league of part.leagues) leagues.set(league.leagueId, league);
      matches.push(...part.matches);
      markets.push(...part.markets);
    }
  }
  const kept = matches.slice(0, LIST_MATCHES);
  const ids = new Set(kept.map((m) => m.matchId));
  const leagueIds = new Set(kept.map((m) => m.leagueId));
  const snapshot: ListSnapshot = {
    sportTypeId: FEED_SPORTS[0] as SportTypeId,
    seq: seqBySport.get(FEED_SPORTS[0]!) ?? 0,
    leagues: [...leagues.values()].filter((l) => leagueIds.has(l.leagueId)),
    matches: kept,
    markets: markets.filter((m) => ids.has(m.matchId)),
  };
  const json = JSON.stringify(snapshot);

  const ticks: RecordedDelta[][] = [];
  const changeTypes: Record<Change['t'], number> = {
    price: 0,
    market: 0,
    live: 0,
    match: 0,
    addMatch: 0,
    removeMatch: 0,
    addMarket: 0,
    removeMarket: 0,
  };
  let totalChanges = 0;
  let current: RecordedDelta[] = [];
  const sportPrefix = Destination.sport('');
  const off = feed.onDelta((destination: string, delta: Delta) => {
    if (!destination.startsWith(sportPrefix)) return;
    for (const change of delta.changes) changeTypes[change.t] += 1;
    totalChanges += delta.changes.length;
    current.push({
      destination,
      sportTypeId: destination.slice(sportPrefix.length),
      body: JSON.stringify(delta),
      changes: delta.changes.length,
    });
  });
  let feedMs = 0;
  while (totalChanges < targetChanges && feedMs < 120_000) {
    feed.step(BENCH_FEED.tickMs);
    feedMs += BENCH_FEED.tickMs;
    if (current.length) ticks.push(current);
    current = [];
  }
  off();

  return {
    snapshot,
    json,
    compressed: compressLikeServer(snapshot),
    seqBySport,
    liveBySport,
    ticks,
    feedMs,
    changeTypes,
    totalChanges,
    totalDeltas: ticks.reduce((n, tick) => n + tick.length, 0),
    buildMs: performance.now() - started,
  };
}
