import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fingerprintWithRetry } from '../../src/api/events/fingerprint';
import { DEVICE_FINGERPRINT } from '../../src/contract/constants';
import { timers } from '../../src/lib/timers';

/**
 * The device fingerprint's schedule of spec §9 on a fake clock: each attempt is given 2 s, a failed or
 * silent one is tried again 1 s later, twice, and then the page goes on without a fingerprint.
 */

beforeEach(() => vi.useFakeTimers({ now: Date.parse('2026-11-27T08:00:00Z') }));
afterEach(() => vi.useRealTimers());

describe('the device fingerprint (spec §9: 2 s timeout, 2 retries 1 s apart)', () => {
  it('is the spec’s schedule', () => {
    expect(DEVICE_FINGERPRINT).toEqual({ timeoutMs: 2_000, retries: 2, retryDelayMs: 1_000 });
  });

  it('gives up on an attempt that does not answer within 2 s, tries again 1 s later, three attempts in all', async () => {
    const start = Date.now();
    const attempts: number[] = [];
    const result = fingerprintWithRetry(() => {
      attempts.push(Date.now() - start);
      return new Promise<string>(() => undefined); // never answers
    }, timers);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(attempts).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempts).toEqual([0]); // timed out at 2 s; the retry waits 1 s
    await vi.advanceTimersByTimeAsync(1_000);
    expect(attempts).toEqual([0, 3_000]);
    await vi.runAllTimersAsync();
    expect(attempts).toEqual([0, 3_000, 6_000]);
    expect(await result).toBeUndefined();
    expect(Date.now() - start).toBe(8_000);
  });

  it('tries a failing attempt again 1 s after it failed', async () => {
    const start = Date.now();
    const attempts: number[] = [];
    const result = fingerprintWithRetry(() => {
      attempts.push(Date.now() - start);
      return attempts.length < 3
        ? new Promise<string>((_, reject) => timers.setTimeout(() => reject(new Error('canvas blocked')), 500))
        : Promise.resolve('0123456789abcdef0123456789abcdef');
    }, timers);
    await vi.runAllTimersAsync();
    expect(await result).toBe('0123456789abcdef0123456789abcdef');
    expect(attempts).toEqual([0, 1_500, 3_000]);
  });

  it('answers at once when the first attempt does, and leaves no timer behind', async () => {
    const result = await fingerprintWithRetry(() => Promise.resolve('ffffffffffffffffffffffffffffffff'), timers);
    expect(result).toBe('ffffffffffffffffffffffffffffffff');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('takes a late answer from a timed-out attempt as nothing', async () => {
    let calls = 0;
    const result = fingerprintWithRetry(() => {
      calls++;
      return new Promise<string>((resolve) =>
        timers.setTimeout(() => resolve('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'), calls === 1 ? 2_500 : 100),
      );
    }, timers);
    await vi.runAllTimersAsync();
    expect(calls).toBe(2);
    expect(await result).toBe('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa');
  });
});
