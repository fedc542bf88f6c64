import { eq } from 'drizzle-orm';
import { nothing } from '../../../src/contract/answers/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { Challenge, Solution } from 'altcha-lib';
import { GatewayCode } from '../../../src/contract/errorCodes';
import {
  forgetResetSchema,
  forgetSendSchema,
  forgetVerifySchema,
  loginByPasswordSchema,
  loginBySmsSchema,
  registerSchema,
  sendSmsCodeSchema,
  visitorRegisterSchema,
} from '../../../src/contract/forms';
import { normalizePhone } from '../../../src/contract/people';
import type { Database, Transaction } from '../../db';
import type { Touches } from '../../../src/contract/events';
import { customers } from '../../db/schema';
import { CallError } from '../../lib/errors';
import { type FieldCipher, hashPassword, verifyPassword } from '../../lib/security';
import type { SmsProvider } from '../../providers/messaging';
import type { Secrets } from '../../config';
import { generateCaptcha, spendCaptcha, validateCaptcha } from './captcha';
import { issueCode, verifyCode } from './codes';
import { type Failure, type PasswordGuard, lockedError, lockoutNotice, wrongPasswordError } from './lockout';
import { type SessionPolicy, createSession, revokeOtherSessions, revokeSession } from './sessions';
import { consumeTicket, issueTicket } from './tickets';
import { type Customer, type NewCustomer, assertOfAge, createCustomer, findById, findByPhone, logIn } from './users';

/** What a registration call says about where the player came from (issue 39), as the stats module records it. */
export interface AttributionSource {
  acquisition: Record<string, string> | undefined;
  touches: Touches | undefined;
  deviceId: string | undefined;
  domainName: string | undefined;
}

export interface AuthOptions {
  db: Database;
  secrets: Secrets;
  cipher: FieldCipher;
  sms: SmsProvider;
  policy: SessionPolicy;
  /** Proof-of-work range of the captcha (lower in tests). */
  captchaDifficulty: { min: number; max: number };
  /** Called when a player opens an account (the messages module welcomes them). */
  onRegistered: (customerId: number) => Promise<void>;
  /**
   * Records where a new account came from (the stats module: acquisition parameters, first and last
   * touch, the device), inside the transaction that opens the account.
   */
  recordAttribution?: (tx: Transaction, customerId: number, source: AttributionSource) => Promise<void>;
  /** Counts wrong passwords per number and pauses password login (see lockout.ts). */
  passwordGuard: PasswordGuard;
  /** Puts a message in a player's inbox (the messages module). */
  notifyOwner: (customerId: number, title: string, body: string) => Promise<void>;
  /** The clock of codes and lockouts (tests move it forward). */
  now: () => number;
}

/** Calls that cost us money or guess passwords get a tighter per-address limit than the rest. */
const SENSITIVE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

const TEMP_TICKET_MS = 2 * 60_000;
const RESET_TICKET_MS = 10 * 60_000;

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

export async function authRoutes(app: FastifyInstance, options: AuthOptions) {
  const { db, policy, passwordGuard, now } = options;
  const codeSecret = options.secrets.captchaKeySecret;

  /** Tells the owner, once per lockout, that their password login is paused. A failed notice is logged, not answered. */
  async function noticeLockout(customer: Customer, failure: Extract<Failure, { locked: true }>, request: FastifyRequest) {
    const notice = lockoutNotice(failure, now(), request.ip);
    try {
      await options.notifyOwner(customer.id, notice.title, notice.body);
      if (customer.mobileNo) await options.sms.send(customer.mobileNo, notice.sms);
    } catch (error) {
      request.log.error({ err: error, customerId: customer.id }, 'lockout notice failed');
    }
  }

  app.call({
    prefix: 'main',
    name: 'webToken',
    auth: 'public',
    body: z.looseObject({}),
    handler: async ({ request }) => ({ webToken: (await createSession(db, policy, null, request)).webToken }),
  });

  app.call({
    prefix: 'front',
    name: 'front/publicKey',
    auth: 'public',
    body: z.looseObject({}),
    handler: () => ({ keyId: options.cipher.keyId, spki: options.cipher.publicKeySpki }),
  });

  app.call({
    prefix: 'main',
    name: 'hCaptcha/generate',
    auth: 'public',
    rateLimit: SENSITIVE_LIMIT,
    body: z.looseObject({}),
    handler: () => generateCaptcha(options.secrets, options.captchaDifficulty),
  });

  app.call({
    prefix: 'main',
    name: 'hCaptcha/validate',
    auth: 'public',
    rateLimit: SENSITIVE_LIMIT,
    body: z.object({
      challenge: z.looseObject({ parameters: z.looseObject({}) }),
      solution: z.looseObject({ counter: z.number(), derivedKey: z.string() }),
    }),
    handler: async ({ body }) => ({
      captchaToken: await validateCaptcha(
        db,
        options.secrets,
        body.challenge as unknown as Challenge,
        body.solution as unknown as Solution,
      ),
    }),
  });

  /** Opens an account (the caller checked the 21+ rule and the code), welcomes the player, logs them in. */
  async function openAccount(
    input: Omit<NewCustomer, 'acquisition' | 'invite' | 'deviceToken'>,
    body: Pick<NewCustomer, 'acquisition' | 'invite' | 'deviceToken'> & { touches?: Touches | undefined },
    request: FastifyRequest,
    previousSessionId: number | undefined,
  ) {
    const customer = await db.transaction(async (tx) => {
      const created = await createCustomer(tx, { ...input, acquisition: body.acquisition, invite: body.invite, deviceToken: body.deviceToken });
      // Where the account came from, in the same transaction: an affiliate's registration is never lost.
      const header = (name: string) => (typeof request.headers[name] === 'string' ? (request.headers[name] as string) : undefined);
      await options.recordAttribution?.(tx, created.id, {
        acquisition: body.acquisition,
        touches: body.touches,
        deviceId: header('deviceid'),
        domainName: header('domainname'),
      });
      return created;
    });
    await options.onRegistered(customer.id);
    return logIn(db, policy, customer, request, previousSessionId);
  }

  async function sendCode(phone: string, purpose: string) {
    const code = await issueCode(db, codeSecret, phone, purpose, now());
    await options.sms.send(phone, smsText(code, purpose));
  }

  // spec §7: loginAndRegisterSendSmsCode sends the code for loginAndRegisterV4 and says whether the
  // number is new (then the form asks for the date of birth, for the 21+ rule).
  app.call({
    prefix: 'main',
    name: 'userAuth/loginAndRegisterSendSmsCode',
    auth: 'public',
    rateLimit: SENSITIVE_LIMIT,
    body: z.object({ phone: sendSmsCodeSchema.shape.phone, captchaToken: sendSmsCodeSchema.shape.captchaToken }),
    handler: async ({ body }) => {
      const phone = phoneOf(body.phone);
      await spendCaptcha(db, body.captchaToken);
      const existing = await findByPhone(db, phone);
      await sendCode(phone, 'login');
      return { registered: existing !== undefined, waitSeconds: 60 };
    },
  });

  app.call({
    prefix: 'main',
    name: 'phone/sendCode',
    auth: 'public',
    rateLimit: SENSITIVE_LIMIT,
    body: sendSmsCodeSchema,
    handler: async ({ body }) => {
      const phone = phoneOf(body.phone);
      await spendCaptcha(db, body.captchaToken);
      const existing = await findByPhone(db, phone);
      if (body.purpose === 'register' && existing)
        throw new CallError(GatewayCode.PhoneTaken, 'This number already has an account. Please log in.', 409);
      // A new number for a logged-in player (security centre): one account per number.
      if (body.purpose === 'bind' && existing)
        throw new CallError(GatewayCode.PhoneTaken, 'This number is already used by another account. Please use another number.', 409);
      // A reset code goes only to a number with an account; the answer does not say which numbers have one.
      if (body.purpose !== 'forget' || existing) await sendCode(phone, body.purpose);
      return { waitSeconds: 60 };
    },
  });

  app.call({
    prefix: 'main',
    name: 'userAuth/loginAndRegisterV4',
    auth: 'public',
    rateLimit: SENSITIVE_LIMIT,
    body: loginBySmsSchema,
    handler: async ({ body, request, session }) => {
      const phone = phoneOf(body.phone);
      const existing = await findByPhone(db, phone);
      if (existing) {
        await verifyCode(db, codeSecret, phone, 'login', body.code, now());
        // An SMS code proves the number: it lifts a password lockout too.
        await passwordGuard.cleared(phone);
        return logIn(db, policy, existing, request, session?.id);
      }
      // A new number opens an account: check what it needs before spending the code, so the player
      // can add the missing date of birth and send the same code again.
      if (!body.birthday) throw new CallError(GatewayCode.BirthdayRequired, 'Please enter your date of birth to open your account.', 400);
      assertOfAge(body.birthday);
      if (body.agree !== true)
        throw new CallError(GatewayCode.InvalidRequest, 'Please confirm you are 21 or older and accept the terms.', 400);
      await verifyCode(db, codeSecret, phone, 'login', body.code, now());
      return openAccount({ mobileNo: phone, birthday: body.birthday }, body, request, session?.id);
    },
  });

  app.call({
    prefix: 'main',
    name: 'userAuth/loginByPhoneV4',
    auth: 'public',
    rateLimit: SENSITIVE_LIMIT,
    body: loginByPasswordSchema,
    handler: async ({ body, request, session }) => {
      const phone = phoneOf(body.phone);
      await spendCaptcha(db, body.captchaToken);
      // A paused number is refused before its password is looked at: the right one too.
      await passwordGuard.assertOpen(phone);
      const customer = await findByPhone(db, phone);
      const ok = await verifyPassword(body.password, customer?.passwordHash ?? null);
      if (!customer || !ok) {
        // Counted by number, so a number without an account answers exactly as one with an account.
        const failure = await passwordGuard.failed(phone);
        if (!failure.locked) throw wrongPasswordError(failure.triesLeft);
        if (failure.startedNow && customer) await noticeLockout(customer, failure, request);
        throw lockedError(failure.until, now());
      }
      await passwordGuard.cleared(phone);
      return logIn(db, policy, customer, request, session?.id);
    },
  });

  app.call({
    prefix: 'main',
    name: 'userAuth/registerV2',
    auth: 'public',
    rateLimit: SENSITIVE_LIMIT,
    body: registerSchema,
    handler: async ({ body, request, session }) => {
      const phone = phoneOf(body.phone);
      assertOfAge(body.birthday);
      await verifyCode(db, codeSecret, phone, 'register', body.code, now());
      if (await findByPhone(db, phone))
        throw new CallError(GatewayCode.PhoneTaken, 'This number already has an account. Please log in.', 409);
      const passwordHash = await hashPassword(body.password);
      return openAccount({ mobileNo: phone, passwordHash, birthday: body.birthday }, body, request, session?.id);
    },
  });

  // A quick account without a phone yet (binding one is asked for when the site requires it).
  app.call({
    prefix: 'main',
    name: 'userAuth/visitorRegisterAndLogin',
    auth: 'public',
    rateLimit: SENSITIVE_LIMIT,
    body: visitorRegisterSchema,
    handler: async ({ body, request, session }) => {
      assertOfAge(body.birthday);
      await spendCaptcha(db, body.captchaToken);
      return openAccount({ mobileNo: null, birthday: body.birthday }, body, request, session?.id);
    },
  });

  app.call({
    prefix: 'main',
    name: 'customer/logoutV2',
    auth: 'player',
    body: z.looseObject({}),
    answer: nothing,
    handler: async ({ session }) => {
      await revokeSession(db, policy, session.id, 'logout');
      return null;
    },
  });

  // Partner auto-login (spec §2 tempTicket/loginName): a logged-in session hands a single-use ticket to
  // a partner page, which opens Panalo with it.
  app.call({
    prefix: 'main',
    name: 'userAuth/getTempToken',
    auth: 'player',
    body: z.looseObject({}),
    handler: async ({ customerId }) => {
      const customer = await findById(db, customerId);
      const { ticket } = await issueTicket(db, { purpose: 'temp', ttlMs: TEMP_TICKET_MS, customerId, subject: customer!.loginName });
      return { tempTicket: ticket, loginName: customer!.loginName, expiresIn: TEMP_TICKET_MS / 1000 };
    },
  });

  app.call({
    prefix: 'main',
    name: 'getH5TokenByTempTicket',
    auth: 'public',
    rateLimit: SENSITIVE_LIMIT,
    // Any ticket that is not a live one (too short, unknown, spent, expired) gets the same answer.
    body: z.object({ ticket: z.string().check(z.maxLength(200)), loginName: z.optional(z.string()) }),
    handler: async ({ body, request, session }) => {
      const spent = await consumeTicket(db, 'temp', body.ticket);
      if (!spent?.customerId || (body.loginName && body.loginName !== spent.subject)) {
        throw new CallError(GatewayCode.TicketInvalid, 'This link has expired. Please open Panalo again from the partner app.', 401);
      }
      const customer = await findById(db, spent.customerId);
      return logIn(db, policy, customer!, request, session?.id);
    },
  });

  // customer/modifyPwd and customer/validatePwd are the security centre's (server/modules/security).

  // Forgotten password, V2: a code to the phone, then a reset ticket, then the new password.
  app.call({
    prefix: 'main',
    name: 'userAuth/forgetPwdSendCodeV2',
    auth: 'public',
    rateLimit: SENSITIVE_LIMIT,
    body: forgetSendSchema,
    handler: async ({ body }) => {
      const phone = phoneOf(body.phone);
      await spendCaptcha(db, body.captchaToken);
      if (await findByPhone(db, phone)) await sendCode(phone, 'forget');
      return { waitSeconds: 60 };
    },
  });

  app.call({
    prefix: 'main',
    name: 'userAuth/forgetPwdVerifyCodeV2',
    auth: 'public',
    rateLimit: SENSITIVE_LIMIT,
    body: forgetVerifySchema,
    handler: async ({ body }) => {
      const phone = phoneOf(body.phone);
      await verifyCode(db, codeSecret, phone, 'forget', body.code, now());
      const customer = await findByPhone(db, phone);
      if (!customer) throw new CallError(GatewayCode.CodeExpired, 'This code has expired. Please ask for a new one.', 400);
      const { ticket } = await issueTicket(db, { purpose: 'reset', ttlMs: RESET_TICKET_MS, customerId: customer.id });
      return { resetTicket: ticket };
    },
  });

  app.call({
    prefix: 'main',
    name: 'userAuth/modifyPwdForgetPwdV2',
    auth: 'public',
    rateLimit: SENSITIVE_LIMIT,
    body: forgetResetSchema,
    handler: async ({ body }) => {
      const spent = await consumeTicket(db, 'reset', body.resetTicket);
      if (!spent?.customerId) throw new CallError(GatewayCode.TicketInvalid, 'This reset link has expired. Please start again.', 400);
      await db
        .update(customers)
        .set({ passwordHash: await hashPassword(body.newPassword) })
        .where(eq(customers.id, spent.customerId));
      await revokeOtherSessions(db, policy, spent.customerId, null, 'password_changed');
      const customer = await findById(db, spent.customerId);
      // The reset came through an SMS code: the new password works at once, even during a lockout.
      if (customer?.mobileNo) await passwordGuard.cleared(customer.mobileNo);
      return { loginName: customer!.loginName };
    },
  });
}
