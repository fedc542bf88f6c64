import { describe, expect, it } from 'vitest';
import {
  ACCEPTANCE_OF_PARLAY_OPTION,
  DEFAULT_ODDS_ACCEPTANCE,
  ODDS_ACCEPTANCES,
  PARLAY_ODDS_OPTION,
  acceptsPriceChange,
} from '../../src/contract/acceptance';
import { selectionDetailOf } from '../../src/contract/betting';
import type { Market } from '../../src/contract/feed';
import { preferences } from '../../src/stores/preferences';
import { market } from './feedFixtures';

describe('the odds-acceptance rule (one function for the slip, the placement and the server)', () => {
  const seen = { price: 1.24, point: -0.5 };

  it('takes an unchanged price whatever the setting', () => {
    for (const accept of ODDS_ACCEPTANCES) expect(acceptsPriceChange(seen, { ...seen }, accept)).toBe(true);
  });

  it('none asks for every move; higher takes a better price only; any takes every price move', () => {
    const better = { price: 1.25, point: -0.5 };
    const worse = { price: 1.2, point: -0.5 };
    expect([acceptsPriceChange(seen, better, 'none'), acceptsPriceChange(seen, worse, 'none')]).toEqual([false, false]);
    expect([acceptsPriceChange(seen, better, 'higher'), acceptsPriceChange(seen, worse, 'higher')]).toEqual([true, false]);
    expect([acceptsPriceChange(seen, better, 'any'), acceptsPriceChange(seen, worse, 'any')]).toEqual([true, true]);
  });

  it('a moved line is a different bet: it always asks, even with "any"', () => {
    for (const accept of ODDS_ACCEPTANCES) expect(acceptsPriceChange(seen, { price: 1.3, point: -0.75 }, accept)).toBe(false);
    // A market without a line (outrights) compares prices only.
    expect(acceptsPriceChange({ price: 3 }, { price: 3.2, point: null }, 'higher')).toBe(true);
  });

  it('works the same on hundredths (the server) and decimals (the slip)', () => {
    expect(acceptsPriceChange({ price: 124 }, { price: 125 }, 'higher')).toBe(
      acceptsPriceChange({ price: 1.24 }, { price: 1.25 }, 'higher'),
    );
  });

  it('parlay_odds_option maps both ways', () => {
    for (const accept of ODDS_ACCEPTANCES) expect(ACCEPTANCE_OF_PARLAY_OPTION[PARLAY_ODDS_OPTION[accept]]).toBe(accept);
  });

  it('a new player accepts better odds until they choose otherwise', () => {
    expect(DEFAULT_ODDS_ACCEPTANCE).toBe('higher');
    expect(preferences.acceptOddsChange).toBe('higher');
  });
});

describe('a selection’s detail from the live market (what the slip shows beside the row)', () => {
  /** Home at 1.25; away without a price (1). */
  const handicap = (over: Partial<Market> = {}) =>
    market('k1', 'm1', 1.25, true, {
      maxBet: 5_000,
      selections: [
        { key: 'h', keyEn: 'Home', price: 1.25 },
        { key: 'a', keyEn: 'Away', price: 1 },
      ],
      ...over,
    });
  const running = { eventStatus: 'running', runningStatus: '0' } as const;

  it('carries the row’s price, line and limits', () => {
    expect(selectionDetailOf(handicap(), 'h', running)).toEqual({
      marketId: 'k1',
      key: 'h',
      price: 1.25,
      status: 'Running',
      point: -0.5,
      point2: null,
      minBet: 10,
      maxBet: 5_000,
      found: true,
    });
  });

  it('closes what cannot be bet: no price, a suspended market, a finished match; knows nothing of an unknown side', () => {
    expect(selectionDetailOf(handicap(), 'a', running)).toMatchObject({ status: 'ClosedPrice', price: 0 });
    expect(selectionDetailOf(handicap({ status: 'Suspend' }), 'h', running)).toMatchObject({ status: 'Suspend', price: 0 });
    expect(selectionDetailOf(handicap(), 'h', { eventStatus: 'running', runningStatus: '2' })).toMatchObject({
      status: 'Closed',
      price: 0,
    });
    expect(selectionDetailOf(handicap(), 'x', running)).toBeUndefined();
    expect(selectionDetailOf(handicap(), 'h', undefined)).toBeUndefined();
  });
});
