// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AGENT_MAX_CENTAVOS,
  MAX_SPLIT_PARTS,
  channelMax,
  checkQuota,
  splitPlan,
  wayOfAccountType,
  withdrawPresets,
} from '../../server/modules/withdrawals/limits';
import { weakWithdrawPassword } from '../../server/modules/withdrawals/password';
import { INSTAPAY_MAX_CENTAVOS, PESONET_MAX_CENTAVOS } from '../../src/contract/payments';

const LIMITS = { minAmount: 20_000, maxAmount: 300_000_000 };

describe('withdrawal limits', () => {
  it('offers the spec presets in centavos, within the operator’s limits', () => {
    expect(withdrawPresets(LIMITS)).toEqual([20_000, 50_000, 70_000, 100_000, 200_000, 1_000_000]);
    expect(withdrawPresets({ minAmount: 100_000, maxAmount: 500_000 })).toEqual([100_000, 200_000]);
  });

  it('knows what one payout carries on each way', () => {
    expect(channelMax('gcash', LIMITS)).toBe(INSTAPAY_MAX_CENTAVOS);
    expect(channelMax('maya', LIMITS)).toBe(5_000_000);
    // A bank takes PESONet above InstaPay's ₱50,000, capped by the operator's maximum.
    expect(channelMax('bank', LIMITS)).toBe(Math.min(PESONET_MAX_CENTAVOS, LIMITS.maxAmount));
    expect(channelMax('agent', LIMITS)).toBe(AGENT_MAX_CENTAVOS);
    expect(wayOfAccountType(0)).toBe('bank');
    expect(wayOfAccountType(11)).toBe('gcash');
    expect(wayOfAccountType(12)).toBe('maya');
  });

  it('refuses amounts outside the limits, in pesos', () => {
    expect(checkQuota(19_999, 'gcash', LIMITS, 1_000_000)).toMatchObject({
      allowed: false,
      reason: 'below-min',
      message: 'The smallest withdrawal is ₱200.00.',
    });
    expect(checkQuota(300_000_001, 'bank', LIMITS, 400_000_000)).toMatchObject({ allowed: false, reason: 'above-max' });
    expect(checkQuota(50_000, 'gcash', LIMITS, 40_000)).toMatchObject({
      allowed: false,
      reason: 'balance',
      message: 'You can withdraw up to ₱400.00 now.',
    });
    expect(checkQuota(50_000, 'gcash', LIMITS, 50_000)).toEqual({ allowed: true, channelMax: INSTAPAY_MAX_CENTAVOS, splits: [] });
  });

  it('offers a split above a way’s one-payout limit', () => {
    const verdict = checkQuota(12_000_000, 'gcash', LIMITS, 20_000_000);
    expect(verdict).toMatchObject({ allowed: false, reason: 'split', splits: [5_000_000, 5_000_000, 2_000_000] });
    expect(verdict.message).toContain('3 withdrawals (₱50,000.00 + ₱50,000.00 + ₱20,000.00)');
    // A bank carries ₱120,000 in one PESONet payout.
    expect(checkQuota(12_000_000, 'bank', LIMITS, 20_000_000).allowed).toBe(true);
  });

  it('never leaves a part below the minimum', () => {
    expect(splitPlan(5_010_000, 5_000_000, 20_000)).toEqual([4_990_000, 20_000]);
    expect(splitPlan(10_000_000, 5_000_000, 20_000)).toEqual([5_000_000, 5_000_000]);
    expect(splitPlan(10_000, 5_000_000, 20_000)).toEqual([]);
    expect(splitPlan(5_000_000 * (MAX_SPLIT_PARTS + 1), 5_000_000, 20_000)).toEqual([]);
  });

  it('splits any amount into parts that add up, each within the limits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 20_000, max: 5_000_000 * MAX_SPLIT_PARTS }),
        fc.integer({ min: 40_000, max: 5_000_000 }),
        (amount, max) => {
          const plan = splitPlan(amount, max, 20_000);
          if (plan.length === 0) return Math.ceil(amount / max) > MAX_SPLIT_PARTS;
          return (
            plan.reduce((a, b) => a + b, 0) === amount &&
            plan.every((part) => Number.isSafeInteger(part) && part >= 20_000 && part <= max) &&
            plan.length === Math.max(1, Math.ceil(amount / max))
          );
        },
      ),
    );
  });
});

describe('withdrawal password rules', () => {
  it('wants six digits a guesser would not try first', () => {
    expect(weakWithdrawPassword('12345', null)).toMatch(/exactly 6 digits/);
    expect(weakWithdrawPassword('abcdef', null)).toMatch(/exactly 6 digits/);
    expect(weakWithdrawPassword('777777', null)).toMatch(/one digit/);
    expect(weakWithdrawPassword('123456', null)).toMatch(/in a row/);
    expect(weakWithdrawPassword('654321', null)).toMatch(/in a row/);
    expect(weakWithdrawPassword('950314', '1995-03-14')).toMatch(/birthday/);
    expect(weakWithdrawPassword('031495', '1995-03-14')).toMatch(/birthday/);
    expect(weakWithdrawPassword('140395', '1995-03-14')).toMatch(/birthday/);
    expect(weakWithdrawPassword('482915', '1995-03-14')).toBeUndefined();
  });
});
