import { releaseProxy } from 'comlink';
import { describe, expect, it } from 'vitest';
import type { Delta, ListSnapshot, MatchSnapshot } from '../../src/contract/feed';
import type { ConnectionStatus, ListPatch, MatchPatch } from '../../src/contract/realtime';
import { ListMirror } from '../../src/realtime/mirror';
import {
  type CachedSnapshot,
  type CoreDeps,
  GAP_BACKOFF_MS,
  GAP_QUIET_MS,
  RealtimeCore,
  type Transport,
} from '../../workers/realtime/core';
import { MatchStore } from '../../workers/realtime/store';
import { DestinationSync } from '../../workers/realtime/sync';
import { ANONYMOUS_CALLER } from '../../src/contract/request';
import { NOW, market, match } from './feedFixtures';

const delta = (seq: number, changes: Delta['changes'] = []): Delta => ({ seq, ts: NOW, changes });

describe('delta sequencing (DestinationSync)', () => {
  it('holds deltas until the snapshot, then applies only the later ones, in order', () => {
    const sync = new DestinationSync();
    expect(sync.onDelta(delta(11))).toEqual({ kind: 'none' });
    expect(sync.onDelta(delta(12))).toEqual({ kind: 'none' });
    const action = sync.onSnapshot(11);
    expect(action).toEqual({ kind: 'apply', deltas: [delta(12)] });
    expect(sync.lastSeq).toBe(12);
  });

  it('applies the next delta and ignores one it has already seen', () => {
    const sync = new DestinationSync();
    sync.onSnapshot(5);
    expect(sync.onDelta(delta(6)).kind).toBe('apply');
    expect(sync.onDelta(delta(6)).kind).toBe('none');
    expect(sync.onDelta(delta(4)).kind).toBe('none');
  });

  it('asks for a new snapshot on a gap and recovers from it', () => {
    const sync = new DestinationSync();
    sync.onSnapshot(5);
    expect(sync.onDelta(delta(8))).toEqual({ kind: 'resync' });
    expect(sync.waiting).toBe(true);
    sync.onDelta(delta(9));
    expect(sync.onSnapshot(8)).toEqual({ kind: 'apply', deltas: [delta(9)] });
    expect(sync.lastSeq).toBe(9);
  });

  it('asks again when the deltas queued behind a snapshot have a hole', () => {
    const sync = new DestinationSync();
    sync.onDelta(delta(3));
    sync.onDelta(delta(5));
    expect(sync.onSnapshot(2)).toEqual({ kind: 'resync' });
  });

  it('brings an older snapshot for another view up to date from the recent deltas', () => {
    const sync = new DestinationSync();
    sync.onSnapshot(10);
    sync.onDelta(delta(11));
    sync.onDelta(delta(12));
    expect(sync.onSnapshot(10)).toEqual({ kind: 'apply', deltas: [delta(11), delta(12)] });
  });
});

describe('the worker store', () => {
  it('applies prices, statuses, live state and removals, and reports what changed', () => {
    const store = new MatchStore();
    store.putMatch(match('m1'));
    store.putMarket(market('k1', 'm1'));
    store.takeChanges();
    store.apply({ t: 'price', marketId: 'k1', key: 'h', price: 2.05 });
    store.apply({ t: 'market', marketId: 'k1', status: 'Suspend' });
    store.apply({ t: 'live', matchId: 'm1', live: { homeScore: 1 } });
    store.apply({ t: 'price', marketId: 'unknown', key: 'h', price: 3 });
    const changes = store.takeChanges();
    expect([...changes.markets]).toEqual(['k1']);
    expect([...changes.matches]).toEqual(['m1']);
    expect(store.markets.get('k1')?.selections[0]?.price).toBe(2.05);
    expect(store.markets.get('k1')?.status).toBe('Suspend');
    expect(store.matches.get('m1')?.live?.homeScore).toBe(1);
    store.apply({ t: 'removeMatch', matchId: 'm1' });
    const gone = store.takeChanges();
    expect([...gone.goneMatches]).toEqual(['m1']);
    expect([...gone.goneMarkets]).toEqual(['k1']);
  });

  it('does not mark a price that did not move', () => {
    const store = new MatchStore();
    store.putMatch(match('m1'));
    store.putMarket(market('k1', 'm1', 1.9));
    store.takeChanges();
    store.apply({ t: 'price', marketId: 'k1', key: 'h', price: 1.9 });
    expect(store.hasChanges()).toBe(false);
  });
});

/** A core wired to fakes: a transport we can push deltas into, snapshots we control, manual time. */
function harness(
  options: {
    list?: () => ListSnapshot | Promise<ListSnapshot>;
    match?: () => MatchSnapshot | Promise<MatchSnapshot>;
    socketDown?: boolean;
    cache?: Map<string, CachedSnapshot>;
  } = {},
) {
  /** Manual time: timers run only when a test advances the clock. */
  let clock = NOW;
  let timers: { at: number; fn: () => void }[] = [];
  const handlers = new Map<string, (body: string) => void>();
  const subscribeCalls: string[] = [];
  const unsubscribeCalls: string[] = [];
  const statusListeners: ((s: ConnectionStatus) => void)[] = [];
  const published: { destination: string; body: string }[] = [];
  let tick: (() => void) | null = null;
  let listFetches = 0;
  let matchFetches = 0;
  const sinceAsked: (number | undefined)[] = [];
  const transport: Transport = {
    subscribe(destination, onMessage, since) {
      subscribeCalls.push(destination);
      sinceAsked.push(since?.());
      handlers.set(destination, (body) => onMessage(body, {}));
      return () => {
        unsubscribeCalls.push(destination);
        handlers.delete(destination);
      };
    },
    publish: (destination, body) => {
      if (options.socketDown) return false;
      published.push({ destination, body });
      return true;
    },
    setToken: () => undefined,
    onStatus: (listener) => statusListeners.push(listener),
    start: () => statusListeners.forEach((l) => l('online')),
  };
  const deps: CoreDeps = {
    transport,
    snapshots: {
      list: async () => {
        listFetches++;
        return options.list?.() ?? { sportTypeId: '1', seq: 0, leagues: [], matches: [], markets: [] };
      },
      match: async () => {
        matchFetches++;
        if (!options.match) throw new Error('no match');
        return options.match();
      },
    },
    ...(options.cache
      ? {
          cache: {
            read: async (key: string) => options.cache!.get(key),
            write: async (key: string, value: CachedSnapshot) => void options.cache!.set(key, structuredClone(value)),
          },
        }
      : {}),
    now: () => clock,
    setInterval: (fn) => {
      tick = fn;
      return 1;
    },
    clearInterval: () => {
      tick = null;
    },
    setTimeout: (fn, ms) => {
      timers.push({ at: clock + ms, fn });
      return timers.length;
    },
  };
  const core = new RealtimeCore(deps);
  return {
    core,
    push: (destination: string, value: Delta) => handlers.get(destination)?.(JSON.stringify(value)),
    tick: () => tick?.(),
    setStatus: (status: ConnectionStatus) => statusListeners.forEach((l) => l(status)),
    subscribeCalls,
    /** The `since` each subscription asked with (the seq of the data held when it was made). */
    sinceAsked,
    unsubscribeCalls,
    published,
    counts: () => ({ listFetches, matchFetches }),
    now: () => clock,
    /** Moves the clock on, running the timers that fall due in order (and what their promises start). */
    advance: async (ms: number) => {
      const end = clock + ms;
      for (;;) {
        const next = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!next) break;
        timers = timers.filter((t) => t !== next);
        clock = Math.max(clock, next.at);
        next.fn();
        await settle();
      }
      clock = end;
      await settle();
    },
    /** A promise settled by the manual clock after `ms`. */
    after: <T>(ms: number, value: () => T) => new Promise<T>((resolve) => timers.push({ at: clock + ms, fn: () => resolve(value()) })),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the realtime core', () => {
  const snapshot = (seq: number): ListSnapshot => ({
    sportTypeId: '1',
    seq,
    leagues: [{ leagueId: 'L1', sportTypeId: '1', name: 'League', priority: 1 }],
    matches: [match('m1'), match('m2')],
    markets: [market('k1', 'm1'), market('k2', 'm2')],
  });

  it('uses one STOMP subscription per destination for any number of tabs, released with the last', async () => {
    const h = harness({ list: () => snapshot(1) });
    await h.core.connect('tab-a', null, { ...ANONYMOUS_CALLER, appKey: 'k', deviceId: 'd' });
    const a = await h.core.watchList('tab-a', { sportTypeId: '1', mode: 'live' }, () => undefined);
    const b = await h.core.watchList('tab-b', { sportTypeId: '1', mode: 'live' }, () => undefined);
    await h.core.watchList('tab-c', { sportTypeId: '1', mode: 'today' }, () => undefined);
    expect(h.subscribeCalls).toEqual(['/topic/sport/1']);
    await h.core.unwatch(a);
    await h.core.unwatch(b);
    expect(h.unsubscribeCalls).toEqual([]);
    await h.core.disconnectTab('tab-c');
    expect(h.unsubscribeCalls).toEqual(['/topic/sport/1']);
  });

  it('gives each tab its own client, and releases a tab’s callback when it lets go of a subscription', async () => {
    const h = harness({ list: () => snapshot(1) });
    const released: string[] = [];
    /** A callback as it reaches the worker from a tab: a Comlink proxy that can be released. */
    const remoteCallback = (name: string) => Object.assign(() => undefined, { [releaseProxy]: () => void released.push(name) });
    const tabA = h.core.client();
    const tabB = h.core.client();
    const a = await tabA.watchList({ sportTypeId: '1', mode: 'live' }, remoteCallback('a-list'));
    await tabA.watchOrders([{ marketId: 'k1', key: 'h' }], false, remoteCallback('a-orders'));
    await tabB.watchStatus(remoteCallback('b-status'));
    await tabA.unwatch(a);
    expect(released).toEqual(['a-list']);
    // Tab A closes (its Web Lock is released): everything it held goes, and only its own.
    await h.core.disconnectTab('tab-1');
    expect(released).toEqual(['a-list', 'a-orders']);
    expect(h.core.usage().subscriptions).toBe(1);
  });

  it('sends a full view once loaded, then only what changed, at most once per tick', async () => {
    const h = harness({ list: () => snapshot(1) });
    const patches: ListPatch[] = [];
    await h.core.watchList('tab', { sportTypeId: '1', mode: 'live' }, (p) => patches.push(p));
    await settle();
    expect(patches).toHaveLength(1);
    expect(patches[0]).toMatchObject({ reset: true, order: ['m1', 'm2'] });
    h.push('/topic/sport/1', delta(2, [{ t: 'price', marketId: 'k1', key: 'h', price: 2.0 }]));
    h.push('/topic/sport/1', delta(3, [{ t: 'price', marketId: 'k1', key: 'h', price: 2.1 }]));
    h.push('/topic/sport/1', delta(4, [{ t: 'price', marketId: 'k1', key: 'a', price: 1.8 }]));
    expect(patches).toHaveLength(1);
    h.tick();
    expect(patches).toHaveLength(2);
    expect(patches[1]?.markets).toHaveLength(1);
    expect(patches[1]?.markets?.[0]?.selections.map((s) => s.price)).toEqual([2.1, 1.8]);
    expect(patches[1]?.matches).toBeUndefined();
    h.tick();
    expect(patches).toHaveLength(2);
  });

  it('sends every tab watching the same list the same changes', async () => {
    const h = harness({ list: () => snapshot(1) });
    const tabs: ListPatch[][] = [[], [], []];
    for (const [i, patches] of tabs.entries()) {
      await h.core.watchList(`tab-${i}`, { sportTypeId: '1', mode: 'live' }, (p) => patches.push(p));
      await settle();
    }
    h.push('/topic/sport/1', delta(2, [{ t: 'price', marketId: 'k1', key: 'h', price: 2.4 }]));
    h.tick();
    for (const patches of tabs) {
      expect(patches[0]).toMatchObject({ reset: true });
      expect(patches.at(-1)?.markets?.[0]?.selections[0]?.price).toBe(2.4);
    }
  });

  it('moves a match out of the live view when it finishes', async () => {
    const h = harness({ list: () => snapshot(1) });
    const patches: ListPatch[] = [];
    await h.core.watchList('tab', { sportTypeId: '1', mode: 'live' }, (p) => patches.push(p));
    await settle();
    h.push('/topic/sport/1', delta(2, [{ t: 'match', matchId: 'm2', eventStatus: 'closed', runningStatus: '2' }]));
    h.tick();
    expect(patches[1]).toMatchObject({ removedMatches: ['m2'], order: ['m1'] });
  });

  it('fetches the snapshot again after a sequence gap', async () => {
    const h = harness({ list: () => snapshot(1) });
    await h.core.watchList('tab', { sportTypeId: '1', mode: 'live' }, () => undefined);
    await settle();
    expect(h.counts().listFetches).toBe(1);
    h.push('/topic/sport/1', delta(5, []));
    await settle();
    expect(h.counts().listFetches).toBe(2);
  });

  it('fetches every snapshot again after a reconnect and says it was reconnecting meanwhile', async () => {
    const h = harness({ list: () => snapshot(1) });
    const patches: ListPatch[] = [];
    await h.core.connect('tab', null, { ...ANONYMOUS_CALLER, appKey: 'k', deviceId: 'd' });
    await h.core.watchList('tab', { sportTypeId: '1', mode: 'live' }, (p) => patches.push(p));
    await settle();
    h.setStatus('reconnecting');
    expect(patches.at(-1)).toEqual({ status: 'reconnecting' });
    h.setStatus('online');
    await settle();
    expect(h.counts().listFetches).toBe(2);
    expect(patches.at(-1)).toMatchObject({ reset: true, status: 'live' });
  });

  it('keeps one list fetch in flight on a slow link: reconnects meanwhile ask for one more after it, not one each', async () => {
    let release: (() => void) | undefined;
    let slow = false;
    const h = harness({
      list: () =>
        slow
          ? new Promise<ListSnapshot>((resolve) => {
              release = () => resolve(snapshot(1));
            })
          : snapshot(1),
    });
    await h.core.connect('tab', null, { ...ANONYMOUS_CALLER, appKey: 'k', deviceId: 'd' });
    await h.core.watchList('tab', { sportTypeId: '1', mode: 'live' }, () => undefined);
    await settle();
    expect(h.counts().listFetches).toBe(1);
    slow = true;
    for (let i = 0; i < 4; i++) {
      h.setStatus('reconnecting');
      h.setStatus('online');
      await settle();
    }
    // The first reconnect's fetch is still on its way; the three after it only mark the list stale.
    expect(h.counts().listFetches).toBe(2);
    slow = false;
    release!();
    await settle();
    await settle();
    // One more, after the first gap backoff.
    await h.advance(GAP_BACKOFF_MS[1]!);
    expect(h.counts().listFetches).toBe(3);
  });

  it('uses a list snapshot the page already has instead of fetching it, and still refetches after a gap', async () => {
    const h = harness({ list: () => snapshot(1) });
    const tab = h.core.client();
    const seeded: ListSnapshot = { ...snapshot(20), markets: [market('k1', 'm1', 2.5), market('k2', 'm2')] };
    await tab.seedList({ sportTypeId: '1', mode: 'live' }, seeded);
    const patches: ListPatch[] = [];
    await tab.watchList({ sportTypeId: '1', mode: 'live' }, (p) => patches.push(p));
    await settle();
    expect(h.counts().listFetches).toBe(0);
    expect(patches[0]).toMatchObject({ reset: true, status: 'live', order: ['m1', 'm2'] });
    expect(patches[0]?.markets?.find((m) => m.marketId === 'k1')?.selections[0]?.price).toBe(2.5);
    // The next delta follows the seeded seq: applied, no fetch.
    h.push('/topic/sport/1', delta(21, [{ t: 'price', marketId: 'k1', key: 'h', price: 2.6 }]));
    h.tick();
    expect(patches.at(-1)?.markets?.[0]?.selections[0]?.price).toBe(2.6);
    expect(h.counts().listFetches).toBe(0);
    // A gap after the seed: fetched as after any snapshot.
    h.push('/topic/sport/1', delta(30, []));
    await settle();
    expect(h.counts().listFetches).toBe(1);
  });

  it("takes a seeded list with what the page's early socket received after it, and subscribes from there", async () => {
    const h = harness({ list: () => snapshot(1) });
    const tab = h.core.client();
    const seeded: ListSnapshot = { ...snapshot(20), markets: [market('k1', 'm1', 2.5), market('k2', 'm2')] };
    // The page's socket had the merged replay 21..23, then 24 (server/realtime/recentDeltas.ts).
    const early = [
      { ...delta(23, [{ t: 'price', marketId: 'k1', key: 'h', price: 2.7 } as const]), from: 21 },
      delta(24, [{ t: 'price', marketId: 'k2', key: 'h', price: 3.1 }]),
    ];
    await tab.seedList({ sportTypeId: '1', mode: 'live' }, seeded, early);
    const patches: ListPatch[] = [];
    await tab.watchList({ sportTypeId: '1', mode: 'live' }, (p) => patches.push(p));
    await settle();
    // The first answer is where the page's rows are, not the older snapshot; nothing was fetched.
    expect(h.counts().listFetches).toBe(0);
    const price = (patch: ListPatch | undefined, marketId: string) =>
      patch?.markets?.find((m) => m.marketId === marketId)?.selections[0]?.price;
    expect(price(patches[0], 'k1')).toBe(2.7);
    expect(price(patches[0], 'k2')).toBe(3.1);
    // Its subscription asks the server for what followed 24, which then applies without a gap.
    expect(h.sinceAsked).toEqual([24]);
    h.push('/topic/sport/1', { ...delta(26, [{ t: 'price', marketId: 'k1', key: 'h', price: 2.8 }]), from: 25 });
    h.tick();
    expect(price(patches.at(-1), 'k1')).toBe(2.8);
    expect(h.counts().listFetches).toBe(0);
  });

  it('subscribes without `since` when it holds nothing for the destination', async () => {
    const h = harness({ list: () => snapshot(1) });
    await h.core.client().watchList({ sportTypeId: '1', mode: 'live' }, () => undefined);
    expect(h.sinceAsked).toEqual([undefined]);
  });

  it('ignores a seeded list snapshot older than what it holds, and takes a newer one', async () => {
    const h = harness({ list: () => snapshot(10) });
    const tab = h.core.client();
    const patches: ListPatch[] = [];
    await tab.watchList({ sportTypeId: '1', mode: 'live' }, (p) => patches.push(p));
    await settle();
    expect(patches).toHaveLength(1);
    await tab.seedList({ sportTypeId: '1', mode: 'live' }, { ...snapshot(9), markets: [market('k1', 'm1', 3.3), market('k2', 'm2')] });
    h.tick();
    expect(patches).toHaveLength(1);
    await tab.seedList({ sportTypeId: '1', mode: 'live' }, { ...snapshot(11), markets: [market('k1', 'm1', 3.4), market('k2', 'm2')] });
    expect(patches.at(-1)).toMatchObject({ reset: true });
    expect(patches.at(-1)?.markets?.find((m) => m.marketId === 'k1')?.selections[0]?.price).toBe(3.4);
    // The socket's deltas go on in order on top of it, without a fetch.
    h.push('/topic/sport/1', delta(11, []));
    h.push('/topic/sport/1', delta(12, [{ t: 'price', marketId: 'k1', key: 'h', price: 3.5 }]));
    h.tick();
    expect(patches.at(-1)?.markets?.[0]?.selections[0]?.price).toBe(3.5);
    expect(h.counts().listFetches).toBe(1);
  });

  it('backs off refetches while gaps keep coming during slow fetches, and starts afresh once one lands cleanly', async () => {
    // Every fetch takes 3 s; the socket skips a delta every 200 ms for 30 s.
    let socketSeq = 1;
    const h: ReturnType<typeof harness> = harness({ list: () => h.after(3_000, () => snapshot(socketSeq)) });
    await h.core.watchList('tab', { sportTypeId: '1', mode: 'live' }, () => undefined);
    await h.advance(3_000);
    expect(h.counts().listFetches).toBe(1);
    for (let t = 0; t < 30_000; t += 200) {
      socketSeq += 2;
      h.push('/topic/sport/1', delta(socketSeq));
      await h.advance(200);
    }
    // Single-flight alone would fetch back to back (10 more in 30 s); with the backoff: at once, then 1,
    // 2, 4 and 8 s after each landing (at 4, 9, 16 and 27 s).
    expect(h.counts().listFetches).toBe(1 + 5);
    // The gaps stop: the last snapshot lands and the deltas follow in order, with no fetch.
    await h.advance(GAP_QUIET_MS);
    for (let i = 0; i < 3; i++) {
      socketSeq += 1;
      h.push('/topic/sport/1', delta(socketSeq));
    }
    await settle();
    expect(h.counts().listFetches).toBe(6);
    // A gap after a quiet spell is fetched at once again.
    socketSeq += 5;
    h.push('/topic/sport/1', delta(socketSeq));
    await settle();
    expect(h.counts().listFetches).toBe(7);
  });

  it('with no network shows the last list kept on the device, marked offline, and goes live again when the network returns', async () => {
    const cache = new Map<string, CachedSnapshot>();
    let online = true;
    const h = harness({
      cache,
      list: () => {
        if (!online) throw new TypeError('Failed to fetch');
        return snapshot(1);
      },
    });
    // Online: the view loads and is written to the device at the next tick, with its time.
    await h.core.watchList('tab', { sportTypeId: '1', mode: 'live' }, () => undefined);
    await settle();
    h.tick();
    await settle();
    expect(cache.get('list:1:live:')?.asOf).toBe(NOW);
    // Prices move; the write-behind keeps them, at most every 5 s.
    h.push('/topic/sport/1', delta(2, [{ t: 'price', marketId: 'k1', key: 'h', price: 2.3 }]));
    h.tick();
    await settle();
    expect(cache.get('list:1:live:')?.list?.markets[0]?.selections[0]?.price).toBe(1.9);
    await h.advance(5_000);
    h.tick();
    await settle();
    const kept = cache.get('list:1:live:');
    expect(kept?.list?.markets.find((m) => m.marketId === 'k1')?.selections[0]?.price).toBe(2.3);
    expect(kept?.asOf).toBe(NOW + 5_000);

    // A reload with no network: a new worker, the same device.
    online = false;
    const offline = harness({
      cache,
      list: () => {
        if (!online) throw new TypeError('Failed to fetch');
        return snapshot(3);
      },
    });
    const patches: ListPatch[] = [];
    await offline.core.watchList('tab', { sportTypeId: '1', mode: 'live' }, (p) => patches.push(p));
    await settle();
    expect(patches).toHaveLength(1);
    expect(patches[0]).toMatchObject({ reset: true, status: 'offline', asOf: NOW + 5_000, order: ['m1', 'm2'] });
    expect(patches[0]?.markets?.find((m) => m.marketId === 'k1')?.selections[0]?.price).toBe(2.3);
    // Retries keep failing quietly: still the same offline view.
    await offline.advance(10_000);
    expect(offline.counts().listFetches).toBeGreaterThan(1);
    expect(patches).toHaveLength(1);
    // The network returns: the socket comes up and the list is fetched at once, live.
    online = true;
    offline.setStatus('online');
    await settle();
    expect(patches.at(-1)).toMatchObject({ reset: true, status: 'live' });
    expect(patches.at(-1)?.asOf).toBeUndefined();
  });

  it('with no network and nothing kept says offline instead of loading for ever; a match page likewise', async () => {
    const h = harness({
      cache: new Map(),
      list: () => {
        throw new TypeError('Failed to fetch');
      },
      match: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const list: ListPatch[] = [];
    const one: MatchPatch[] = [];
    await h.core.watchList('tab', { sportTypeId: '1', mode: 'live' }, (p) => list.push(p));
    await h.core.watchMatch('tab', 'm9', (p) => one.push(p));
    await settle();
    expect(list[0]).toMatchObject({ reset: true, status: 'offline', asOf: null, order: [] });
    expect(one[0]).toMatchObject({ reset: true, status: 'offline', asOf: null, match: null });
  });

  it('does not show the device copy when the server answered with an error (not offline)', async () => {
    const cache = new Map<string, CachedSnapshot>([['list:1:live:', { asOf: NOW, list: snapshot(1) }]]);
    const h = harness({
      cache,
      list: () => {
        throw new Error('saba/queryCompressedMatchList: HTTP 500');
      },
    });
    const patches: ListPatch[] = [];
    await h.core.watchList('tab', { sportTypeId: '1', mode: 'live' }, (p) => patches.push(p));
    await settle();
    expect(patches).toEqual([]);
  });

  it('follows one match with all its markets', async () => {
    const h = harness({ match: () => ({ seq: 7, match: match('m9'), markets: [market('a1', 'm9'), market('a2', 'm9', 3.1, false)] }) });
    const patches: MatchPatch[] = [];
    await h.core.watchMatch('tab', 'm9', (p) => patches.push(p));
    await settle();
    expect(patches[0]?.markets).toHaveLength(2);
    h.push('/topic/match/m9', delta(8, [{ t: 'market', marketId: 'a2', status: 'Suspend' }]));
    h.tick();
    expect(patches[1]?.markets?.[0]).toMatchObject({ marketId: 'a2', status: 'Suspend' });
    h.push('/topic/match/m9', delta(9, [{ t: 'removeMatch', matchId: 'm9' }]));
    h.tick();
    expect(patches[2]?.match).toBeNull();
  });

  it('sends chat through the socket, and says so when the socket is down', async () => {
    const h = harness();
    expect(await h.core.sendChat('m1', 'Go Sharks!')).toBe(true);
    expect(h.published).toEqual([{ destination: '/topic/chat/m1', body: '{"text":"Go Sharks!"}' }]);
    const down = harness({ socketDown: true });
    expect(await down.core.sendChat('m1', 'Go Sharks!')).toBe(false);
  });

  it('shows a list fetched before the first connection as live, not as reconnecting', async () => {
    const h = harness({ list: () => snapshot(1) });
    const patches: ListPatch[] = [];
    // No connect(): the socket is still being opened when the snapshot arrives.
    await h.core.watchList('tab', { sportTypeId: '1', mode: 'live' }, (p) => patches.push(p));
    await settle();
    expect(patches[0]).toMatchObject({ reset: true, status: 'live' });
  });
});

/** How often rows m1 and m2 and the list were told of a change: `[m1, m2, list]`. */
function listen(mirror: ListMirror): () => [number, number, number] {
  const counts: [number, number, number] = [0, 0, 0];
  mirror.subscribeRow('m1', () => counts[0]++);
  mirror.subscribeRow('m2', () => counts[1]++);
  mirror.subscribeList(() => counts[2]++);
  return () => [...counts];
}

describe('the tab mirror', () => {
  it('remembers which way a price moved and re-renders only the rows that changed', () => {
    const mirror = new ListMirror();
    mirror.apply({
      reset: true,
      status: 'live',
      matches: [match('m1'), match('m2')],
      markets: [market('k1', 'm1', 1.9), market('k2', 'm2')],
      order: ['m1', 'm2'],
    });
    const told = listen(mirror);
    mirror.apply({ status: 'live', markets: [market('k1', 'm1', 2.2)] });
    expect(told()).toEqual([1, 0, 0]);
    expect(mirror.getRow('m1')?.moves.get('k1:h')?.dir).toBe('up');
    mirror.apply({ status: 'live', markets: [market('k1', 'm1', 1.5)] });
    expect(mirror.getRow('m1')?.moves.get('k1:h')?.dir).toBe('down');
    mirror.apply({ status: 'live', removedMatches: ['m2'], order: ['m1'] });
    expect(told()[2]).toBe(1);
    expect(mirror.getList().order).toEqual(['m1']);
  });

  it("keeps what a reset repeats: the worker's first answer after the seeded rows re-renders only the row that changed", () => {
    const mirror = new ListMirror();
    const snapshot = (price: number): ListPatch => ({
      reset: true,
      status: 'live',
      matches: [match('m1'), match('m2')],
      markets: [market('k1', 'm1', price), market('k2', 'm2')],
      order: ['m1', 'm2'],
    });
    mirror.apply(snapshot(1.9));
    const view = mirror.getList();
    const [row1, row2] = [mirror.getRow('m1'), mirror.getRow('m2')];
    const told = listen(mirror);

    // The same content again (a structured clone: equal objects, none the same).
    mirror.apply(structuredClone(snapshot(1.9)));
    expect(told()).toEqual([0, 0, 0]);
    expect(mirror.getList()).toBe(view);
    expect(mirror.getRow('m1')).toBe(row1);
    expect(mirror.getRow('m2')).toBe(row2);

    // One price moved in the meantime: that row alone.
    mirror.apply(snapshot(2.1));
    expect(told()).toEqual([1, 0, 0]);
    expect(mirror.getRow('m1')?.markets[0]?.selections[0]?.price).toBe(2.1);
    expect(mirror.getRow('m2')).toBe(row2);

    // A match gone: the list changes.
    mirror.apply({ reset: true, status: 'live', matches: [match('m1')], markets: [market('k1', 'm1', 2.1)], order: ['m1'] });
    expect(told()[2]).toBe(1);
    expect(mirror.getList().order).toEqual(['m1']);
    expect(mirror.getRow('m2')).toBeUndefined();
  });

  it('tells many changed rows a few per task, so a big patch is not one long re-render', async () => {
    const mirror = new ListMirror();
    const ids = Array.from({ length: 20 }, (_, i) => `m${i}`);
    const patch = (price: number): ListPatch => ({
      reset: true,
      status: 'live',
      matches: ids.map((id) => match(id)),
      markets: ids.map((id) => market(`k${id}`, id, price)),
      order: ids,
    });
    mirror.apply(patch(1.9));
    const told = new Set<string>();
    for (const id of ids) mirror.subscribeRow(id, () => told.add(id));
    mirror.apply(patch(2.2));
    expect(told.size).toBeGreaterThan(0);
    expect(told.size).toBeLessThan(ids.length);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(told.size).toBe(ids.length);
    expect(mirror.getRow('m19')?.markets[0]?.selections[0]?.price).toBe(2.2);
  });
});
