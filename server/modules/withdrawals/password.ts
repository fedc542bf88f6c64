import { GatewayCode } from '../../../src/contract/errorCodes';
import { WITHDRAW_PASSWORD_PATTERN } from '../../../src/contract/money';
import type { Database } from '../../db';
import { CallError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/security';
import { issueCode, verifyCode } from '../auth';
import { type PasswordGuard, waitInWords } from '../auth';
import { lockedUntil, passwordHolder, setWithdrawPasswordHash } from './repository';

/**
 * The withdrawal password (spec §7 customer/setWithdrawPwd, modifyWithdrawPwd, forgetWithdrawPwd): six
 * digits, hashed like a login password, and counted like one: after too many wrong ones withdrawals
 * pause for a while (the count lives in Postgres, in the login guards under the key withdraw:<id>, so
 * every instance and a restart see it). A first set and a reset need the SMS code when the player has
 * a phone (customer/sendVerificationCode).
 */

export const WITHDRAW_CODE_PURPOSE = 'withdrawPwd';

const guardKey = (customerId: number) => `withdraw:${customerId}`;

/** Digits a guesser tries first: one digit six times, a run up or down, the player's birthday. */
export function weakWithdrawPassword(password: string, birthday: string | null): string | undefined {
  if (!WITHDRAW_PASSWORD_PATTERN.test(password)) return 'Your withdrawal password must be exactly 6 digits.';
  if (/^(\d)\1{5}$/.test(password)) return 'Please do not use one digit six times.';
  if ('0123456789'.includes(password) || '9876543210'.includes(password)) return 'Please do not use digits in a row, like 123456.';
  if (birthday) {
    const [y, m, d] = birthday.split('-') as [string, string, string];
    const yy = y.slice(2);
    if ([`${yy}${m}${d}`, `${m}${d}${yy}`, `${d}${m}${yy}`].includes(password)) return 'Please do not use your birthday.';
  }
  return undefined;
}

export interface WithdrawPasswordOptions {
  db: Database;
  codeSecret: string;
  guard: PasswordGuard;
  sendSms: (phone: string, text: string) => Promise<void>;
  now: () => number;
}

export class WithdrawPasswords {
  constructor(private readonly options: WithdrawPasswordOptions) {}

  private async holder(customerId: number) {
    const holder = await passwordHolder(this.options.db, customerId);
    if (!holder) throw new CallError(GatewayCode.InvalidRequest, 'Please log in again.', 400);
    return holder;
  }

  private checkNew(password: string, birthday: string | null) {
    const weak = weakWithdrawPassword(password, birthday);
    if (weak) throw new CallError(GatewayCode.InvalidRequest, weak, 400);
  }

  private async spendCode(phone: string | null, code: string | undefined) {
    if (!phone) return;
    if (!code) throw new CallError(GatewayCode.CodeWrong, 'Please enter the 6-digit code we sent to your phone.', 400);
    await verifyCode(this.options.db, this.options.codeSecret, phone, WITHDRAW_CODE_PURPOSE, code, this.options.now());
  }

  /** customer/sendVerificationCode: the code for a first set or a reset, to the player's own phone. */
  async sendCode(customerId: number): Promise<{ waitSeconds: number }> {
    const { phone } = await this.holder(customerId);
    if (!phone) throw new CallError(GatewayCode.InvalidRequest, 'Please add a mobile number to your account first.', 400);
    const code = await issueCode(this.options.db, this.options.codeSecret, phone, WITHDRAW_CODE_PURPOSE, this.options.now());
    await this.options.sendSms(
      phone,
      `Panalo: ${code} is your code to set your withdrawal password. It expires in 5 minutes. Never share it with anyone, not even Panalo staff.`,
    );
    return { waitSeconds: 60 };
  }

  async set(customerId: number, password: string, code: string | undefined): Promise<null> {
    const holder = await this.holder(customerId);
    if (holder.hash) {
      throw new CallError(
        GatewayCode.InvalidRequest,
        'You already have a withdrawal password. To change it, use "Change withdrawal password".',
        400,
      );
    }
    this.checkNew(password, holder.birthday);
    await this.spendCode(holder.phone, code);
    await setWithdrawPasswordHash(this.options.db, customerId, await hashPassword(password));
    return null;
  }

  async modify(customerId: number, oldPassword: string, newPassword: string): Promise<null> {
    const holder = await this.holder(customerId);
    await this.verify(customerId, oldPassword);
    this.checkNew(newPassword, holder.birthday);
    if (newPassword === oldPassword)
      throw new CallError(GatewayCode.InvalidRequest, 'The new withdrawal password must differ from the old one.', 400);
    await setWithdrawPasswordHash(this.options.db, customerId, await hashPassword(newPassword));
    return null;
  }

  async forget(customerId: number, code: string, newPassword: string): Promise<null> {
    const holder = await this.holder(customerId);
    if (!holder.phone) {
      throw new CallError(
        GatewayCode.InvalidRequest,
        'Please add a mobile number to your account first, or contact Customer Service.',
        400,
      );
    }
    this.checkNew(newPassword, holder.birthday);
    await this.spendCode(holder.phone, code);
    await setWithdrawPasswordHash(this.options.db, customerId, await hashPassword(newPassword));
    // The SMS code proved the owner: a pause from wrong guesses ends.
    await this.options.guard.cleared(guardKey(customerId));
    return null;
  }

  /** Refuses a withdrawal without the right password; a wrong one counts towards a pause. */
  async verify(customerId: number, password: string): Promise<void> {
    const { db, guard, now } = this.options;
    const holder = await this.holder(customerId);
    if (!holder.hash) {
      throw new CallError(GatewayCode.WithdrawPasswordMissing, 'Please set a withdrawal password first.', 400);
    }
    const until = await lockedUntil(db, guardKey(customerId));
    if (until && until.getTime() > now()) throw pausedError(until, now());
    if (await verifyPassword(password, holder.hash)) {
      await guard.cleared(guardKey(customerId));
      return;
    }
    const failure = await guard.failed(guardKey(customerId));
    if (failure.locked) throw pausedError(failure.until, now());
    const left = failure.triesLeft;
    throw new CallError(
      GatewayCode.WithdrawPasswordWrong,
      `The withdrawal password is incorrect. ${left} ${left === 1 ? 'try' : 'tries'} left before withdrawals pause for a while.`,
      400,
      { triesLeft: left },
    );
  }
}

function pausedError(until: Date, now: number): CallError {
  const waitMs = until.getTime() - now;
  return new CallError(
    GatewayCode.WithdrawPasswordWrong,
    `Too many wrong withdrawal passwords: withdrawals are paused. Please try again in ${waitInWords(waitMs)}, or reset it with "Forgot withdrawal password".`,
    423,
    { retryAfterSeconds: Math.ceil(waitMs / 1000), lockedUntil: until.toISOString() },
  );
}
