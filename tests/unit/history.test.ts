import { describe, expect, it } from 'vitest';
import { type HistoryEntry, type HistorySource, mergeHistory } from '../../src/app/pages/history';

/**
 * /my-history's timeline of three paged sources (sports bets, casino rounds, wallet bills): newest first,
 * and never an entry shown above one a source has not loaded yet.
 */
const entry = (kind: HistoryEntry['kind'], at: number): HistoryEntry => ({ key: `${kind}-${at}`, kind, at });
const source = (entries: HistoryEntry[], more: boolean, oldest = entries.at(-1)?.at): HistorySource<HistoryEntry> => ({
  entries,
  more,
  oldest,
});

describe('mergeHistory', () => {
  it('merges every source newest first when all are loaded to their end', () => {
    const merged = mergeHistory([
      source([entry('sports', 90), entry('sports', 10)], false),
      source([entry('casino', 50)], false),
      source([], false),
    ]);
    expect(merged.entries.map((e) => e.key)).toEqual(['sports-90', 'casino-50', 'sports-10']);
    expect(merged.next).toEqual([]);
  });

  it('shows nothing older than what a source with more pages has loaded, and asks that source next', () => {
    const sports = source([entry('sports', 100), entry('sports', 80)], true);
    const casino = source([entry('casino', 95), entry('casino', 40), entry('casino', 20)], true);
    const wallet = source([entry('wallet', 60)], false);
    const merged = mergeHistory([sports, casino, wallet]);
    // Sports has more below 80: casino 40 and wallet 60 might have a sports bet between them and 80.
    expect(merged.entries.map((e) => e.key)).toEqual(['sports-100', 'casino-95', 'sports-80']);
    expect(merged.next).toEqual([0]);
  });

  it('counts rows the timeline filtered out (oldest) and waits for a source not loaded yet', () => {
    expect(mergeHistory([source([entry('sports', 5)], false), source([], true, undefined)]).entries).toEqual([]);
    // A page of the wallet that was all bet bills (not shown) still moves its boundary.
    const merged = mergeHistory([source([entry('sports', 50), entry('sports', 5)], false), source([], true, 30)]);
    expect(merged.entries.map((e) => e.key)).toEqual(['sports-50']);
    expect(merged.next).toEqual([1]);
  });
});
