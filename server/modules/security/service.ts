import { GatewayCode } from '../../../src/contract/errorCodes';
import { maskPhone, normalizePhone } from '../../../src/contract/people';
import { type OwnPhoneCodePurpose, maskEmail } from '../../../src/contract/security';
import type { Database } from '../../db';
import { CallError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/security';
import { MailNotSentError } from '../../providers/mail/client';
import type { MailProvider, SmsProvider } from '../../providers/messaging';
import { checkCode, issueCode, spendCodes, verifyCode } from '../auth';
import { type PasswordGuard, waitInWords } from '../auth';
import { type SessionPolicy, revokeOtherSessions } from '../auth';
import { type Customer, findById, findByPhone } from '../auth';
import * as rows from './repository';

/**
 * The security centre's rules: the login password (a first one, a change counted like login attempts),
 * the phone (bind with the new number's code; change with the old and the new number's codes, which
 * ends the account's other sessions with GW_800407) and the email (a code to the address; verified
 * only once the code comes back). Every code goes through codes.ts, so the cooldown, the hourly limit
 * and the counted tries hold for all of them.
 */
export interface SecurityOptions {
  db: Database;
  codeSecret: string;
  sms: SmsProvider;
  mail: MailProvider;
  policy: SessionPolicy;
  /** The login lockout: wrong passwords typed here count with wrong logins (see passwordKey). */
  passwordGuard: PasswordGuard;
  now: () => number;
}

/** Code purposes (verification_codes.purpose). A new number's code is phone/sendCode's 'bind'. */
const PURPOSE = { newPhone: 'bind', email: 'email' } as const;

const WAIT_SECONDS = 60;

const OWN_PHONE_SMS: Record<OwnPhoneCodePurpose, string> = {
  setPwd: 'set the login password of your',
  changePhone: 'approve changing the mobile number of your',
};

/**
 * The lockout counter a player's password checks go to: the number they log in with, so guesses
 * through the security centre and through the login form share one count (and one pause); an account
 * without a phone gets its own.
 */
function passwordKey(customer: Customer): string {
  return customer.mobileNo ?? `password:${customer.id}`;
}

function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

export class SecurityService {
  private readonly db: Database;

  constructor(private readonly options: SecurityOptions) {
    this.db = options.db;
  }

  private async me(customerId: number): Promise<Customer> {
    const customer = await findById(this.db, customerId);
    if (!customer) throw new CallError(GatewayCode.TokenInvalid, 'Your login is not valid. Please log in again.', 401);
    return customer;
  }

  async info(customerId: number) {
    const customer = await this.me(customerId);
    return {
      hasLoginPassword: customer.passwordHash !== null,
      hasWithdrawPassword: customer.withdrawPasswordHash !== null,
      mobileNo: customer.mobileNo ? maskPhone(customer.mobileNo) : '',
      email: customer.email ? maskEmail(customer.email) : '',
      emailVerified: customer.email !== null && customer.emailVerifiedAt !== null,
    };
  }

  // ---- login password -------------------------------------------------------------------------

  /** A code to the player's own phone: for a first login password, or to approve a phone change. */
  async sendOwnPhoneCode(customerId: number, purpose: OwnPhoneCodePurpose) {
    const customer = await this.me(customerId);
    if (!customer.mobileNo) throw new CallError(GatewayCode.PhoneMissing, 'Please add a mobile number to your account first.', 400);
    const code = await issueCode(this.db, this.options.codeSecret, customer.mobileNo, purpose, this.options.now());
    await this.options.sms.send(
      customer.mobileNo,
      `Panalo: ${code} is your code to ${OWN_PHONE_SMS[purpose]} Panalo account. It expires in 5 minutes. Never share it with anyone, not even Panalo staff.`,
    );
    return { waitSeconds: WAIT_SECONDS, recipient: maskPhone(customer.mobileNo) };
  }

  /** A first login password: an account opened by SMS or as a visitor has none. With a phone, its code too. */
  async setLoginPassword(customerId: number, password: string, code: string | undefined): Promise<null> {
    const customer = await this.me(customerId);
    if (customer.passwordHash) {
      throw new CallError(
        GatewayCode.LoginPasswordExists,
        'You already have a login password. To change it, use "Change login password".',
        400,
      );
    }
    if (customer.mobileNo) {
      if (!code) throw new CallError(GatewayCode.CodeWrong, 'Please enter the 6-digit code we sent to your phone.', 400);
      await verifyCode(this.db, this.options.codeSecret, customer.mobileNo, 'setPwd', code, this.options.now());
    }
    await rows.setPasswordHash(this.db, customerId, await hashPassword(password));
    return null;
  }

  /**
   * Checks the player's login password, counted like a login: wrong ones add to the same count, and
   * while password login is paused the right one is refused here too (or the pause could be walked
   * around through a stolen session).
   */
  private async checkPassword(customer: Customer, password: string): Promise<{ ok: true } | { ok: false; triesLeft: number }> {
    const { passwordGuard, now } = this.options;
    const key = passwordKey(customer);
    try {
      await passwordGuard.assertOpen(key);
    } catch (error) {
      const lockedUntil = error instanceof CallError ? (error.data as { lockedUntil?: string } | undefined)?.lockedUntil : undefined;
      throw lockedUntil ? pausedError(new Date(lockedUntil), now()) : error;
    }
    if (await verifyPassword(password, customer.passwordHash)) {
      await passwordGuard.cleared(key);
      return { ok: true };
    }
    const failure = await passwordGuard.failed(key);
    if (failure.locked) throw pausedError(failure.until, now());
    return { ok: false, triesLeft: failure.triesLeft };
  }

  async validatePassword(customerId: number, password: string) {
    const customer = await this.me(customerId);
    if (!customer.passwordHash) return { valid: false, hasPassword: false };
    return { valid: (await this.checkPassword(customer, password)).ok, hasPassword: true };
  }

  /** Changes the login password with the old one; the player's other sessions end (GW_800406). */
  async modifyPassword(customerId: number, sessionId: number, oldPassword: string, newPassword: string): Promise<null> {
    const customer = await this.me(customerId);
    if (!customer.passwordHash) {
      throw new CallError(GatewayCode.InvalidRequest, 'You have no login password yet. Please set one first.', 400);
    }
    const check = await this.checkPassword(customer, oldPassword);
    if (!check.ok) {
      const left = check.triesLeft;
      const warning = left <= 2 ? ` After ${left} more wrong ${left === 1 ? 'try' : 'tries'}, password checks pause for a while.` : '';
      throw new CallError(GatewayCode.WrongCredentials, `The current password is not correct.${warning}`, 400, { triesLeft: left });
    }
    if (oldPassword === newPassword) {
      throw new CallError(GatewayCode.InvalidRequest, 'The new password must differ from the current one.', 400);
    }
    await rows.setPasswordHash(this.db, customerId, await hashPassword(newPassword));
    await revokeOtherSessions(this.db, this.options.policy, customerId, sessionId, 'password_changed');
    return null;
  }

  // ---- phone ----------------------------------------------------------------------------------

  /**
   * Binds a number to an account without one (its code), or changes the number (the old number's code
   * and the new one's): after a change the account's other sessions end with GW_800407, and the old
   * number is told.
   */
  async verifyPhone(customerId: number, sessionId: number, typed: string, code: string, oldCode: string | undefined) {
    const { db, codeSecret, now } = this.options;
    const customer = await this.me(customerId);
    const phone = normalizePhone(typed);
    if (!phone) throw new CallError(GatewayCode.InvalidRequest, 'Enter a Philippine mobile number, like 0917 123 4567.', 400);
    if (phone === customer.mobileNo) {
      throw new CallError(GatewayCode.NothingToChange, 'This is already the mobile number of your account.', 400);
    }
    await this.assertPhoneFree(phone, customerId);
    const old = customer.mobileNo;
    const checked: number[] = [];
    if (old) {
      if (!oldCode) {
        throw new CallError(GatewayCode.CodeWrong, 'Please enter the code we sent to your current mobile number.', 400);
      }
      checked.push(await checkCode(db, codeSecret, old, 'changePhone', oldCode, now()));
    }
    checked.push(await checkCode(db, codeSecret, phone, PURPOSE.newPhone, code, now()));
    await db.transaction(async (tx) => {
      await spendCodes(tx, checked, now());
      if (!(await rows.setPhone(tx, customerId, phone))) throw phoneTaken();
    });
    if (old) {
      await revokeOtherSessions(db, this.options.policy, customerId, sessionId, 'mobile_changed');
      await this.options.sms.send(
        old,
        `Panalo: the mobile number of your account was changed to ${maskPhone(phone)}. If this was not you, contact Panalo Customer Service now.`,
      );
    }
    return { mobileNo: maskPhone(phone) };
  }

  /** Refuses a number another account holds, in the player's words. */
  async assertPhoneFree(phone: string, customerId: number): Promise<void> {
    const holder = await findByPhone(this.db, phone);
    if (holder && holder.id !== customerId) throw phoneTaken();
  }

  // ---- email ----------------------------------------------------------------------------------

  /** A code to a new email address (add or change). */
  async sendEmailCode(customerId: number, typed: string) {
    const customer = await this.me(customerId);
    const email = normalEmail(typed);
    if (customer.email && normalEmail(customer.email) === email && customer.emailVerifiedAt) {
      throw new CallError(GatewayCode.NothingToChange, 'This email is already verified on your account.', 400);
    }
    await this.assertEmailFree(email, customerId);
    return this.sendEmail(email);
  }

  /** A code to the email on file, to verify it. */
  async sendOwnEmailCode(customerId: number) {
    const customer = await this.me(customerId);
    if (!customer.email) throw new CallError(GatewayCode.EmailMissing, 'Your account has no email yet. Please add one.', 400);
    if (customer.emailVerifiedAt) throw new CallError(GatewayCode.NothingToChange, 'Your email is already verified.', 400);
    return this.sendEmail(normalEmail(customer.email));
  }

  /** Spends an email code: the address becomes the account's email, verified. */
  async verifyEmail(customerId: number, code: string, typed: string | undefined) {
    const customer = await this.me(customerId);
    const target = typed ?? customer.email;
    if (!target) throw new CallError(GatewayCode.EmailMissing, 'Your account has no email yet. Please add one.', 400);
    const email = normalEmail(target);
    await this.assertEmailFree(email, customerId);
    await verifyCode(this.db, this.options.codeSecret, email, PURPOSE.email, code, this.options.now());
    await rows.setVerifiedEmail(this.db, customerId, email, new Date(this.options.now()));
    return { email, emailVerified: true as const };
  }

  private async assertEmailFree(email: string, customerId: number): Promise<void> {
    if (await rows.emailHolder(this.db, email, customerId)) {
      throw new CallError(GatewayCode.EmailTaken, 'This email is already used by another account. Please use another email.', 409);
    }
  }

  private async sendEmail(email: string) {
    const code = await issueCode(this.db, this.options.codeSecret, email, PURPOSE.email, this.options.now());
    try {
      await this.options.mail.send(
        email,
        `${code} is your Panalo verification code`,
        `Your code to verify this email for your Panalo account is ${code}. It expires in 5 minutes.\n\nIf you did not ask for it, you can ignore this email; never share the code with anyone, not even Panalo staff.`,
      );
    } catch (error) {
      if (!(error instanceof MailNotSentError)) throw error;
      throw new CallError(
        GatewayCode.MailNotSent,
        error.reason === 'refused'
          ? 'We could not send an email to this address. Please check it, or use another email.'
          : 'We cannot send emails right now. Please try again in a few minutes.',
        error.reason === 'refused' ? 400 : 503,
      );
    }
    return { waitSeconds: WAIT_SECONDS, recipient: maskEmail(email) };
  }
}

function phoneTaken(): CallError {
  return new CallError(GatewayCode.PhoneTaken, 'This number is already used by another account. Please use another number.', 409);
}

function pausedError(until: Date, now: number): CallError {
  const waitMs = until.getTime() - now;
  return new CallError(
    GatewayCode.LoginLocked,
    `Too many wrong passwords: password checks on your account are paused. Please try again in ${waitInWords(waitMs)}, or reset your password with "Forgot password?".`,
    423,
    { retryAfterSeconds: Math.ceil(waitMs / 1000), lockedUntil: until.toISOString() },
  );
}
