import { describe, expect, it } from 'vitest';
import type { Match } from '../../src/contract/feed';
import { inListMode, inListView } from '../../src/contract/lists';
import { SportTypeId } from '../../src/contract/sports';
import { manilaDay } from '../../src/lib/dates';
import { createFeedSimulator } from '../../server/providers/feed/simulator';

/** 10:00 in Manila on a Sunday. */
const START = Date.parse('2025-06-01T02:00:00Z');
const TODAY = '2025-06-01';

const match = (over: Partial<Match>): Pick<Match, 'eventStatus' | 'runningStatus' | 'kickoff' | 'sportTypeId'> => ({
  eventStatus: 'running',
  runningStatus: '1',
  kickoff: '2025-06-01T10:00:00Z', // 18:00 in Manila, today
  sportTypeId: SportTypeId.Football,
  ...over,
});

describe('which match belongs in which list (src/contract/lists.ts)', () => {
  it('puts a match in play in live, one not started in today or early by its Manila kick-off day', () => {
    expect(inListMode(match({ runningStatus: '0' }), 'live', TODAY)).toBe(true);
    expect(inListMode(match({ runningStatus: '0' }), 'today', TODAY)).toBe(false);
    expect(inListMode(match({}), 'today', TODAY)).toBe(true);
    expect(inListMode(match({}), 'live', TODAY)).toBe(false);
    // 17:00 UTC on the 1st is 01:00 on the 2nd in Manila: early, not today.
    const tomorrow = match({ kickoff: '2025-06-01T17:00:00Z' });
    expect(inListMode(tomorrow, 'today', TODAY)).toBe(false);
    expect(inListMode(tomorrow, 'early', TODAY)).toBe(true);
    expect(inListMode(tomorrow, 'early', TODAY, '2025-06-02')).toBe(true);
    expect(inListMode(tomorrow, 'early', TODAY, '2025-06-03')).toBe(false);
  });

  it('keeps finished, closed, postponed and deleted matches out of every list', () => {
    for (const gone of [
      match({ runningStatus: '2' }),
      match({ eventStatus: 'closed', runningStatus: '1' }),
      match({ eventStatus: 'closed', runningStatus: '0' }),
      match({ eventStatus: 'postponed' }),
      match({ eventStatus: 'deleted', runningStatus: '0' }),
    ]) {
      for (const mode of ['live', 'today', 'early'] as const) expect(inListMode(gone, mode, TODAY)).toBe(false);
    }
  });

  it('gives a list view only its own sport', () => {
    expect(inListView(match({}), { sportTypeId: SportTypeId.Football, mode: 'today' }, TODAY)).toBe(true);
    expect(inListView(match({}), { sportTypeId: SportTypeId.Basketball, mode: 'today' }, TODAY)).toBe(false);
  });

  it('is the rule the feed lists by: every match of its snapshots is in the view the worker and the first rows draw', () => {
    const feed = createFeedSimulator({ seed: 7, now: () => START, matchesPerSport: 16 });
    const today = manilaDay(START);
    for (const sportTypeId of [SportTypeId.Football, SportTypeId.Basketball]) {
      const seen = new Set<string>();
      for (const mode of ['live', 'today', 'early'] as const) {
        const { matches } = feed.listSnapshot(sportTypeId, mode);
        expect(matches.length).toBeGreaterThan(0);
        for (const m of matches) {
          expect(inListView(m, { sportTypeId, mode }, today)).toBe(true);
          // One list each.
          expect(seen.has(m.matchId)).toBe(false);
          seen.add(m.matchId);
        }
      }
      // The sport switch counts the same lists.
      const count = feed.sportCounts().find((c) => c.sportTypeId === sportTypeId)!;
      expect([count.live, count.today, count.early]).toEqual(
        (['live', 'today', 'early'] as const).map((mode) => feed.listSnapshot(sportTypeId, mode).matches.length),
      );
    }
  });
});
