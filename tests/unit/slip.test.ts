import { beforeEach, describe, expect, it } from 'vitest';
import type { SelectionDetail } from '../../src/contract/betting';
import { acceptChanges } from '../../src/features/betslip/place';
import { togglePick } from '../../src/features/betslip/selection';
import { betSlip, isPicked, subscribePicked } from '../../src/features/betslip/store';
import { quickBetAmount, quickStake, rememberLastAmount, rememberQuickStake } from '../../src/stores/quickStake';
import { applyDetails } from '../../src/features/betslip/useOrderRefresh';
import { preferences } from '../../src/stores/preferences';
import { betOrder } from './betOrders';

const order = betOrder('k1:h', 'm1', {
  keyEn: 'Quezon Sharks',
  point: -0.5,
  marketId: 'k1',
  homeName: 'Quezon Sharks',
  awayName: 'Negros Bayani',
});

const detail = (over: Partial<SelectionDetail>): Map<string, SelectionDetail> =>
  new Map([
    [
      'k1:h',
      {
        marketId: 'k1',
        key: 'h',
        price: 1.9,
        status: 'Running',
        point: -0.5,
        point2: null,
        minBet: 10,
        maxBet: 5000,
        found: true,
        ...over,
      },
    ],
  ]);

describe('the slip follows the worker’s selection details (spec §4 Odds Changed)', () => {
  beforeEach(() => {
    betSlip.orders = [{ ...order }];
    betSlip.changes = {};
    preferences.acceptOddsChange = 'none';
  });

  it('asks before taking a new price when the player accepts no change', () => {
    applyDetails(detail({ price: 2.05 }));
    expect(betSlip.orders[0]?.odds).toBe(1.9);
    expect(betSlip.changes['k1:h']).toEqual({ odds: 2.05, point: -0.5 });
    acceptChanges();
    expect(betSlip.orders[0]?.odds).toBe(2.05);
    expect(betSlip.changes).toEqual({});
  });

  it('takes a higher price without asking when the player accepts higher odds, but asks for a lower one', () => {
    preferences.acceptOddsChange = 'higher';
    applyDetails(detail({ price: 2.05 }));
    expect(betSlip.orders[0]?.odds).toBe(2.05);
    applyDetails(detail({ price: 1.8 }));
    expect(betSlip.orders[0]?.odds).toBe(2.05);
    expect(betSlip.changes['k1:h']?.odds).toBe(1.8);
  });

  it('takes any price with "accept any change", and drops a change that went back', () => {
    applyDetails(detail({ price: 1.8 }));
    expect(betSlip.changes['k1:h']).toBeDefined();
    applyDetails(detail({ price: 1.9 }));
    expect(betSlip.changes).toEqual({});
    preferences.acceptOddsChange = 'any';
    applyDetails(detail({ price: 1.7 }));
    expect(betSlip.orders[0]?.odds).toBe(1.7);
  });

  it('marks a suspended or vanished market and follows new stake limits', () => {
    applyDetails(detail({ status: 'Suspend', maxBet: 2000 }));
    expect(betSlip.orders[0]).toMatchObject({ marketStatus: 'Suspend', maxBet: 2000 });
    applyDetails(detail({ found: false, price: 0 }));
    expect(betSlip.orders[0]?.marketStatus).toBe('Closed');
  });
});

describe('quick bet (spec §3 quick_bet_amount, last_amount)', () => {
  beforeEach(() => {
    localStorage.clear();
    betSlip.orders = [];
    betSlip.stakes = {};
    betSlip.mode = 'single';
  });

  it('a new single starts with the quick bet amount, else the last stake placed, else empty', () => {
    expect(quickStake()).toBe(0);
    rememberLastAmount(80);
    expect(quickStake()).toBe(80);
    rememberQuickStake(200);
    expect(quickBetAmount()).toBe(200);
    expect(quickStake()).toBe(200);
    expect(togglePick({ ...order }, 'Running', 1.9)).toEqual({ kind: 'added' });
    expect(betSlip.stakes[order.uid]).toBe(200);
    // Back to 'my last stake'.
    rememberQuickStake(0);
    expect(quickStake()).toBe(80);
  });

  it('a parlay leg takes no stake of its own: the parlay’s combos carry the stakes', () => {
    rememberQuickStake(100);
    betSlip.mode = 'parlay';
    togglePick({ ...order }, 'Running', 1.9);
    expect(betSlip.mode).toBe('parlay');
    expect(betSlip.stakes[order.uid]).toBeUndefined();
  });

  it('stored nonsense or fractions never reach a stake', () => {
    localStorage.setItem('quick_bet_amount', JSON.stringify('lots'));
    localStorage.setItem('last_amount', JSON.stringify(-5));
    expect(quickStake()).toBe(0);
    rememberQuickStake(49.99);
    expect(quickStake()).toBe(49);
  });
});

describe('a price button hears only of its own selection (one slip store)', () => {
  it('is told when its selection comes on or off the slip, not when others do or stakes change', () => {
    betSlip.orders = [];
    const heard: string[] = [];
    const stopA = subscribePicked('k1:h', () => heard.push(`k1:h ${isPicked('k1:h')}`));
    const stopB = subscribePicked('k2:a', () => heard.push(`k2:a ${isPicked('k2:a')}`));
    betSlip.orders = [{ ...order }];
    betSlip.stakes = { 'k1:h': 50 };
    betSlip.orders = [{ ...order }, betOrder('k3:h', 'm3')];
    betSlip.orders = [betOrder('k3:h', 'm3')];
    stopA();
    stopB();
    expect(heard).toEqual(['k1:h true', 'k1:h false']);
  });
});
