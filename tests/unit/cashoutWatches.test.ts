import { describe, expect, it } from 'vitest';
import { cashoutValue } from '../../src/contract/cashout';
import type { Market, Match } from '../../src/contract/feed';
import type { CashoutTicketWatch, CashoutValue } from '../../src/contract/realtime';
import { MarketStatus } from '../../src/contract/sports';
import { CashoutWatches } from '../../workers/realtime/cashout';

/**
 * The worker's live cash-out values (issue 38): priced from the store the deltas keep, sent only for
 * tickets whose value changed, paused while a market is suspended or its line moved, and the shared
 * formula's rounding (floored to the centavo; a part from the exact fraction).
 */

const match = (matchId: string) => ({ matchId, eventStatus: 'running', runningStatus: '0' }) as Match;
const market = (marketId: string, matchId: string, price: number, status: MarketStatus = MarketStatus.Running) =>
  ({ marketId, matchId, point: 0.5, status, selections: [{ key: 'h', keyEn: 'Home', price }] }) as unknown as Market;

function setup() {
  const markets = new Map<string, Market>([
    ['m1', market('m1', 'x1', 2)],
    ['m2', market('m2', 'x2', 1.5)],
  ]);
  const matches = new Map<string, Match>([
    ['x1', match('x1')],
    ['x2', match('x2')],
  ]);
  const watches = new CashoutWatches({ markets, matches });
  const heard: CashoutValue[][] = [];
  const leg = (marketId: string, matchId: string, oddsH: number) => ({
    marketId,
    matchId,
    key: 'h',
    point: 0.5,
    oddsH,
    outcome: 'running' as const,
  });
  const single: CashoutTicketWatch = { transId: 's', stake: 10_000, marginBp: 500, legs: [leg('m1', 'x1', 200)], combos: [] };
  const parlay: CashoutTicketWatch = {
    transId: 'p',
    stake: 5_000,
    marginBp: 500,
    legs: [leg('m1', 'x1', 200), leg('m2', 'x2', 150)],
    combos: [{ size: 2, stake: 5_000 }],
  };
  return { markets, watches, heard, single, parlay };
}

describe('the worker’s cash-out values', () => {
  it('sends what it can price at once, then only the tickets a moved market touches, and only when their value changed', () => {
    const { markets, watches, heard, single, parlay } = setup();
    expect(watches.watch(1, 'tab', [single, parlay], (values) => heard.push(values))).toEqual(['x1', 'x2']);
    expect(heard).toEqual([
      [
        { transId: 's', value: 9_500 },
        { transId: 'p', value: 4_750 },
      ],
    ]);
    markets.set('m2', market('m2', 'x2', 3));
    watches.feedChanged(new Set(['m2']));
    // Only the parlay has a leg there: 5000 × 2/2 × 1.5/3 × 0.95.
    expect(heard[1]).toEqual([{ transId: 'p', value: 2_375 }]);
    watches.feedChanged(new Set(['m2']));
    expect(heard).toHaveLength(2);
    markets.set('m1', market('m1', 'x1', 2, MarketStatus.Suspend));
    watches.feedChanged(new Set(['m1']));
    expect(heard[2]).toEqual([
      { transId: 's', value: null },
      { transId: 'p', value: null },
    ]);
    markets.set('m1', { ...market('m1', 'x1', 2), point: 1 } as Market);
    watches.feedChanged(new Set(['m1']));
    expect(heard).toHaveLength(3);
    expect(watches.unwatch(1)?.matchIds).toEqual(['x1', 'x2']);
    watches.feedChanged(new Set(['m1', 'm2']));
    expect(heard).toHaveLength(3);
  });

  it('floors the value to the centavo, and a part from the exact fraction', () => {
    const legs = [{ oddsH: 173, outcome: 'running' as const, currentH: 271 }];
    // 10000 × 1.73 / 2.71 × 0.95 = 6064.57…
    expect(cashoutValue({ stake: 10_000, legs, combos: [] }, 500)).toBe(6_064);
    // Half: 3032.28… → 3032 (not half of the floored 6064 = 3032 by luck: check an odd part too).
    expect(cashoutValue({ stake: 10_000, legs, combos: [] }, 500, 3_333)).toBe(
      Math.floor((10_000 * 173 * 9_500 * 3_333) / (271 * 10_000 * 10_000)),
    );
    expect(cashoutValue({ stake: 10_000, legs: [{ ...legs[0]!, currentH: null }], combos: [] }, 500)).toBeNull();
    // Won legs at their own odds, void at 1.00, a lost leg: nothing.
    const won = { oddsH: 180, outcome: 'won' as const, currentH: null };
    const voided = { oddsH: 250, outcome: 'void' as const, currentH: null };
    expect(cashoutValue({ stake: 1_000, legs: [won, voided], combos: [{ size: 2, stake: 1_000 }] }, 0)).toBe(1_800);
    expect(cashoutValue({ stake: 1_000, legs: [won, { ...won, outcome: 'lost' }], combos: [{ size: 2, stake: 1_000 }] }, 0)).toBe(0);
  });
});
