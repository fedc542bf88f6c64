import { describe, expect, it } from 'vitest';
import type { Delta } from '../../src/contract/feed';
import { RecentDeltas } from '../../server/realtime/recentDeltas';

const delta = (seq: number, ts: number, changes: Delta['changes'] = []): Delta => ({ seq, ts, changes });
const price = (marketId: string, value: number) => ({ t: 'price', marketId, key: 'h', price: value }) as const;

describe('the recent deltas of the list destinations', () => {
  it('answers what followed a seq as one merged delta, the newest price of each selection', () => {
    const recent = new RecentDeltas();
    recent.add('/topic/sport/1', delta(1, 1_000, [price('k1', 1.9)]));
    recent.add('/topic/sport/1', delta(2, 1_100, [price('k1', 2.0), price('k2', 3.0)]));
    recent.add('/topic/sport/1', delta(3, 1_200, [price('k1', 2.1)]));
    const followed = recent.since('/topic/sport/1', 1);
    expect(followed).toMatchObject({ from: 2, seq: 3, ts: 1_200 });
    expect(followed?.changes).toEqual([price('k2', 3.0), price('k1', 2.1)]);
    // Nothing followed the last one; another destination has nothing.
    expect(recent.since('/topic/sport/1', 3)).toBeUndefined();
    expect(recent.since('/topic/sport/2', 0)).toBeUndefined();
  });

  it('answers nothing once the first delta after the seq is no longer kept (the subscriber falls back on the gap rule)', () => {
    const recent = new RecentDeltas(5_000, 3);
    for (let seq = 1; seq <= 5; seq++) recent.add('/topic/sport/1', delta(seq, seq * 100));
    // 1 and 2 went (three kept): what followed 1 is no longer whole, what followed 2 is.
    expect(recent.since('/topic/sport/1', 1)).toBeUndefined();
    expect(recent.since('/topic/sport/1', 2)).toMatchObject({ from: 3, seq: 5 });
    // Too old: a delta KEEP_MS older than the newest goes.
    recent.add('/topic/sport/1', delta(6, 10_000));
    expect(recent.since('/topic/sport/1', 5)).toMatchObject({ from: 6, seq: 6 });
    expect(recent.since('/topic/sport/1', 4)).toBeUndefined();
  });

  it('keeps the lists only (a match page fetches its snapshot), and starts again when the feed numbers afresh', () => {
    const recent = new RecentDeltas();
    recent.add('/topic/match/42', delta(1, 1_000));
    recent.add('/topic/match/42', delta(2, 1_000));
    expect(recent.since('/topic/match/42', 1)).toBeUndefined();
    recent.add('/topic/sport/1', delta(7, 1_000));
    recent.add('/topic/sport/1', delta(8, 1_000));
    recent.add('/topic/sport/1', delta(1, 2_000));
    expect(recent.since('/topic/sport/1', 7)).toBeUndefined();
    expect(recent.since('/topic/sport/1', 0)).toMatchObject({ from: 1, seq: 1 });
  });
});
