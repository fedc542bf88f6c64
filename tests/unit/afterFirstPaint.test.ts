import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as AfterFirstPaint from '../../src/app/afterFirstPaint';

/**
 * What no first screen needs (the service worker, the other areas' strings, a signed-in player's
 * watchers) waits for the first page to settle: src/app/afterFirstPaint.ts.
 */
type Module = typeof AfterFirstPaint;

/** The browser's Long Tasks API, driven by the test: `longTask()` reports one. */
let observers: (() => void)[] = [];
class FakeObserver {
  static supportedEntryTypes = ['longtask'];
  constructor(private readonly callback: () => void) {}
  observe() {
    observers.push(this.callback);
  }
  disconnect() {
    observers = observers.filter((callback) => callback !== this.callback);
  }
}
const longTask = () => observers.forEach((callback) => callback());

async function fresh(): Promise<{ module: Module; settled: () => boolean }> {
  vi.resetModules();
  const module = await import('../../src/app/afterFirstPaint');
  let done = false;
  void module.afterFirstPaint().then(() => (done = true));
  module.markPageShown();
  return { module, settled: () => done };
}

beforeEach(() => {
  vi.useFakeTimers();
  observers = [];
  vi.stubGlobal('PerformanceObserver', FakeObserver);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterFirstPaint', () => {
  it('waits until the page shown has gone QUIET_MS without a long task', async () => {
    const { module, settled } = await fresh();
    await vi.advanceTimersByTimeAsync(module.QUIET_MS - 100);
    expect(settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(400);
    expect(settled()).toBe(true);
  });

  it('starts the quiet wait again after each long task, up to QUIET_MAX_MS', async () => {
    const { module, settled } = await fresh();
    await vi.advanceTimersByTimeAsync(module.QUIET_MS - 200);
    longTask();
    await vi.advanceTimersByTimeAsync(module.QUIET_MS - 200);
    expect(settled()).toBe(false);
    // A page busy all along: it goes at the latest.
    for (let elapsed = 2 * (module.QUIET_MS - 200); elapsed < module.QUIET_MAX_MS - 500; elapsed += 500) {
      longTask();
      await vi.advanceTimersByTimeAsync(500);
    }
    expect(settled()).toBe(false);
    longTask();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(settled()).toBe(true);
  });

  it('goes at once when the player moves on to another page', async () => {
    const { module, settled } = await fresh();
    await vi.advanceTimersByTimeAsync(100);
    expect(settled()).toBe(false);
    module.hurryAfterFirstPaint();
    await vi.advanceTimersByTimeAsync(300);
    expect(settled()).toBe(true);
  });

  it('does not wait for a page that is never shown beyond 10 s', async () => {
    vi.resetModules();
    const module = await import('../../src/app/afterFirstPaint');
    let done = false;
    void module.afterFirstPaint().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(10_000 + module.QUIET_MS - 500);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(done).toBe(true);
  });
});
