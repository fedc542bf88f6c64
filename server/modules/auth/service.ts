import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Challenge, Solution } from 'altcha-lib';
import { GatewayCode } from '../../../src/contract/errorCodes';
import { normalizePhone } from '../../../src/contract/people';
import type { Touches } from '../../../src/contract/events';
import type { Database, Transaction } from '../../db';
import { customers } from '../../db/schema';
import { CallError } from '../../lib/errors';
import { type FieldCipher, hashPassword, verifyPassword } from '../../lib/security';
import type { SmsProvider } from '../../providers/messaging';
import type { Secrets } from '../../config';
import { generateCaptcha, spendCaptcha, validateCaptcha } from './captcha';
import { issueCode, verifyCode } from './codes';
import { type Failure, type PasswordGuard, lockedError, lockoutNotice, wrongPasswordError } from './lockout';
import { type Client, type SessionPolicy, createSession, revokeOtherSessions, revokeSession } from './sessions';
import { consumeTicket, issueTicket } from './tickets';
import { type Customer, type NewCustomer, assertOfAge, createCustomer, findById, findByPhone, logIn } from './users';

export interface AuthServiceOptions {
  db: Database;
  secrets: Secrets;
  cipher: FieldCipher;
  sms: SmsProvider;
  policy: SessionPolicy;
  /** Proof-of-work range of the captcha (lower in tests). */
  captchaDifficulty: { min: number; max: number };
  /**
   * Called when a player opens an account (the messages module welcomes them; responsible gaming records
   * the declaration made with the terms and the daily deposit limit chosen at registration, if any).
   */
  onRegistered: (customerId: number, choices: { depositLimit?: number | undefined }) => Promise<void>;
  /**
   * Records where a new account came from (the stats module: acquisition parameters, first and last
   * touch, the device), inside the transaction that opens the account (issue 39).
   */
  recordAttribution?: (tx: Transaction, customerId: number, source: AttributionSource) => Promise<void>;
  /** Called inside the transaction that opens an account, with the invite parameters it carried (the invites module). */
  accountOpened?: (tx: Transaction, customerId: number, invite: Record<string, string>) => Promise<void>;
  /** Checked before an account opens, with what registration has (the restricted-persons list: issue 34); throws to refuse. */
  screen?: (person: { mobileNo: string | null; birthday: string }) => Promise<void>;
  /** Counts wrong passwords per number and pauses password login (see lockout.ts). */
  passwordGuard: PasswordGuard;
  /** Puts a message in a player's inbox (the messages module). */
  notifyOwner: (customerId: number, title: string, body: string) => Promise<void>;
  /** The clock of codes and lockouts (tests move it forward). */
  now: () => number;
  /** Where a failed lockout notice is logged (it is not answered). */
  log: FastifyBaseLogger;
}

/** Who calls: the address and device a new session records, and the session they call from (a visitor's, ended by a login). */
export interface Caller {
  client: Client;
  sessionId: number | undefined;
}

/** What a registration call says about where the player came from (issue 39), as the stats module records it. */
export interface AttributionSource {
  acquisition: Record<string, string> | undefined;
  touches: Touches | undefined;
  deviceId: string | undefined;
  /** The device fingerprint token (spec §7, §9), when the page had it. */
  fingerprint: string | undefined;
  domainName: string | undefined;
}

/** What opening an account carries beyond the number and date of birth (how the player came, the push device). */
type Arrival = Pick<NewCustomer, 'acquisition' | 'invite' | 'deviceToken'> & {
  depositLimit?: number | undefined;
  /** First and last touch kept on the device (issue 39). */
  touches?: Touches | undefined;
  /** The device fingerprint token (spec §7, §9). */
  fingerprint?: string | undefined;
};

const TEMP_TICKET_MS = 2 * 60_000;
const RESET_TICKET_MS = 10 * 60_000;
const WAIT_SECONDS = 60;

function phoneOf(input: string): string {
  const phone = normalizePhone(input);
  if (!phone) throw new CallError(GatewayCode.InvalidRequest, 'Enter a Philippine mobile number, like 0917 123 4567.', 400);
  return phone;
}

function smsText(code: string, purpose: string): string {
  const what =
    { login: 'log in to', register: 'register with', forget: 'reset your password for', bind: 'add this number to', delete: 'close' }[
      purpose
    ] ?? 'use';
  return `Panalo: ${code} is your code to ${what} Panalo. It expires in 5 minutes. Never share it with anyone, not even Panalo staff.`;
}

/**
 * The rules of logging in and opening an account (spec §2, §7): captcha, SMS codes, the 21+ rule, the
 * password lockout, partner tickets and the forgotten password. The routes parse a call, hand it here
 * and answer what comes back.
 */
export class AuthService {
  private readonly codeSecret: string;

  constructor(private readonly options: AuthServiceOptions) {
    this.codeSecret = options.secrets.captchaKeySecret;
  }

  async visitorToken(client: Client) {
    return { webToken: (await createSession(this.options.db, this.options.policy, null, client)).webToken };
  }

  publicKey() {
    return { keyId: this.options.cipher.keyId, spki: this.options.cipher.publicKeySpki };
  }

  generateCaptcha() {
    return generateCaptcha(this.options.secrets, this.options.captchaDifficulty);
  }

  async validateCaptcha(challenge: Challenge, solution: Solution) {
    return { captchaToken: await validateCaptcha(this.options.db, this.options.secrets, challenge, solution) };
  }

  /** spec §7: the code for loginAndRegisterV4, and whether the number is new (then the form asks for the date of birth). */
  async sendLoginCode(input: { phone: string; captchaToken: string }) {
    const { db } = this.options;
    const phone = phoneOf(input.phone);
    await spendCaptcha(db, input.captchaToken);
    const existing = await findByPhone(db, phone);
    await this.sendCode(phone, 'login');
    return { registered: existing !== undefined, waitSeconds: WAIT_SECONDS };
  }

  async sendPurposeCode(input: { phone: string; captchaToken: string; purpose: string }) {
    const { db } = this.options;
    const phone = phoneOf(input.phone);
    await spendCaptcha(db, input.captchaToken);
    const existing = await findByPhone(db, phone);
    if (input.purpose === 'register' && existing)
      throw new CallError(GatewayCode.PhoneTaken, 'This number already has an account. Please log in.', 409);
    // A new number for a logged-in player (security centre): one account per number.
    if (input.purpose === 'bind' && existing)
      throw new CallError(GatewayCode.PhoneTaken, 'This number is already used by another account. Please use another number.', 409);
    // A reset code goes only to a number with an account; the answer does not say which numbers have one.
    if (input.purpose !== 'forget' || existing) await this.sendCode(phone, input.purpose);
    return { waitSeconds: WAIT_SECONDS };
  }

  /** Logs in with an SMS code, or opens an account for a new number. */
  async loginBySms(input: { phone: string; code: string; birthday?: string; agree?: boolean } & Arrival, caller: Caller) {
    const { db, passwordGuard, now } = this.options;
    const phone = phoneOf(input.phone);
    const existing = await findByPhone(db, phone);
    if (existing) {
      await verifyCode(db, this.codeSecret, phone, 'login', input.code, now());
      // An SMS code proves the number: it lifts a password lockout too.
      await passwordGuard.cleared(phone);
      return logIn(db, this.options.policy, existing, caller.client, caller.sessionId);
    }
    // A new number opens an account: check what it needs before spending the code, so the player
    // can add the missing date of birth and send the same code again.
    if (!input.birthday) throw new CallError(GatewayCode.BirthdayRequired, 'Please enter your date of birth to open your account.', 400);
    assertOfAge(input.birthday);
    if (input.agree !== true)
      throw new CallError(GatewayCode.InvalidRequest, 'Please confirm you are 21 or older and accept the terms.', 400);
    await verifyCode(db, this.codeSecret, phone, 'login', input.code, now());
    return this.openAccount({ mobileNo: phone, birthday: input.birthday }, input, caller);
  }

  async loginByPassword(input: { phone: string; password: string; captchaToken: string }, caller: Caller) {
    const { db, passwordGuard, now } = this.options;
    const phone = phoneOf(input.phone);
    await spendCaptcha(db, input.captchaToken);
    // A paused number is refused before its password is looked at: the right one too.
    await passwordGuard.assertOpen(phone);
    const customer = await findByPhone(db, phone);
    const ok = await verifyPassword(input.password, customer?.passwordHash ?? null);
    if (!customer || !ok) {
      // Counted by number, so a number without an account answers exactly as one with an account.
      const failure = await passwordGuard.failed(phone);
      if (!failure.locked) throw wrongPasswordError(failure.triesLeft);
      if (failure.startedNow && customer) await this.noticeLockout(customer, failure, caller.client.ip);
      throw lockedError(failure.until, now());
    }
    await passwordGuard.cleared(phone);
    return logIn(db, this.options.policy, customer, caller.client, caller.sessionId);
  }

  async register(input: { phone: string; code: string; password: string; birthday: string } & Arrival, caller: Caller) {
    const { db, now } = this.options;
    const phone = phoneOf(input.phone);
    assertOfAge(input.birthday);
    await verifyCode(db, this.codeSecret, phone, 'register', input.code, now());
    if (await findByPhone(db, phone))
      throw new CallError(GatewayCode.PhoneTaken, 'This number already has an account. Please log in.', 409);
    const passwordHash = await hashPassword(input.password);
    return this.openAccount({ mobileNo: phone, passwordHash, birthday: input.birthday }, input, caller);
  }

  /** A quick account without a phone yet (binding one is asked for when the site requires it). */
  async registerVisitor(input: { birthday: string; captchaToken: string } & Arrival, caller: Caller) {
    assertOfAge(input.birthday);
    await spendCaptcha(this.options.db, input.captchaToken);
    return this.openAccount({ mobileNo: null, birthday: input.birthday }, input, caller);
  }

  async logout(sessionId: number) {
    await revokeSession(this.options.db, this.options.policy, sessionId, 'logout');
  }

  /** Partner auto-login (spec §2 tempTicket/loginName): a single-use ticket a partner page opens Panalo with. */
  async tempTicket(customerId: number) {
    const customer = await findById(this.options.db, customerId);
    const { ticket } = await issueTicket(this.options.db, {
      purpose: 'temp',
      ttlMs: TEMP_TICKET_MS,
      customerId,
      subject: customer!.loginName,
    });
    return { tempTicket: ticket, loginName: customer!.loginName, expiresIn: TEMP_TICKET_MS / 1000 };
  }

  /** Any ticket that is not a live one (unknown, spent, expired, another login name) gets the same answer. */
  async loginByTempTicket(input: { ticket: string; loginName?: string }, caller: Caller) {
    const { db } = this.options;
    const spent = await consumeTicket(db, 'temp', input.ticket);
    if (!spent?.customerId || (input.loginName && input.loginName !== spent.subject)) {
      throw new CallError(GatewayCode.TicketInvalid, 'This link has expired. Please open Panalo again from the partner app.', 401);
    }
    const customer = await findById(db, spent.customerId);
    return logIn(db, this.options.policy, customer!, caller.client, caller.sessionId);
  }

  /** Forgotten password, V2, step 1: a code to the phone (only a number with an account gets one; the answer is the same). */
  async forgetSendCode(input: { phone: string; captchaToken: string }) {
    const { db } = this.options;
    const phone = phoneOf(input.phone);
    await spendCaptcha(db, input.captchaToken);
    if (await findByPhone(db, phone)) await this.sendCode(phone, 'forget');
    return { waitSeconds: WAIT_SECONDS };
  }

  /** Step 2: the code for a reset ticket. */
  async forgetVerifyCode(input: { phone: string; code: string }) {
    const { db, now } = this.options;
    const phone = phoneOf(input.phone);
    await verifyCode(db, this.codeSecret, phone, 'forget', input.code, now());
    const customer = await findByPhone(db, phone);
    if (!customer) throw new CallError(GatewayCode.CodeExpired, 'This code has expired. Please ask for a new one.', 400);
    const { ticket } = await issueTicket(db, { purpose: 'reset', ttlMs: RESET_TICKET_MS, customerId: customer.id });
    return { resetTicket: ticket };
  }

  /** Step 3: the ticket and the new password; every other session ends. */
  async resetPassword(input: { resetTicket: string; newPassword: string }) {
    const { db, policy, passwordGuard } = this.options;
    const spent = await consumeTicket(db, 'reset', input.resetTicket);
    if (!spent?.customerId) throw new CallError(GatewayCode.TicketInvalid, 'This reset link has expired. Please start again.', 400);
    await db
      .update(customers)
      .set({ passwordHash: await hashPassword(input.newPassword) })
      .where(eq(customers.id, spent.customerId));
    await revokeOtherSessions(db, policy, spent.customerId, null, 'password_changed');
    const customer = await findById(db, spent.customerId);
    // The reset came through an SMS code: the new password works at once, even during a lockout.
    if (customer?.mobileNo) await passwordGuard.cleared(customer.mobileNo);
    return { loginName: customer!.loginName };
  }

  /**
   * Opens an account for a number another module proved with a code (social login's binding, issue 36):
   * the 21+ rule checked here; `withAccount` runs in the account's own transaction (the binding lands with
   * the account or not at all).
   */
  async openProvedAccount(
    person: { mobileNo: string; birthday: string },
    caller: Caller,
    withAccount: (tx: Transaction, customerId: number) => Promise<void>,
  ) {
    assertOfAge(person.birthday);
    if (await findByPhone(this.options.db, person.mobileNo))
      throw new CallError(GatewayCode.PhoneTaken, 'This number already has an account. Please log in.', 409);
    return this.openAccount(person, {}, caller, withAccount);
  }

  /** Opens an account (the caller checked the 21+ rule and the code), welcomes the player, logs them in. */
  private async openAccount(
    input: Omit<NewCustomer, keyof Arrival>,
    arrival: Arrival,
    caller: Caller,
    withAccount?: (tx: Transaction, customerId: number) => Promise<void>,
  ) {
    const { db } = this.options;
    await this.options.screen?.({ mobileNo: input.mobileNo, birthday: input.birthday });
    const header = (name: string) => {
      const value = caller.client.headers[name];
      return typeof value === 'string' && value !== '' ? value : undefined;
    };
    const customer = await db.transaction(async (tx) => {
      const created = await createCustomer(tx, {
        ...input,
        acquisition: arrival.acquisition,
        invite: arrival.invite,
        deviceToken: arrival.deviceToken,
      });
      // Where the account came from, in the same transaction: an affiliate's registration is never lost.
      await this.options.recordAttribution?.(tx, created.id, {
        acquisition: arrival.acquisition,
        touches: arrival.touches,
        fingerprint: arrival.fingerprint,
        deviceId: header('deviceid'),
        domainName: header('domainname'),
      });
      await this.options.accountOpened?.(tx, created.id, arrival.invite ?? {});
      await withAccount?.(tx, created.id);
      return created;
    });
    await this.options.onRegistered(customer.id, { depositLimit: arrival.depositLimit });
    return logIn(db, this.options.policy, customer, caller.client, caller.sessionId);
  }

  private async sendCode(phone: string, purpose: string) {
    const code = await issueCode(this.options.db, this.codeSecret, phone, purpose, this.options.now());
    await this.options.sms.send(phone, smsText(code, purpose));
  }

  /** Tells the owner, once per lockout, that their password login is paused. A failed notice is logged, not answered. */
  private async noticeLockout(customer: Customer, failure: Extract<Failure, { locked: true }>, ip: string) {
    const notice = lockoutNotice(failure, this.options.now(), ip);
    try {
      await this.options.notifyOwner(customer.id, notice.title, notice.body);
      if (customer.mobileNo) await this.options.sms.send(customer.mobileNo, notice.sms);
    } catch (error) {
      this.options.log.error({ err: error, customerId: customer.id }, 'lockout notice failed');
    }
  }
}
