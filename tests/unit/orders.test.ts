import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SELECTION_DETAIL_BATCH,
  type SelectionDetail,
  type SelectionDetailRequest,
  type SelectionDetailResponse,
  type SelectionQuery,
  selectionKey,
} from '../../src/contract/betting';
import { BET_ORDER_REFRESH_MS, BET_ORDER_REFRESH_SINGLE_MS, SELECTION_DETAIL_THROTTLE } from '../../src/contract/constants';
import type { Delta, ListSnapshot } from '../../src/contract/feed';
import type { ListPatch, RealtimeApi } from '../../src/contract/realtime';
import { useOrderDetails } from '../../src/realtime/hooks';
import { OrderMirror } from '../../src/realtime/mirror';
import { type CoreDeps, RealtimeCore, type Transport } from '../../workers/realtime/core';
import { market, match } from './feedFixtures';
import { ANONYMOUS_CALLER } from '../../src/contract/request';

// The hook talks to "the worker" through client.ts; here the worker is a RealtimeCore in the same thread.
const worker = vi.hoisted(() => ({ api: null as RealtimeApi | null }));
vi.mock('../../src/realtime/client', () => ({ realtime: () => worker.api }));

/** Manual time: intervals and timeouts fire only when the test advances the clock. */
function fakeClock() {
  let now = 0;
  let nextHandle = 1;
  const timers = new Map<number, { fn: () => void; at: number; every: number | null }>();
  return {
    now: () => now,
    setInterval: (fn: () => void, ms: number) => {
      const handle = nextHandle++;
      timers.set(handle, { fn, at: now + ms, every: ms });
      return handle;
    },
    setTimeout: (fn: () => void, ms: number) => {
      const handle = nextHandle++;
      timers.set(handle, { fn, at: now + ms, every: null });
      return handle;
    },
    clearInterval: (handle: unknown) => void timers.delete(handle as number),
    /** Timers alive now. */
    active: () => timers.size,
    /** The repeat periods of the live intervals. */
    periods: () => [...timers.values()].flatMap((t) => (t.every === null ? [] : [t.every])),
    /** Moves time on by `ms`, firing what falls due in order and letting answers land after each. */
    async advance(ms: number) {
      const end = now + ms;
      for (;;) {
        let due: [number, { fn: () => void; at: number; every: number | null }] | null = null;
        for (const entry of timers) if (entry[1].at <= end && (!due || entry[1].at < due[1].at)) due = entry;
        if (!due) break;
        const [handle, timer] = due;
        now = timer.at;
        if (timer.every === null) timers.delete(handle);
        else timer.at += timer.every;
        timer.fn();
        await settle();
      }
      now = end;
      await settle();
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const order = (marketId: string, key = 'h'): SelectionQuery => ({ marketId, key });

interface Call {
  request: SelectionDetailRequest;
  resolve: () => void;
  fail: () => void;
  done: boolean;
}

/**
 * A core wired to fakes, with a querySelectionDetailV2 we control: answers come from `market` (price
 * 1.9, Running unless changed); `mode` 'auto' answers at once, 'manual' holds each call until the
 * test settles it, 'fail' rejects.
 */
function harness(options: { list?: ListSnapshot } = {}) {
  const clock = fakeClock();
  const sockets = new Map<string, (body: string) => void>();
  const markets = new Map<string, Partial<SelectionDetail>>();
  const calls: Call[] = [];
  let mode: 'auto' | 'manual' | 'fail' = 'auto';
  let inFlight = 0;
  let maxInFlight = 0;
  const releases: (() => void)[] = [];

  const answer = (request: SelectionDetailRequest): SelectionDetailResponse => ({
    selections: request.selections.map((q) => ({
      ...q,
      price: 1.9,
      status: 'Running',
      point: -0.5,
      point2: null,
      minBet: 10,
      maxBet: 50_000,
      found: true,
      ...markets.get(selectionKey(q)),
    })),
  });

  const selections = (request: SelectionDetailRequest) =>
    new Promise<SelectionDetailResponse>((resolve, reject) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const call: Call = {
        request,
        done: false,
        resolve: () => {
          if (call.done) return;
          call.done = true;
          inFlight--;
          resolve(answer(request));
        },
        fail: () => {
          if (call.done) return;
          call.done = true;
          inFlight--;
          reject(new Error('network'));
        },
      };
      calls.push(call);
      if (mode === 'auto') call.resolve();
      if (mode === 'fail') call.fail();
    });

  const transport: Transport = {
    subscribe: (destination, onMessage) => {
      sockets.set(destination, (body) => onMessage(body, {}));
      return () => sockets.delete(destination);
    },
    publish: () => true,
    setToken: () => undefined,
    onStatus: () => undefined,
    start: () => undefined,
  };
  const deps: CoreDeps = {
    transport,
    snapshots: {
      list: () => (options.list ? Promise.resolve(options.list) : Promise.reject(new Error('no lists here'))),
      match: () => Promise.reject(new Error('no matches here')),
      selections,
    },
    now: clock.now,
    setInterval: clock.setInterval,
    clearInterval: clock.clearInterval,
    setTimeout: clock.setTimeout,
    whenReleased: () => new Promise<void>((resolve) => releases.push(resolve)),
  };
  const core = new RealtimeCore(deps);

  /** A tab's view of its details, as the hook's mirror keeps them, plus every delivery it got. */
  const tab = () => {
    const deliveries: SelectionDetail[][] = [];
    const latest = new Map<string, SelectionDetail>();
    return {
      deliveries,
      latest,
      onDetails: (details: SelectionDetail[]) => {
        deliveries.push(details);
        for (const detail of details) latest.set(selectionKey(detail), detail);
      },
    };
  };

  return {
    core,
    clock,
    calls,
    markets,
    tab,
    setMode: (next: typeof mode) => {
      mode = next;
    },
    maxInFlight: () => maxInFlight,
    /** A delta on the socket. */
    push: (destination: string, delta: Delta) => sockets.get(destination)?.(JSON.stringify(delta)),
    /** Closes every tab that holds a Web Lock. */
    closeTabs: () => releases.splice(0).forEach((release) => release()),
  };
}

afterEach(() => {
  worker.api = null;
});

describe('selectionKey', () => {
  it('keys a market selection by market and key, an outright by outright and team', () => {
    expect(selectionKey({ marketId: 'k1', key: 'h' })).toBe('k1:h');
    expect(selectionKey({ marketId: 'k1', key: 'h', outrightOddsId: 'o7', teamId: 't3' })).toBe('o7:t3');
    expect(selectionKey({ marketId: '', key: 't3', outrightOddsId: 'o7' })).toBe('o7:t3');
  });
});

describe('the bet-order refresh in the worker', () => {
  it('makes one call for two tabs showing the same slip, and gives the second tab what is known at once', async () => {
    const h = harness();
    const a = h.tab();
    const b = h.tab();
    const slip = [order('k1'), order('k2', 'a')];
    await h.core.watchOrders('tab-a', slip, false, a.onDetails);
    await settle();
    expect(h.calls).toHaveLength(1);
    expect(a.deliveries).toHaveLength(1);
    expect(a.deliveries[0]?.map(selectionKey)).toEqual(['k1:h', 'k2:a']);

    await h.core.watchOrders('tab-b', [...slip], false, b.onDetails);
    expect(b.deliveries).toHaveLength(1);
    expect(b.deliveries[0]?.map(selectionKey)).toEqual(['k1:h', 'k2:a']);
    expect(h.calls).toHaveLength(1);

    await h.clock.advance(BET_ORDER_REFRESH_MS);
    expect(h.calls).toHaveLength(2);
    expect(h.calls[1]?.request.selections).toEqual(slip);
    await h.clock.advance(BET_ORDER_REFRESH_MS * 3);
    expect(h.calls).toHaveLength(5);
    // Nothing moved: nobody hears anything more.
    expect(a.deliveries).toHaveLength(1);
    expect(b.deliveries).toHaveLength(1);
    expect(h.clock.active()).toBe(1);
  });

  it('refreshes every 3 s, and every 1 s while any watcher shows a single bet', async () => {
    const h = harness();
    const parlay = await h.core.watchOrders('tab-a', [order('k1'), order('k2')], false, () => undefined);
    await settle();
    const start = h.calls.length;
    await h.clock.advance(BET_ORDER_REFRESH_MS - 1);
    expect(h.calls.length - start).toBe(0);
    await h.clock.advance(1);
    expect(h.calls.length - start).toBe(1);
    await h.clock.advance(BET_ORDER_REFRESH_MS * 2);
    expect(h.calls.length - start).toBe(3);
    expect(h.clock.periods()).toEqual([BET_ORDER_REFRESH_MS]);

    // Another tab shows a single: the union goes every second, still one call per period.
    const single = await h.core.watchOrders('tab-b', [order('k3')], true, () => undefined);
    await settle();
    expect(h.clock.periods()).toEqual([BET_ORDER_REFRESH_SINGLE_MS]);
    const before = h.calls.length;
    await h.clock.advance(BET_ORDER_REFRESH_SINGLE_MS * 3);
    expect(h.calls.length - before).toBe(3);
    expect(h.calls.at(-1)?.request.selections.map(selectionKey)).toEqual(['k1:h', 'k2:h', 'k3:h']);

    // The single becomes a parlay: back to 3 s.
    await h.core.updateOrders(single, [order('k3'), order('k4')], false);
    await settle();
    expect(h.clock.periods()).toEqual([BET_ORDER_REFRESH_MS]);
    const after = h.calls.length;
    await h.clock.advance(BET_ORDER_REFRESH_MS);
    expect(h.calls.length - after).toBe(1);

    // The parlay tab turns single itself.
    await h.core.updateOrders(parlay, [order('k1')], true);
    expect(h.clock.periods()).toEqual([BET_ORDER_REFRESH_SINGLE_MS]);
  });

  it(`asks at most ${SELECTION_DETAIL_BATCH} selections per call`, async () => {
    const h = harness();
    const many = Array.from({ length: 120 }, (_, i) => order(`k${i}`));
    const tab = h.tab();
    await h.core.watchOrders('tab-a', many, false, tab.onDetails);
    await settle();
    expect(h.calls.map((c) => c.request.selections.length)).toEqual([50, 50, 20]);
    expect(tab.latest.size).toBe(120);
    await h.clock.advance(BET_ORDER_REFRESH_MS);
    expect(h.calls.slice(3).map((c) => c.request.selections.length)).toEqual([50, 50, 20]);
    const asked = h.calls.slice(3).flatMap((c) => c.request.selections.map(selectionKey));
    expect(new Set(asked).size).toBe(120);
  });

  it(`never has more than ${SELECTION_DETAIL_THROTTLE} calls in flight and does not pile up on a slow network`, async () => {
    const h = harness();
    h.setMode('manual');
    const many = Array.from({ length: 600 }, (_, i) => order(`k${i}`));
    const tab = h.tab();
    await h.core.watchOrders('tab-a', many, false, tab.onDetails);
    await settle();
    expect(h.calls).toHaveLength(SELECTION_DETAIL_THROTTLE);
    expect(h.core.orders.usage().inFlight).toBe(SELECTION_DETAIL_THROTTLE);

    // Every slot is taken: the ticks ask for nothing.
    await h.clock.advance(BET_ORDER_REFRESH_MS * 3);
    expect(h.calls).toHaveLength(SELECTION_DETAIL_THROTTLE);

    // Two answers land: the next tick fills the two free slots with the selections never asked yet.
    h.calls[0]?.resolve();
    h.calls[1]?.resolve();
    await settle();
    await h.clock.advance(BET_ORDER_REFRESH_MS);
    expect(h.calls).toHaveLength(SELECTION_DETAIL_THROTTLE + 2);
    const firstAsked = new Set(h.calls.slice(0, SELECTION_DETAIL_THROTTLE).flatMap((c) => c.request.selections.map(selectionKey)));
    for (const call of h.calls.slice(SELECTION_DETAIL_THROTTLE)) {
      expect(call.request.selections).toHaveLength(SELECTION_DETAIL_BATCH);
      for (const q of call.request.selections) expect(firstAsked.has(selectionKey(q))).toBe(false);
    }

    // Everything answers: every selection reaches the tab, and at no point were more than 10 out.
    h.setMode('auto');
    for (const call of h.calls) call.resolve();
    await settle();
    await h.clock.advance(BET_ORDER_REFRESH_MS);
    expect(tab.latest.size).toBe(600);
    expect(h.maxInFlight()).toBe(SELECTION_DETAIL_THROTTLE);
  });

  it('does not ask again for a selection whose call is still out', async () => {
    const h = harness();
    h.setMode('manual');
    await h.core.watchOrders('tab-a', [order('k1')], true, () => undefined);
    await h.clock.advance(BET_ORDER_REFRESH_SINGLE_MS * 5);
    expect(h.calls).toHaveLength(1);
    h.calls[0]?.resolve();
    await settle();
    await h.clock.advance(BET_ORDER_REFRESH_SINGLE_MS);
    expect(h.calls).toHaveLength(2);
  });

  it('sends each tab only the details of its own orders, and only when they changed', async () => {
    const h = harness();
    const a = h.tab();
    const b = h.tab();
    await h.core.watchOrders('tab-a', [order('k1'), order('k2')], false, a.onDetails);
    await h.core.watchOrders('tab-b', [order('k2'), order('k3')], false, b.onDetails);
    await settle();
    expect([...a.latest.keys()].sort()).toEqual(['k1:h', 'k2:h']);
    expect([...b.latest.keys()].sort()).toEqual(['k2:h', 'k3:h']);
    const [da, db] = [a.deliveries.length, b.deliveries.length];

    h.markets.set('k1:h', { price: 2.05 });
    await h.clock.advance(BET_ORDER_REFRESH_MS);
    expect(a.deliveries.slice(da)).toEqual([[expect.objectContaining({ marketId: 'k1', price: 2.05 })]]);
    expect(b.deliveries).toHaveLength(db);

    h.markets.set('k2:h', { status: 'Suspend' });
    await h.clock.advance(BET_ORDER_REFRESH_MS);
    expect(a.deliveries.at(-1)).toEqual([expect.objectContaining({ marketId: 'k2', status: 'Suspend' })]);
    expect(b.deliveries.at(-1)).toEqual([expect.objectContaining({ marketId: 'k2', status: 'Suspend' })]);

    // Point, limits and "found" count as changes too; the feed's lowercase statuses arrive normalized.
    h.markets.set('k3:h', { point: -0.75 });
    await h.clock.advance(BET_ORDER_REFRESH_MS);
    expect(b.deliveries.at(-1)).toEqual([expect.objectContaining({ marketId: 'k3', point: -0.75 })]);
    h.markets.set('k3:h', { point: -0.75, maxBet: 1000 });
    await h.clock.advance(BET_ORDER_REFRESH_MS);
    expect(b.deliveries.at(-1)).toEqual([expect.objectContaining({ marketId: 'k3', maxBet: 1000 })]);
    h.markets.set('k1:h', { price: 0, found: false, status: 'closed' as SelectionDetail['status'] });
    await h.clock.advance(BET_ORDER_REFRESH_MS);
    expect(a.deliveries.at(-1)).toEqual([expect.objectContaining({ marketId: 'k1', found: false, status: 'Closed' })]);

    const counts = [a.deliveries.length, b.deliveries.length];
    await h.clock.advance(BET_ORDER_REFRESH_MS * 4);
    expect([a.deliveries.length, b.deliveries.length]).toEqual(counts);
  });

  it('follows a changed slip on the same subscription: a new order is asked at once and sent alone', async () => {
    const h = harness();
    const a = h.tab();
    const id = await h.core.watchOrders('tab-a', [order('k1')], false, a.onDetails);
    await settle();
    expect(h.calls).toHaveLength(1);
    await h.core.updateOrders(id, [order('k1'), order('k2')], false);
    await settle();
    expect(h.calls).toHaveLength(2);
    expect(h.calls[1]?.request.selections).toEqual([order('k2')]);
    expect(a.deliveries.at(-1)?.map(selectionKey)).toEqual(['k2:h']);

    await h.core.updateOrders(id, [order('k2')], false);
    await h.clock.advance(BET_ORDER_REFRESH_MS);
    expect(h.calls.at(-1)?.request.selections).toEqual([order('k2')]);

    // Emptied: no timer; filled again: the order comes back in full.
    await h.core.updateOrders(id, [], false);
    expect(h.clock.active()).toBe(0);
    await h.core.updateOrders(id, [order('k1')], false);
    await settle();
    expect(a.deliveries.at(-1)?.map(selectionKey)).toEqual(['k1:h']);
    expect(h.clock.active()).toBe(1);
    expect(h.core.orders.usage().watchers).toBe(1);
  });

  it('runs no timer while nobody watches: unwatch and a closed tab stop it', async () => {
    const h = harness();
    expect(h.clock.active()).toBe(0);
    const a = await h.core.watchOrders('tab-a', [order('k1')], true, () => undefined);
    const b = await h.core.watchOrders('tab-b', [order('k1')], false, () => undefined);
    expect(h.clock.active()).toBe(1);
    await h.core.unwatch(a);
    expect(h.clock.periods()).toEqual([BET_ORDER_REFRESH_MS]);
    await h.core.unwatch(b);
    expect(h.clock.active()).toBe(0);
    const calls = h.calls.length;
    await h.clock.advance(BET_ORDER_REFRESH_MS * 5);
    expect(h.calls).toHaveLength(calls);

    // A tab closes without a word: its Web Lock is released and the worker drops its watchers.
    await h.core.connect('tab-c', 'lock-c', { ...ANONYMOUS_CALLER, appKey: 'k', deviceId: 'd' });
    await h.core.watchOrders('tab-c', [order('k1')], false, () => undefined);
    await h.core.watchOrders('tab-c', [order('k2')], true, () => undefined);
    expect(h.clock.active()).toBe(1);
    h.closeTabs();
    await settle();
    expect(h.clock.active()).toBe(0);
    expect(h.core.orders.usage()).toEqual({ watchers: 0, selections: 0, inFlight: 0, periodMs: 0 });

    // disconnectTab does the same.
    await h.core.watchOrders('tab-d', [order('k1')], false, () => undefined);
    await h.core.disconnectTab('tab-d');
    expect(h.clock.active()).toBe(0);
  });

  it('keeps the last details through failed calls and tries again next period', async () => {
    const h = harness();
    const a = h.tab();
    await h.core.watchOrders('tab-a', [order('k1'), order('k2')], false, a.onDetails);
    await settle();
    const delivered = a.deliveries.length;
    h.setMode('fail');
    h.markets.set('k1:h', { price: 3 });
    await h.clock.advance(BET_ORDER_REFRESH_MS * 2);
    expect(h.calls).toHaveLength(3);
    expect(a.deliveries).toHaveLength(delivered);
    expect(a.latest.get('k1:h')?.price).toBe(1.9);

    // A tab joining meanwhile still gets the last known details at once.
    const b = h.tab();
    await h.core.watchOrders('tab-b', [order('k1')], false, b.onDetails);
    expect(b.deliveries).toEqual([[expect.objectContaining({ marketId: 'k1', price: 1.9 })]]);

    h.setMode('auto');
    await h.clock.advance(BET_ORDER_REFRESH_MS);
    expect(a.deliveries.at(-1)).toEqual([expect.objectContaining({ marketId: 'k1', price: 3 })]);
    expect(b.deliveries.at(-1)).toEqual([expect.objectContaining({ marketId: 'k1', price: 3 })]);
  });

  it('asks again next period when the very first call fails', async () => {
    const h = harness();
    h.setMode('fail');
    const a = h.tab();
    await h.core.watchOrders('tab-a', [order('k1')], true, a.onDetails);
    await settle();
    expect(a.deliveries).toHaveLength(0);
    h.setMode('auto');
    await h.clock.advance(BET_ORDER_REFRESH_SINGLE_MS);
    expect(h.calls).toHaveLength(2);
    expect(a.deliveries).toEqual([[expect.objectContaining({ marketId: 'k1' })]]);
  });

  it('drops an answer for orders taken off while the call was out', async () => {
    const h = harness();
    h.setMode('manual');
    const a = h.tab();
    const id = await h.core.watchOrders('tab-a', [order('k1')], false, a.onDetails);
    await h.core.updateOrders(id, [], false);
    h.calls[0]?.resolve();
    await settle();
    expect(a.deliveries).toHaveLength(0);
  });
});

describe('the slip follows the live prices the rows show (the 1.24 / 1.25 report)', () => {
  const liveMatch = match('m1');
  const handicap = (price: number) => market('k1', 'm1', price);
  const list: ListSnapshot = {
    sportTypeId: '1',
    seq: 1,
    leagues: [{ leagueId: 'L1', sportTypeId: '1', name: 'League', priority: 1 }],
    matches: [liveMatch],
    markets: [handicap(1.24)],
  };
  const price = (seq: number, value: number): Delta => ({ seq, ts: 0, changes: [{ t: 'price', marketId: 'k1', key: 'h', price: value }] });

  it('gives the slip a moved price in the same tick as the row, and no older answer undoes it', async () => {
    const h = harness({ list });
    const rows: ListPatch[] = [];
    await h.core.watchList('tab-a', { sportTypeId: '1', mode: 'live' }, (patch) => rows.push(patch));
    await settle();
    const slip = h.tab();
    await h.core.watchOrders('tab-a', [order('k1')], true, slip.onDetails);
    // What the row shows is on the slip at once, without waiting for a call.
    expect(slip.latest.get('k1:h')?.price).toBe(1.24);
    expect(h.calls).toHaveLength(0);

    h.push('/topic/sport/1', price(2, 1.25));
    await h.clock.advance(100);
    expect(rows.at(-1)?.markets?.[0]?.selections[0]?.price).toBe(1.25);
    expect(slip.latest.get('k1:h')?.price).toBe(1.25);

    // A refresh call asked before the feed's next word answers the older price: the slip keeps the newer.
    h.setMode('manual');
    h.markets.set('k1:h', { price: 1.25 });
    await h.clock.advance(BET_ORDER_REFRESH_SINGLE_MS);
    expect(h.calls).toHaveLength(1);
    h.push('/topic/sport/1', price(3, 1.27));
    await h.clock.advance(100);
    expect(slip.latest.get('k1:h')?.price).toBe(1.27);
    h.calls[0]?.resolve();
    await settle();
    expect(slip.latest.get('k1:h')?.price).toBe(1.27);
  });

  it('a suspended market or a finished match closes the pick on the slip as on the row', async () => {
    const h = harness({ list });
    await h.core.watchList('tab-a', { sportTypeId: '1', mode: 'live' }, () => undefined);
    await settle();
    const slip = h.tab();
    await h.core.watchOrders('tab-a', [order('k1')], false, slip.onDetails);
    h.push('/topic/sport/1', { seq: 2, ts: 0, changes: [{ t: 'market', marketId: 'k1', status: 'Suspend' }] });
    await h.clock.advance(100);
    expect(slip.latest.get('k1:h')).toMatchObject({ status: 'Suspend', price: 0 });
    h.push('/topic/sport/1', {
      seq: 3,
      ts: 0,
      changes: [
        { t: 'market', marketId: 'k1', status: 'Running' },
        { t: 'match', matchId: 'm1', runningStatus: '2' },
      ],
    });
    await h.clock.advance(100);
    expect(slip.latest.get('k1:h')).toMatchObject({ status: 'Closed', price: 0 });
  });
});

describe('the tab side', () => {
  it('keeps the details of the current orders and makes a new map only on a change', () => {
    const mirror = new OrderMirror();
    let renders = 0;
    mirror.subscribe(() => renders++);
    mirror.keep([order('k1'), order('k2')]);
    const detail = (marketId: string, price: number): SelectionDetail => ({
      marketId,
      key: 'h',
      price,
      status: 'Running',
      point: null,
      point2: null,
      minBet: 10,
      maxBet: 100,
      found: true,
    });
    mirror.apply([detail('k1', 1.9), detail('k9', 2)]);
    const first = mirror.get();
    expect([...first.keys()]).toEqual(['k1:h']);
    expect(renders).toBe(1);
    mirror.keep([order('k1'), order('k2')]);
    expect(mirror.get()).toBe(first);
    mirror.keep([order('k2')]);
    expect(mirror.get().size).toBe(0);
    expect(renders).toBe(2);
  });

  it('useOrderDetails follows the worker, and a slip change updates the same subscription', async () => {
    const h = harness();
    const client = h.core.client();
    worker.api = client;
    const watch = vi.spyOn(client, 'watchOrders');
    const update = vi.spyOn(client, 'updateOrders');
    const initial = { orders: [order('k1')], single: true };
    const { result, rerender, unmount } = renderHook(({ orders, single }) => useOrderDetails(orders, single), { initialProps: initial });
    await act(settle);
    expect(result.current.get('k1:h')?.price).toBe(1.9);
    const before = result.current;

    // Nothing changed at the server: the same map, no re-render churn.
    await act(() => h.clock.advance(BET_ORDER_REFRESH_SINGLE_MS * 2));
    expect(result.current).toBe(before);

    h.markets.set('k1:h', { price: 2.2 });
    await act(() => h.clock.advance(BET_ORDER_REFRESH_SINGLE_MS));
    expect(result.current.get('k1:h')?.price).toBe(2.2);

    rerender({ orders: [order('k1'), order('k2')], single: false });
    await act(settle);
    expect(watch).toHaveBeenCalledTimes(1);
    expect(update).toHaveBeenCalledWith(expect.any(Number), [order('k1'), order('k2')], false);
    expect([...result.current.keys()].sort()).toEqual(['k1:h', 'k2:h']);
    expect(h.clock.periods()).toEqual([BET_ORDER_REFRESH_MS]);

    // The same orders in a new array: no call to the worker.
    rerender({ orders: [order('k1'), order('k2')], single: false });
    await act(settle);
    expect(update).toHaveBeenCalledTimes(1);

    unmount();
    await settle();
    expect(h.clock.active()).toBe(0);
    expect(h.core.orders.usage().watchers).toBe(0);
  });
});
