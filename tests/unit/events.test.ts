import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as EventsIndex from '../../src/api/events/index';
import { fetchWithBackoff } from '../../src/api/events/attribution';
import { EventPipe, type EventTransport, SEND_INTERVAL_MS } from '../../src/api/events/pipe';
import { memoryStore } from '../../src/api/events/store';
import { type AnalyticsConsent, type WireEvent, attributionRetryDelay } from '../../src/contract/events';
import { timers } from '../../src/lib/timers';

/**
 * The page's event module (issue 39): the attribution id's backoff of spec §9 on a fake clock, and the
 * pipe's batching (one request per interval, batches of 50), consent, and an offline spell.
 */

let n = 0;
const event = (kind: WireEvent['kind'] = 'pageView'): WireEvent => ({
  id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  at: Date.now(),
  kind,
  session: '00000000-0000-4000-8000-000000000000',
  loggedIn: false,
  ...(kind === 'regulatory' ? { name: 'consentChoice' } : { page: '/sports' }),
});

beforeEach(() => vi.useFakeTimers({ now: Date.parse('2026-11-27T08:00:00Z') }));
afterEach(() => vi.useRealTimers());

describe('the attribution id backoff (spec §9)', () => {
  it('waits 0 after the first failure, then 600 ms × 2ⁿ, and stops after 10 attempts', async () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(attributionRetryDelay)).toEqual([0, 600, 1_200, 2_400, 4_800, 9_600, 19_200, 38_400, 76_800]);
    expect(attributionRetryDelay(10)).toBeUndefined();
    const attempts: number[] = [];
    const start = Date.now();
    const result = fetchWithBackoff(() => {
      attempts.push(Date.now() - start);
      return Promise.reject(new Error('unavailable'));
    }, timers);
    await vi.runAllTimersAsync();
    expect(await result).toBeUndefined();
    expect(attempts).toEqual([0, 0, 600, 1_800, 4_200, 9_000, 18_600, 37_800, 76_200, 153_000]);
  });

  it('never waits more than 480,000 ms between attempts', () => {
    for (let failures = 1; failures < 10; failures++) expect(attributionRetryDelay(failures)!).toBeLessThanOrEqual(480_000);
  });

  it('answers the id as soon as an attempt succeeds', async () => {
    let calls = 0;
    const result = fetchWithBackoff(() => (++calls < 3 ? Promise.reject(new Error('no')) : Promise.resolve('1234-5678')), timers);
    await vi.advanceTimersByTimeAsync(599);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toBe('1234-5678');
    expect(calls).toBe(3);
  });
});

function harness(options: { consent?: AnalyticsConsent; online?: boolean; failing?: boolean } = {}) {
  const state = { consent: options.consent ?? 'granted', online: options.online ?? true, failing: options.failing ?? false };
  const sent: { at: number; ids: string[] }[] = [];
  const beacons: string[][] = [];
  const transport: EventTransport = {
    send: (events) => {
      if (state.failing) return Promise.reject(new Error('offline'));
      sent.push({ at: Date.now(), ids: events.map((e) => e.id) });
      return Promise.resolve();
    },
    beacon: (events) => {
      beacons.push(events.map((e) => e.id));
      return true;
    },
  };
  const store = memoryStore();
  const pipe = new EventPipe({ store, transport, timers, consent: () => state.consent, online: () => state.online });
  return { pipe, store, state, sent, beacons };
}

describe('the event pipe', () => {
  it('sends what is recorded together in one batch, at most one request per interval, batches of 50', async () => {
    const { pipe, sent } = harness();
    await pipe.ready();
    for (let i = 0; i < 120; i++) pipe.add(event());
    expect(sent).toEqual([]); // nothing on the path of the call that recorded them
    await vi.advanceTimersByTimeAsync(10 * SEND_INTERVAL_MS);
    expect(sent.map((s) => s.ids.length)).toEqual([50, 50, 20]);
    for (let i = 1; i < sent.length; i++) expect(sent[i]!.at - sent[i - 1]!.at).toBeGreaterThanOrEqual(SEND_INTERVAL_MS);
    expect(new Set(sent.flatMap((s) => s.ids)).size).toBe(120);
    expect(pipe.waiting).toBe(0);
  });

  it('keeps events made offline, in the store, and sends each once when the link returns', async () => {
    const { pipe, store, state, sent } = harness({ online: false });
    await pipe.ready();
    const made = [event(), event(), event()];
    for (const e of made) pipe.add(e);
    await vi.advanceTimersByTimeAsync(5 * SEND_INTERVAL_MS);
    expect(sent).toEqual([]);
    expect((await store.all()).map((e) => e.id)).toEqual(made.map((e) => e.id));
    state.online = true;
    pipe.onlineAgain();
    await vi.advanceTimersByTimeAsync(5 * SEND_INTERVAL_MS);
    expect(sent.flatMap((s) => s.ids)).toEqual(made.map((e) => e.id));
    expect(await store.all()).toEqual([]);
  });

  it('tries a failed batch again at the next interval, without losing or repeating an event', async () => {
    const { pipe, state, sent } = harness({ failing: true });
    await pipe.ready();
    const made = [event(), event()];
    for (const e of made) pipe.add(e);
    await vi.advanceTimersByTimeAsync(3 * SEND_INTERVAL_MS);
    state.failing = false;
    await vi.advanceTimersByTimeAsync(2 * SEND_INTERVAL_MS);
    expect(sent.flatMap((s) => s.ids)).toEqual(made.map((e) => e.id));
  });

  it('sends what a previous page left in the store', async () => {
    const first = harness({ online: false });
    await first.pipe.ready();
    const left = event();
    first.pipe.add(left);
    await vi.advanceTimersByTimeAsync(1);
    const sent: string[] = [];
    const next = new EventPipe({
      store: first.store,
      transport: { send: (events) => (sent.push(...events.map((e) => e.id)), Promise.resolve()), beacon: () => false },
      timers,
      consent: () => 'granted',
      online: () => true,
    });
    await next.ready();
    await vi.advanceTimersByTimeAsync(SEND_INTERVAL_MS);
    expect(sent).toEqual([left.id]);
  });

  it('with analytics refused sends no optional event, but the necessary ones', async () => {
    const { pipe, sent } = harness({ consent: 'denied' });
    await pipe.ready();
    pipe.add(event('pageView'));
    const necessary = event('regulatory');
    pipe.add(necessary);
    await vi.advanceTimersByTimeAsync(2 * SEND_INTERVAL_MS);
    expect(sent.flatMap((s) => s.ids)).toEqual([necessary.id]);
  });

  it('holds optional events until the player chooses: sent when allowed, forgotten when refused', async () => {
    const allowed = harness({ consent: 'unset' });
    await allowed.pipe.ready();
    const early = event();
    allowed.pipe.add(early);
    await vi.advanceTimersByTimeAsync(2 * SEND_INTERVAL_MS);
    expect(allowed.sent).toEqual([]);
    allowed.state.consent = 'granted';
    allowed.pipe.consentChanged();
    await vi.advanceTimersByTimeAsync(2 * SEND_INTERVAL_MS);
    expect(allowed.sent.flatMap((s) => s.ids)).toEqual([early.id]);

    const refused = harness({ consent: 'granted', online: false });
    await refused.pipe.ready();
    refused.pipe.add(event());
    refused.state.consent = 'denied';
    refused.pipe.consentChanged();
    refused.state.online = true;
    refused.pipe.onlineAgain();
    await vi.advanceTimersByTimeAsync(2 * SEND_INTERVAL_MS);
    expect(refused.sent).toEqual([]);
    expect(await refused.store.all()).toEqual([]);
  });

  it('hands what waits to a beacon as the page is hidden, and does not send it again', async () => {
    const { pipe, sent, beacons } = harness();
    await pipe.ready();
    const made = [event(), event()];
    for (const e of made) pipe.add(e);
    pipe.pageHidden();
    expect(beacons).toEqual([made.map((e) => e.id)]);
    await vi.advanceTimersByTimeAsync(2 * SEND_INTERVAL_MS);
    expect(sent).toEqual([]);
  });
});

describe('what a page records before its event module starts', () => {
  type Index = typeof EventsIndex;
  const fresh = async (): Promise<Index> => {
    vi.resetModules();
    return import('../../src/api/events/index');
  };
  const onScreen = (element: Element, top: number) =>
    vi
      .spyOn(element, 'getBoundingClientRect')
      .mockReturnValue({ top, bottom: top + 40, left: 0, right: 200, width: 200, height: 40 } as DOMRect);

  afterEach(() => {
    sessionStorage.clear();
    vi.doUnmock('../../src/api/events/engine');
  });

  it('goes to the tab with a page left early, the exposures of what is half on screen among it, and is sent by the next start once', async () => {
    const first = await fresh();
    const shown = document.createElement('nav');
    const below = document.createElement('section');
    document.body.append(shown, below);
    onScreen(shown, 10);
    onScreen(below, innerHeight + 100);
    first.events.pageView('/sports', 'Home_sports');
    first.events.exposure(shown, 'sports.calendar');
    first.events.exposure(below, 'sports.banner');
    first.events.click('sports.calendar', '2026-11-30');
    dispatchEvent(new Event('pagehide'));

    const left = JSON.parse(sessionStorage.getItem(first.EARLY_EVENTS_KEY) ?? '[]') as { kind: string; featureId?: string }[];
    expect(left.map((event) => `${event.kind}:${event.featureId ?? ''}`)).toEqual([
      'pageView:',
      'exposure:sports.calendar',
      'click:sports.calendar',
    ]);

    // The next page of the tab starts its module: the left events are replayed first, at their own times, then its own.
    const replayed: unknown[][] = [];
    const own: string[] = [];
    vi.doMock('../../src/api/events/engine', () => ({
      startEngine: () => ({
        replay: (early: unknown[]) => replayed.push(early),
        pageView: (pathname: string) => own.push(pathname),
      }),
    }));
    const next = await fresh();
    next.events.pageView('/promo', 'promo');
    await next.startEvents();
    expect(replayed).toHaveLength(1);
    expect((replayed[0] as { kind: string; at: number }[]).map((event) => event.kind)).toEqual(['pageView', 'exposure', 'click']);
    expect((replayed[0] as { at: number }[])[0]!.at).toBe(Date.now());
    expect(own).toEqual(['/promo']);
    expect(sessionStorage.getItem(next.EARLY_EVENTS_KEY)).toBeNull();
    shown.remove();
    below.remove();
  });

  it('leaves nothing behind once the module has started, and forgets an exposure whose element went', async () => {
    vi.doMock('../../src/api/events/engine', () => ({
      startEngine: () => ({ replay: () => undefined, exposure: () => () => undefined }),
    }));
    const index = await fresh();
    const gone = document.createElement('div');
    document.body.append(gone);
    onScreen(gone, 10);
    const stop = index.events.exposure(gone, 'promo.offer');
    stop();
    dispatchEvent(new Event('pagehide'));
    expect(sessionStorage.getItem(index.EARLY_EVENTS_KEY)).toBeNull();
    await index.startEvents();
    index.events.exposure(gone, 'promo.offer');
    dispatchEvent(new Event('pagehide'));
    expect(sessionStorage.getItem(index.EARLY_EVENTS_KEY)).toBeNull();
    gone.remove();
  });
});
