import { afterEach, describe, expect, it, vi } from 'vitest';
import { idleRule } from '../../server/modules/auth/idle';
import { nextBatch, watchSessions } from '../../server/realtime/sessionWatch';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;

/** A session as the database keeps it, driven by calls at chosen times on a fake clock. */
function session(idleMs: number, start = 0, maxMs = 7 * 24 * 60 * MINUTE) {
  const row = { lastSeenAt: new Date(start), expiresAt: new Date(start + maxMs) };
  let writes = 0;
  return {
    /** One API call at `at`: what the player sees (alive or logged out), last-seen written as the rule says. */
    call(at: number): 'alive' | 'ended' {
      const state = idleRule({ idleMs }, row, at);
      if (state === 'ended') return 'ended';
      if (state === 'touch') {
        row.lastSeenAt = new Date(at);
        writes += 1;
      }
      return 'alive';
    },
    writes: () => writes,
  };
}

describe('idle expiry', () => {
  it('keeps a player calling every 20 s alive for minutes under a 30 s idle limit, and ends it after 31 s of silence', () => {
    const idleMs = 0.5 * MINUTE; // SESSION_IDLE_MINUTES=0.5
    const player = session(idleMs);
    for (let at = 20 * SECOND; at <= 10 * MINUTE; at += 20 * SECOND) expect(player.call(at)).toBe('alive');
    expect(player.call(10 * MINUTE + 31 * SECOND)).toBe('ended');
  });

  it('keeps a player alive whose calls come just inside the limit, whatever the limit', () => {
    for (const idleMs of [10 * SECOND, 30 * SECOND, 5 * MINUTE, 2 * 60 * MINUTE]) {
      const player = session(idleMs);
      const every = idleMs - 1;
      for (let call = 1; call <= 50; call += 1) expect(player.call(call * every)).toBe('alive');
      expect(player.call(50 * every + idleMs)).toBe('ended');
    }
  });

  it('ends a session no earlier than nine tenths of the limit after the last call, however busy it was', () => {
    const idleMs = 30 * SECOND;
    const player = session(idleMs);
    for (let at = 0; at <= 2 * MINUTE; at += 100) player.call(at);
    expect(player.call(2 * MINUTE + 0.9 * idleMs - 1)).toBe('alive');
    expect(session(idleMs).call(idleMs)).toBe('ended');
  });

  it('writes last-seen at most once a minute under the default two-hour limit, not on every call', () => {
    const player = session(2 * 60 * MINUTE);
    for (let at = 0; at <= 10 * MINUTE; at += SECOND) player.call(at);
    expect(player.writes()).toBe(10);
  });

  it('ends a session at its absolute lifetime, however active', () => {
    const player = session(30 * SECOND, 0, 5 * MINUTE);
    for (let at = 10 * SECOND; at < 5 * MINUTE; at += 10 * SECOND) expect(player.call(at)).toBe('alive');
    expect(player.call(5 * MINUTE)).toBe('ended');
  });
});

describe('re-check of the sessions behind open sockets', () => {
  afterEach(() => vi.useRealTimers());

  it('takes the sessions in turns, a batch at a time, wrapping around', () => {
    expect(nextBatch([5, 1, 3], 0, 10)).toEqual([1, 3, 5]);
    expect(nextBatch([1, 2, 3, 4, 5], 0, 2)).toEqual([1, 2]);
    expect(nextBatch([1, 2, 3, 4, 5], 2, 2)).toEqual([3, 4]);
    expect(nextBatch([1, 2, 3, 4, 5], 4, 2)).toEqual([5, 1]);
    expect(nextBatch([], 4, 2)).toEqual([]);
  });

  it('asks once per round for all open sessions and ends the sockets of those that ended, with their reason', async () => {
    vi.useFakeTimers();
    const lookups: number[][] = [];
    const endings: { sessionIds: number[]; code: string }[] = [];
    let open = [11, 12, 13];
    const watch = watchSessions({
      broker: {
        openSessions: () => open,
        endSessions: (sessionIds, notice) => endings.push({ sessionIds: [...sessionIds], code: notice.code }),
      },
      ended: async (sessionIds) => {
        lookups.push([...sessionIds]);
        return sessionIds.includes(12) ? [{ sessionId: 12, reason: 'expired' }] : [];
      },
      notice: (reason) => ({ code: reason, message: reason }),
      everyMs: 1_000,
      batch: 100,
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(lookups).toEqual([[11, 12, 13]]);
    expect(endings).toEqual([{ sessionIds: [12], code: 'expired' }]);

    open = [];
    await vi.advanceTimersByTimeAsync(5_000);
    expect(lookups).toHaveLength(1); // no sockets, no query
    await watch.stop();
  });
});
