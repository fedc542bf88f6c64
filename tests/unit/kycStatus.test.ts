// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { kycStatusAnswer, weakPromptAnswer } from '../../src/contract/answers/kyc';
import {
  DAY_MS,
  NOT_VERIFIED,
  type KycRules,
  type KycState,
  afterCheck,
  afterReview,
  attemptsLeft,
  daysLeft,
  deadlineOf,
  initRefusal,
  isRestricted,
  kycInfoOf,
  manilaDayStart,
  needFaceCapture,
  promptOf,
  shownStatus,
} from '../../server/modules/kyc/status';

/** The status machine of spec §4, without a database: every rule the server enforces, case by case. */

const registeredAt = new Date('2026-11-01T00:00:00Z');
const rules: KycRules = { kycDays: 7, dailyAttempts: 3, eKycSwitch: true, forceNewUserEkycSwitch: false, reauthDays: 90 };
const day = (n: number) => registeredAt.getTime() + n * DAY_MS;
const approved: KycState = { ...NOT_VERIFIED, ekycStatus: 1, lastFaceMatchAt: new Date(day(1)) };

describe('KYC status machine', () => {
  it('counts the deadline from registration and restricts only unapproved players past it', () => {
    expect(deadlineOf(registeredAt, 7).toISOString()).toBe('2026-11-08T00:00:00.000Z');
    expect(isRestricted(NOT_VERIFIED, registeredAt, 7, day(6.9))).toBe(false);
    expect(isRestricted(NOT_VERIFIED, registeredAt, 7, day(7))).toBe(true);
    for (const status of [-1, 0, 2, 3, 4]) expect(isRestricted({ ekycStatus: status }, registeredAt, 7, day(8))).toBe(true);
    expect(isRestricted(approved, registeredAt, 7, day(30))).toBe(false);
    expect(daysLeft(registeredAt, 7, day(0.5))).toBe(7);
    expect(daysLeft(registeredAt, 7, day(6.5))).toBe(1);
    expect(daysLeft(registeredAt, 7, day(9))).toBe(0);
  });

  it('counts attempts per Manila day (UTC+8)', () => {
    expect(manilaDayStart(Date.parse('2026-11-23T15:59:59Z')).toISOString()).toBe('2026-11-22T16:00:00.000Z');
    expect(manilaDayStart(Date.parse('2026-11-23T16:00:00Z')).toISOString()).toBe('2026-11-23T16:00:00.000Z');
    expect(attemptsLeft(0, 3)).toBe(3);
    expect(attemptsLeft(3, 3)).toBe(0);
    expect(attemptsLeft(5, 3)).toBe(0);
  });

  it('refuses a new verification when approved, finally refused, or out of attempts — in that order', () => {
    expect(initRefusal(NOT_VERIFIED, 3)).toBeNull();
    expect(initRefusal(approved, 0)).toBe('approved');
    const final = afterReview(NOT_VERIFIED, { answer: 'RED', rejectType: 'FINAL', code: 'manual_rejection' }, new Date(day(1)));
    expect(final).toMatchObject({ ekycStatus: 3, refuseInit: true, rejectType: 'FINAL' });
    expect(initRefusal(final, 3)).toBe('refused');
    const retry = afterReview(NOT_VERIFIED, { answer: 'RED', rejectType: 'RETRY', code: 'screen_capture' }, new Date(day(1)));
    expect(retry).toMatchObject({ ekycStatus: 3, refuseInit: false, rejectCode: 'screen_capture' });
    expect(initRefusal(retry, 1)).toBeNull();
    expect(initRefusal(retry, 0)).toBe('daily-limit');
  });

  it('moves by the vendor’s check: Success 1, Failure 2 with the reason, Pending 0', () => {
    const at = new Date(day(1));
    expect(afterCheck(NOT_VERIFIED, 'Success', undefined, at)).toMatchObject({ ekycStatus: 1, lastFaceMatchAt: at, rejectReason: '' });
    const failed = afterCheck(NOT_VERIFIED, 'Failure', 'tampered', at);
    expect(failed).toMatchObject({ ekycStatus: 2, rejectCode: 'tampered', rejectType: 'RETRY' });
    expect(failed.rejectReason).toMatch(/altered/);
    expect(afterCheck(failed, 'Pending', undefined, at)).toMatchObject({ ekycStatus: 0, rejectCode: null, rejectReason: '' });
    // The duplicate ID's words contain 'repeated' (spec §5: the duplicate-ID dialog).
    expect(afterCheck(NOT_VERIFIED, 'Failure', 'repeated', at).rejectReason).toContain('repeated');
  });

  it('takes an approval back on a later RED (status 3, oldKycStatus 1) and shows the vendor’s safe comment', () => {
    const red = afterReview(
      approved,
      { answer: 'RED', rejectType: 'RETRY', code: 'invalid_id', clientComment: 'ID expired' },
      new Date(day(3)),
    );
    expect(red).toMatchObject({ ekycStatus: 3, oldKycStatus: 1, rejectCode: 'invalid_id' });
    expect(red.rejectReason).toContain('ID expired');
    expect(isRestricted(red, registeredAt, 7, day(8))).toBe(true);
  });

  it('asks an approved player for a face check before a withdrawal once the last match is too old', () => {
    expect(needFaceCapture(approved, 'withdraw', day(1 + 89), 90)).toBe(false);
    expect(needFaceCapture(approved, 'withdraw', day(1 + 91), 90)).toBe(true);
    expect(needFaceCapture(approved, 'bet', day(1 + 91), 90)).toBe(false);
    expect(needFaceCapture({ ...approved, lastFaceMatchAt: new Date(day(91)) }, 'withdraw', day(92), 90)).toBe(false);
    expect(needFaceCapture(NOT_VERIFIED, 'withdraw', day(200), 90)).toBe(false);
  });

  it('prompts weakly before the deadline, strongly after it, and not at all once approved', () => {
    const early = promptOf(NOT_VERIFIED, registeredAt, rules, day(1));
    expect(early).toEqual({ globalActiveKycStatus: -1, strongCheck: false, weakCheck: true, halfCheck: false, kycNode: { days: 6 } });
    expect(promptOf(NOT_VERIFIED, registeredAt, rules, day(4)).halfCheck).toBe(true);
    const late = promptOf(NOT_VERIFIED, registeredAt, rules, day(8));
    expect(late).toMatchObject({ strongCheck: true, weakCheck: false, kycNode: { days: 0 } });
    // Under review: no reminder before the deadline, the strong prompt (it blocks) after it.
    const pending = { ...NOT_VERIFIED, ekycStatus: 0 };
    expect(promptOf(pending, registeredAt, rules, day(1))).toMatchObject({ weakCheck: false, strongCheck: false });
    expect(promptOf(pending, registeredAt, rules, day(8))).toMatchObject({ strongCheck: true });
    expect(promptOf(approved, registeredAt, rules, day(8))).toMatchObject({ strongCheck: false, weakCheck: false, halfCheck: false });
    expect(weakPromptAnswer.safeParse(late).success).toBe(true);
  });

  it('answers the whole KYC info of spec §3, matching its answer schema', () => {
    const info = kycInfoOf({
      state: NOT_VERIFIED,
      registeredAt,
      rules,
      usedToday: 1,
      now: day(8),
      operationType: 'bet',
      miniType: 'gcash',
    });
    expect(kycStatusAnswer.safeParse(info).success).toBe(true);
    expect(info).toMatchObject({
      ekycStatus: -1,
      cankycTime: 2,
      restricted: true,
      requireEkyc: true,
      deadline: '2026-11-08T00:00:00.000Z',
      miniType: 'gcash',
    });
    const ok = kycInfoOf({ state: approved, registeredAt, rules, usedToday: 3, now: day(200), operationType: 'withdraw' });
    expect(ok).toMatchObject({
      ekycStatus: 1,
      restricted: false,
      requireEkyc: false,
      needFaceCapture: true,
      deadline: null,
      cankycTime: 0,
    });
    // 4 is treated as not set; forced new-user eKYC requires it from the start.
    const reset = kycInfoOf({
      state: { ...NOT_VERIFIED, ekycStatus: 4, oldKycStatus: 1 },
      registeredAt,
      rules: { ...rules, forceNewUserEkycSwitch: true },
      usedToday: 0,
      now: day(1),
    });
    expect(reset).toMatchObject({ ekycStatus: 4, showEkycStatus: -1, oldKycStatus: 1, requireEkyc: true, restricted: false });
    expect(shownStatus(4)).toBe(-1);
  });
});
