import { describe, expect, it } from 'vitest';
import {
  availableCombos,
  betReturn,
  combinationCount,
  combinations,
  comboName,
  comboSize,
  normalizeStake,
  oddsHundredths,
  parlayPotentialReturn,
  parlayStatus,
  parlayTotalStake,
} from '../../src/contract/betting';
import { OddsType } from '../../src/contract/sports';
import { betOrder as order } from './betOrders';
import { modeAfterPick, ordersForMode, pickProblem, type Problem, type SlipCheck, slipProblem } from '../../src/features/betslip/rules';
import { en as enShell } from '../../src/i18n/en';
import { enAreas } from '../../src/i18n/en.areas';

import { convertOdds, toDecimal } from '../../src/lib/odds';

/** Every English string: the shell's and the areas' (loaded after the first paint). */
const en = { ...enShell, ...enAreas };

/** The message a player reads for a problem, in English. */
function say(problem: Problem | null): string | null {
  if (!problem) return null;
  const [group, name] = problem.key.split('.') as ['slip', keyof typeof en.slip];
  let text = String(en[group][name]);
  for (const [key, value] of Object.entries(problem.values ?? {})) text = text.replace(`{{${key}}}`, String(value));
  return text;
}

function check(overrides: Partial<SlipCheck>): SlipCheck {
  return {
    mode: 'single',
    loggedIn: true,
    firstDeposit: true,
    orders: [],
    stakes: {},
    comboStakes: {},
    endingGameStake: 0,
    unacceptedChanges: [],
    ...overrides,
  };
}

describe('slip validations (spec §5), in the words the player reads', () => {
  it('needs a login', () => {
    expect(say(slipProblem(check({ loggedIn: false, orders: [order('a', 'm1')] })))).toBe('login please');
  });

  it('refuses a market that is not running, on the pick and on the slip', () => {
    expect(say(pickProblem([], 'single', { status: 'Suspend', price: 1.9, matchId: 'm1' }))).toBe('Market Suspend');
    expect(say(pickProblem([], 'single', { status: 'Running', price: 0, matchId: 'm1' }))).toBe('Market ClosedPrice');
    const problem = slipProblem(check({ orders: [order('a', 'm1', { marketStatus: 'Closed' })], stakes: { a: 50 } }));
    expect(say(problem)).toBe('Market Closed');
    expect(problem?.uids).toEqual(['a']);
  });

  it('allows one bet type per match in a parlay, at most 20 matches, at least 2 legs', () => {
    const same = slipProblem(check({ mode: 'parlay', orders: [order('a', 'm1'), order('b', 'm1')], comboStakes: { Doubles: 10 } }));
    expect(say(same)).toBe('Only 1 bet type can be chosen for the same match.');
    expect(same?.uids).toEqual(['a', 'b']);

    const twenty = Array.from({ length: 20 }, (_, i) => order(`o${i}`, `m${i}`));
    expect(say(pickProblem(twenty, 'parlay', { status: 'Running', price: 1.9, matchId: 'm99' }))).toBe(
      'You can choose a maximum of 20 matches.',
    );
    // The 21st pick of a match already in the parlay is not a new match.
    expect(pickProblem(twenty, 'parlay', { status: 'Running', price: 1.9, matchId: 'm3' })).toBeNull();
    const many = Array.from({ length: 21 }, (_, i) => order(`o${i}`, `m${i}`));
    expect(say(slipProblem(check({ mode: 'parlay', orders: many, comboStakes: { Doubles: 10 } })))).toBe(
      'You can choose a maximum of 20 matches.',
    );

    expect(say(slipProblem(check({ mode: 'parlay', orders: [order('a', 'm1')], comboStakes: { Doubles: 10 } })))).toBe(
      'Parlay bet must combine more than 1 bets',
    );
    expect(say(slipProblem(check({ mode: 'parlay', orders: [order('a', 'm1'), order('b', 'm2')], comboStakes: { Trebles: 10 } })))).toBe(
      'Parlay bet must combine more than 2 bets',
    );
  });

  it("says which legs can't make a combo", () => {
    const problem = slipProblem(
      check({ mode: 'parlay', orders: [order('a', 'm1'), order('b', 'm2', { combo: 0 })], comboStakes: { Doubles: 10 } }),
    );
    expect(say(problem)).toBe("The selected bet type can't create a Doubles, please try to modify and bet");
    expect(problem?.uids).toEqual(['b']);
  });

  it('allows at most 10 ending-game options, and only after a first deposit', () => {
    const ten = Array.from({ length: 10 }, (_, i) => order(`o${i}`, `m${i}`));
    expect(say(pickProblem(ten, 'endingGame', { status: 'Running', price: 1.9, matchId: 'm10' }))).toBe('No more than 10 options');
    expect(say(slipProblem(check({ mode: 'endingGame', firstDeposit: false, orders: ten, endingGameStake: 20 })))).toBe(
      'This type of gameplay requires completing the first deposit.',
    );
    expect(slipProblem(check({ mode: 'endingGame', orders: ten, endingGameStake: 20 }))).toBeNull();
  });

  it('needs a stake within the market’s limits', () => {
    const a = order('a', 'm1');
    expect(say(slipProblem(check({ orders: [a] })))).toBe('Enter a stake.');
    expect(say(slipProblem(check({ orders: [a], stakes: { a: 5 } })))).toBe('Stake must be between ₱10 and ₱5000.');
    expect(say(slipProblem(check({ orders: [a], stakes: { a: 5001 } })))).toBe('Stake must be between ₱10 and ₱5000.');
    expect(slipProblem(check({ orders: [a], stakes: { a: 10.99 } }))).toBeNull();
  });

  it('asks the player to accept changed odds first', () => {
    expect(say(slipProblem(check({ orders: [order('a', 'm1')], stakes: { a: 50 }, unacceptedChanges: ['a'] })))).toBe('Odds Changed');
  });

  it('rounds stakes down and caps them at 999,999', () => {
    expect(normalizeStake(10.99)).toBe(10);
    expect(normalizeStake(2_000_000)).toBe(999_999);
    expect(normalizeStake(-5)).toBe(0);
    expect(normalizeStake(Number.NaN)).toBe(0);
  });

  it('keeps outright and player picks in their own modes', () => {
    const outright = order('o', '', { outrightOddsId: 'OR1', teamId: 't1' });
    const player = order('p', 'm1', { playerId: 'pl1' });
    const plain = order('a', 'm2');
    expect(modeAfterPick('parlay', outright)).toBe('outright');
    expect(modeAfterPick('outright', plain)).toBe('single');
    expect(modeAfterPick('parlay', plain)).toBe('parlay');
    expect(modeAfterPick('single', player)).toBe('player');
    expect(ordersForMode([outright, player, plain], 'parlay').map((o) => o.uid)).toEqual(['a']);
    expect(ordersForMode([outright, player, plain], 'outright').map((o) => o.uid)).toEqual(['o']);
  });
});

describe('combos', () => {
  it('names 2 legs Doubles, 3 Trebles, then Fold4 … Fold20, and reads the names back', () => {
    expect(comboName(2)).toBe('Doubles');
    expect(comboName(3)).toBe('Trebles');
    for (let n = 4; n <= 20; n++) {
      expect(comboName(n)).toBe(`Fold${n}`);
      expect(comboSize(comboName(n))).toBe(n);
    }
    expect(comboSize('Doubles')).toBe(2);
    expect(comboSize('Fold21')).toBeUndefined();
    expect(comboSize('Trixie')).toBeUndefined();
  });

  it('offers every combo from Doubles to Fold{n}, each with C(n, k) bets, for 2..20 legs', () => {
    for (let legs = 2; legs <= 20; legs++) {
      const combos = availableCombos(legs);
      expect(combos.map((c) => c.size)).toEqual(Array.from({ length: legs - 1 }, (_, i) => i + 2));
      // Σ C(n, k) for k = 2..n is 2^n − n − 1.
      expect(combos.reduce((sum, c) => sum + c.bets, 0)).toBe(2 ** legs - legs - 1);
    }
    expect(combinationCount(4, 2)).toBe(6);
    expect(combinations(4, 3)).toEqual([
      [0, 1, 2],
      [0, 1, 3],
      [0, 2, 3],
      [1, 2, 3],
    ]);
    expect(combinations(20, 10)).toHaveLength(184_756);
  });
});

describe('returns and settlement, in whole centavos', () => {
  it('pays a single by its outcome: won, lost, void, half won, half lost', () => {
    const stake = 10_000; // ₱100.00 at 1.95
    const o = oddsHundredths(1.95);
    expect(betReturn(stake, [{ oddsH: o, outcome: 'won' }])).toBe(19_500);
    expect(betReturn(stake, [{ oddsH: o, outcome: 'lost' }])).toBe(0);
    expect(betReturn(stake, [{ oddsH: o, outcome: 'void' }])).toBe(10_000);
    // Half the stake at 1.95, half refunded.
    expect(betReturn(stake, [{ oddsH: o, outcome: 'halfWon' }])).toBe(14_750);
    expect(betReturn(stake, [{ oddsH: o, outcome: 'halfLost' }])).toBe(5_000);
  });

  it('multiplies a parlay over its legs, a void leg counting 1 and half outcomes by half', () => {
    const legs = [
      { oddsH: 190, outcome: 'won' as const },
      { oddsH: 210, outcome: 'void' as const },
      { oddsH: 180, outcome: 'halfWon' as const },
      { oddsH: 200, outcome: 'halfLost' as const },
    ];
    // 1.90 × 1 × (1 + 1.80) / 2 × 0.5 = 1.33 → ₱133.00 on ₱100.
    expect(betReturn(10_000, legs)).toBe(13_300);
    expect(betReturn(10_000, [...legs, { oddsH: 300, outcome: 'lost' }])).toBe(0);
    // Floored to the centavo, never rounded up: ₱0.33 × 1.95 × 1.95 = 1.254825.
    expect(
      betReturn(33, [
        { oddsH: 195, outcome: 'won' },
        { oddsH: 195, outcome: 'won' },
      ]),
    ).toBe(125);
  });

  it('prices a 4-leg slip of Doubles + Trebles + Fold4', () => {
    const odds = [200, 200, 200, 200];
    const combos = [
      { size: 2, stakeCentavos: 1_000 },
      { size: 3, stakeCentavos: 1_000 },
      { size: 4, stakeCentavos: 1_000 },
    ];
    expect(parlayTotalStake(4, combos)).toBe(11_000);
    // 6 doubles × ₱40 + 4 trebles × ₱80 + 1 fold × ₱160.
    expect(parlayPotentialReturn(odds, combos)).toBe(6 * 4_000 + 4 * 8_000 + 16_000);
    expect(parlayStatus(11_000, 0)).toBe('lost');
    expect(parlayStatus(11_000, 11_000)).toBe('void');
    expect(parlayStatus(11_000, 40_000)).toBe('won');
    expect(parlayStatus(11_000, 4_000)).toBe('halfLost');
  });

  it('computes returns from the decimal price whatever format the player reads it in', () => {
    const stake = 10_000;
    for (const decimal of [1.5, 1.95, 2, 2.25, 3.4, 11]) {
      const expected = betReturn(stake, [{ oddsH: oddsHundredths(decimal), outcome: 'won' }]);
      expect(expected).toBe(Math.floor(stake * decimal));
      for (const type of Object.values(OddsType)) {
        const shown = convertOdds(decimal, type);
        const back = toDecimal(shown, type);
        // Two printed decimals lose precision on long Malaysian/Indonesian prices (−0.42 for 3.40), which
        // is why the slip keeps and sends the decimal price, never the printed one.
        const precision = 0.01 * Math.max(1, (decimal - 1) ** 2);
        expect(Math.abs(back - decimal), `${decimal} in type ${type} shown ${shown}`).toBeLessThanOrEqual(precision);
        expect(convertOdds(back, type)).toBe(shown);
      }
    }
    expect(toDecimal(0.95, OddsType.HongKong)).toBe(1.95);
    expect(toDecimal(-0.8, OddsType.Malaysian)).toBe(2.25);
    expect(toDecimal(-1.25, OddsType.Indonesia)).toBe(1.8);
    expect(toDecimal(-125, OddsType.American)).toBe(1.8);
    expect(toDecimal(150, OddsType.American)).toBe(2.5);
  });
});
