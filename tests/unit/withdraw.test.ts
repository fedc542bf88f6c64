import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/client';
import { GatewayCode } from '../../src/contract/errorCodes';
import { WithdrawalStatus } from '../../src/contract/money';
import { MoneyOutAttempt } from '../../src/features/withdraw/api';
import { moneyOutRefusal } from '../../src/features/withdraw/errors';
import {
  accountName,
  amountProblem,
  bankAccountNumber,
  describeSplit,
  newPasswordProblems,
  passwordProblem,
  planSplit,
  returnPath,
  statusView,
  walletNumber,
} from '../../src/features/withdraw/rules';
import { i18next, initI18n } from '../../src/i18n';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../src/api/instance', () => ({ api: { call } }));

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  call.mockReset();
});

const limits = { min: 20_000, max: 300_000_000, withdrawable: 500_000 };
const say = (problem: ReturnType<typeof amountProblem>) => (problem ? i18next.t(`withdraw.errors.${problem.key}`, problem) : undefined);

describe('withdraw amount (pesos typed, centavos checked)', () => {
  it('asks for an amount when there is none, and for pesos when it is not one', () => {
    expect(amountProblem('', limits)).toEqual({ key: 'amountMissing' });
    expect(amountProblem('abc', limits)).toEqual({ key: 'amountInvalid' });
    expect(amountProblem('0', limits)).toEqual({ key: 'amountInvalid' });
    expect(amountProblem('12.345', limits)).toEqual({ key: 'amountInvalid' });
  });

  it('says the minimum in pesos for a too-small amount', () => {
    expect(say(amountProblem('199.99', limits))).toBe('The least you can withdraw is ₱200.00. Please enter a larger amount.');
    expect(amountProblem('200', limits)).toBeUndefined();
  });

  it('says what can be withdrawn now above the withdrawable amount, and the per-request most above the maximum', () => {
    expect(say(amountProblem('5,000.01', limits))).toBe('You can withdraw up to ₱5,000.00 now. Please enter a smaller amount.');
    expect(amountProblem('5000', limits)).toBeUndefined();
    expect(say(amountProblem('3000001', { ...limits, withdrawable: 1e12 }))).toBe(
      'The most one request can take is ₱3,000,000.00. Please enter a smaller amount.',
    );
  });
});

describe('withdrawal password rules', () => {
  it('wants exactly 6 digits', () => {
    for (const bad of ['', '12345', '1234567', 'abcdef', '12 456']) expect(passwordProblem(bad)).toBe('passwordDigits');
    expect(passwordProblem('902817')).toBeUndefined();
  });

  it('refuses one digit six times and straight runs', () => {
    for (const easy of ['000000', '777777', '123456', '654321', '345678']) expect(passwordProblem(easy)).toBe('passwordSimple');
    expect(passwordProblem('135790')).toBeUndefined();
  });

  it('checks the second entry and, when changing, that the new one differs from the old', () => {
    expect(newPasswordProblems({ password: '902817', confirm: '902818' })).toEqual({ confirm: 'passwordMismatch' });
    expect(newPasswordProblems({ password: '902817', confirm: '902817' })).toEqual({});
    expect(newPasswordProblems({ password: '902817', confirm: '902817', old: '902817' })).toEqual({ password: 'passwordSameAsOld' });
    for (const key of ['passwordDigits', 'passwordSimple', 'passwordMismatch', 'passwordSameAsOld'] as const) {
      expect(i18next.t(`withdraw.errors.${key}`)).not.toContain('withdraw.errors');
    }
  });
});

describe('payment account fields', () => {
  it('takes a GCash/Maya number as 09XXXXXXXXX', () => {
    expect(walletNumber('0917 123 4567')).toBe('09171234567');
    expect(walletNumber('+63 917-123-4567')).toBe('09171234567');
    expect(walletNumber('0817 123 4567')).toBeUndefined();
    expect(walletNumber('0917123456')).toBeUndefined();
  });

  it('takes a bank number of 6 to 20 digits and a name of letters', () => {
    expect(bankAccountNumber('0012-3456-7890')).toBe('001234567890');
    expect(bankAccountNumber('12345')).toBeUndefined();
    expect(accountName('  Juan   dela Cruz ')).toBe('Juan dela Cruz');
    expect(accountName('J')).toBeUndefined();
    expect(accountName('<script>')).toBeUndefined();
  });
});

describe('split withdrawal plan', () => {
  it('cuts an amount into parts no larger than one payout, the largest first', () => {
    expect(planSplit(12_000_000, 5_000_000)).toEqual([5_000_000, 5_000_000, 2_000_000]);
    expect(planSplit(10_000_000, 5_000_000)).toEqual([5_000_000, 5_000_000]);
    expect(planSplit(100, 0)).toEqual([]);
  });

  it('reads the plan in one line, equal parts grouped', () => {
    expect(describeSplit([5_000_000, 5_000_000, 2_000_000])).toBe('2 × ₱50,000.00 + ₱20,000.00');
    expect(describeSplit([5_000_000, 5_000_000])).toBe('2 × ₱50,000.00');
    expect(
      i18next.t('withdraw.split.plan', {
        count: 3,
        plan: describeSplit([5_000_000, 5_000_000, 2_000_000]),
        total: '₱120,000.00',
        destination: 'GCash •••• 4567',
      }),
    ).toBe('3 withdrawals of 2 × ₱50,000.00 + ₱20,000.00 (₱120,000.00 in all) to GCash •••• 4567.');
  });
});

describe('withdrawal status → what the player reads', () => {
  it('keeps asking while pending or processing and stops once settled', () => {
    expect(WithdrawalStatus.map((status) => [status, statusView(status).settled])).toEqual([
      ['pending', false],
      ['processing', false],
      ['paid', true],
      ['failed', true],
      ['reversed', true],
    ]);
  });

  it('says the money is back for a failed or reversed withdrawal, and only then', () => {
    for (const status of WithdrawalStatus) {
      const view = statusView(status);
      const body = i18next.t(`withdraw.statusBody.${view.key}`);
      expect({ status, back: body.includes('back in your Panalo balance') }).toEqual({ status, back: view.returned });
      expect(i18next.t(`withdraw.status.${view.key}`)).not.toContain('withdraw.');
    }
    expect(statusView('paid').tone).toBe('success');
    expect(statusView('failed').tone).toBe('returned');
  });

  it('goes back to the page named by label after the password is set, else to the security centre', () => {
    expect(returnPath('withdraw')).toBe('/withdraw');
    expect(returnPath('wallet')).toBe('/wallet/withdraw');
    expect(returnPath(undefined)).toBe('/security');
    expect(returnPath('constructor')).toBe('/security');
  });
});

describe('money-out requests', () => {
  const body = { bankAccountId: 7, amount: 20_000, withdrawPassword: '902817' };
  const keyOf = (n: number) => (call.mock.calls[n]?.[3] as { idempotencyKey: string }).idempotencyKey;

  it('send the same request again under the same key after a lost answer, and a new one under a new key', async () => {
    const attempt = new MoneyOutAttempt();
    call.mockRejectedValueOnce(new ApiError('timeout', 'timeout', 'Request timed out', false));
    await expect(attempt.send({ call: 'withdraw/createWithdrawalRequest', body })).rejects.toThrow();
    call.mockResolvedValueOnce({ orderNo: 'W1' });
    await attempt.send({ call: 'withdraw/createWithdrawalRequest', body });
    expect(keyOf(1)).toBe(keyOf(0));
    call.mockResolvedValueOnce({ orderNo: 'W2' });
    await attempt.send({ call: 'withdraw/createWithdrawalRequest', body });
    expect(keyOf(2)).not.toBe(keyOf(1));
    expect(call.mock.calls[0]?.[3]).toMatchObject({ quiet: true });
  });

  it('use a new key after the server refused (a wrong password typed again is a new attempt)', async () => {
    const attempt = new MoneyOutAttempt();
    call.mockRejectedValueOnce(new ApiError('server', GatewayCode.WithdrawPasswordWrong, 'Wrong withdrawal password', false));
    const refused = await attempt.send({ call: 'withdraw/createWithdrawalRequest', body }).catch((error: unknown) => error);
    expect(moneyOutRefusal(refused)).toEqual({ kind: 'wrongPassword', text: expect.stringContaining('Nothing was withdrawn') as string });
    call.mockResolvedValueOnce({ orderNo: 'W3' });
    await attempt.send({ call: 'withdraw/createWithdrawalRequest', body });
    expect(keyOf(1)).not.toBe(keyOf(0));
  });

  it('explain each refusal in words that say what to do', () => {
    expect(moneyOutRefusal(new ApiError('server', GatewayCode.WithdrawPasswordMissing, '', false))).toEqual({ kind: 'noPassword' });
    expect(moneyOutRefusal(new ApiError('server', GatewayCode.SplitNeeded, '', false))).toEqual({ kind: 'split' });
    expect(moneyOutRefusal(new ApiError('server', GatewayCode.TurnoverNotMet, '', false))).toMatchObject({ kind: 'message' });
    expect(moneyOutRefusal(new ApiError('server', 'GW_800499', 'Something odd', false))).toEqual({
      kind: 'message',
      text: 'Something odd (GW_800499)',
    });
  });
});
