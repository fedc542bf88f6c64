// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DepositStatus } from '../../src/contract/money';
import {
  amountText,
  billTotals,
  checkAmount,
  depositPresets,
  depositRecordsWindow,
  depositStatusMessage,
  isFinalDeposit,
  recordWindow,
  showAmountError,
  turnoverTimes,
} from '../../src/features/wallet/amounts';
import { en as enShell } from '../../src/i18n/en';
import { enAreas } from '../../src/i18n/en.areas';

/** Every English string: the shell's and the areas' (loaded after the first paint). */
const en = { ...enShell, ...enAreas };

const GCASH = { minAmount: 10_000, maxAmount: 5_000_000 }; // ₱100 – ₱50,000

describe('deposit amount against the channel limits', () => {
  it('reads what a player types as centavos', () => {
    expect(checkAmount('500', GCASH)).toEqual({ ok: true, centavos: 50_000 });
    expect(checkAmount('₱1,250.50', GCASH)).toEqual({ ok: true, centavos: 125_050 });
    expect(checkAmount(' 100 ', GCASH)).toEqual({ ok: true, centavos: 10_000 });
  });

  it('takes the limits themselves', () => {
    expect(checkAmount('100', GCASH).ok).toBe(true);
    expect(checkAmount('50000', GCASH).ok).toBe(true);
  });

  it('says which limit an amount is outside of', () => {
    expect(checkAmount('99.99', GCASH)).toEqual({ ok: false, reason: 'belowMin', centavos: 9_999 });
    expect(checkAmount('50000.01', GCASH)).toEqual({ ok: false, reason: 'aboveMax', centavos: 5_000_001 });
  });

  it('refuses what is not an amount', () => {
    expect(checkAmount('', GCASH)).toEqual({ ok: false, reason: 'empty' });
    for (const input of ['abc', '1.234', '-5', '0', '1e3', '5..0'])
      expect(checkAmount(input, GCASH), input).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it("waits for a tap before calling '5' (on the way to 500) too small, but says at once what typing cannot fix", () => {
    expect(showAmountError(false, checkAmount('5', GCASH))).toBe(false);
    expect(showAmountError(true, checkAmount('5', GCASH))).toBe(true);
    expect(showAmountError(false, checkAmount('abc', GCASH))).toBe(true);
    expect(showAmountError(false, checkAmount('60000', GCASH))).toBe(true);
    expect(showAmountError(true, checkAmount('500', GCASH))).toBe(false);
  });

  it('puts a preset back in the field as the player would type it', () => {
    expect(amountText(50_000)).toBe('500');
    expect(amountText(125_050)).toBe('1250.50');
    expect(checkAmount(amountText(125_050), GCASH)).toEqual({ ok: true, centavos: 125_050 });
  });
});

describe('deposit presets (spec §9)', () => {
  const way = { amountList: [10_000, 20_000, 50_000, 100_000, 200_000, 1_000_000], firstAmountList: [20_000, 50_000] };

  it('offers the first-deposit list to a player who has not deposited yet', () => {
    expect(depositPresets(way, GCASH, true)).toEqual([20_000, 50_000]);
    expect(depositPresets(way, GCASH, false)).toEqual(way.amountList);
  });

  it('falls back to the usual list, then to the spec defaults 100, 200, 500, 1000, 2000, 10000', () => {
    expect(depositPresets({ ...way, firstAmountList: [] }, GCASH, true)).toEqual(way.amountList);
    expect(depositPresets({ amountList: [], firstAmountList: [] }, GCASH, false)).toEqual([
      10_000, 20_000, 50_000, 100_000, 200_000, 1_000_000,
    ]);
  });

  it('shows at most 6, and only amounts the channel takes', () => {
    const many = { amountList: [5_000, 10_000, 20_000, 30_000, 50_000, 100_000, 200_000, 900_000_000], firstAmountList: [] };
    expect(depositPresets(many, GCASH, false)).toEqual([10_000, 20_000, 30_000, 50_000, 100_000, 200_000]);
  });
});

describe('what a deposit status tells the player', () => {
  it('names every status in both languages of the contract', () => {
    for (const status of DepositStatus) {
      const message = depositStatusMessage({ status });
      const [, , key] = message.titleKey.split('.') as [string, string, DepositStatus];
      expect(en.wallet.status[key].title, status).toBeTruthy();
      expect(en.wallet.status[key].body, status).toBeTruthy();
    }
  });

  it('keeps waiting on pending and reviewing, ends on the others', () => {
    expect(DepositStatus.filter((status) => !isFinalDeposit(status))).toEqual(['pending', 'reviewing']);
    expect(depositStatusMessage({ status: 'paid' }).tone).toBe('good');
    for (const status of ['failed', 'expired', 'cancelled', 'rejected'] as const) expect(depositStatusMessage({ status }).tone).toBe('bad');
  });

  it("prefers the order's own words when it ended without money", () => {
    expect(depositStatusMessage({ status: 'expired', message: 'The checkout expired. Please try again.' })).toMatchObject({
      tone: 'bad',
      text: 'The checkout expired. Please try again.',
    });
    // A pending order's note does not replace 'waiting for your payment'.
    expect(depositStatusMessage({ status: 'pending', message: 'x' }).text).toBeUndefined();
    expect(depositStatusMessage({ status: 'failed', message: '  ' }).text).toBeUndefined();
  });

  it('says the turnover rule in times of the deposit', () => {
    expect(turnoverTimes(0)).toBeUndefined();
    expect(turnoverTimes(100)).toBe('1');
    expect(turnoverTimes(150)).toBe('1.5');
    expect(turnoverTimes(300)).toBe('3');
  });
});

describe('record windows in Manila days', () => {
  // 2026-11-22 17:30 UTC is already 2026-11-23 01:30 in Manila.
  const lateSunday = Date.UTC(2026, 10, 22, 17, 30);

  it('today, 7 days and 30 days end on the Manila day, today included', () => {
    expect(recordWindow('today', lateSunday)).toEqual({ beginDate: '2026-11-23', endDate: '2026-11-23' });
    expect(recordWindow('week', lateSunday)).toEqual({ beginDate: '2026-11-17', endDate: '2026-11-23' });
    expect(recordWindow('month', lateSunday)).toEqual({ beginDate: '2026-10-25', endDate: '2026-11-23' });
  });

  it('deposit records cover 30 days (spec §7)', () => {
    expect(depositRecordsWindow(lateSunday)).toEqual({ beginDate: '2026-10-25', endDate: '2026-11-23' });
  });

  it('adds up money in and out of the bills shown', () => {
    expect(billTotals([{ amount: 50_000 }, { amount: -10_000 }, { amount: -2_550 }, { amount: 1 }])).toEqual({ in: 50_001, out: 12_550 });
    expect(billTotals([])).toEqual({ in: 0, out: 0 });
  });
});
