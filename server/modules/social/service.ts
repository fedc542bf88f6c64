import { and, eq, isNull, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import * as client from 'openid-client';
import { GatewayCode } from '../../../src/contract/errorCodes';
import { maskPhone, normalizePhone } from '../../../src/contract/people';
import {
  SOCIAL_REDIRECT_PATH,
  type BindingsAnswer,
  type CreateBindAnswer,
  type PhoneMaskAnswer,
  type SocialCallbackAnswer,
  type SocialProvider,
  type SocialStartAnswer,
} from '../../../src/contract/social';
import type { Database, Transaction } from '../../db';
import { CallError } from '../../lib/errors';
import type { SmsProvider } from '../../providers/messaging';
import type { UserInfo } from '../../../src/contract/user';
import { customers } from '../../db/schema';
import {
  type Caller,
  type SessionPolicy,
  assertOfAge,
  consumeTicket,
  findById,
  findByPhone,
  issueCode,
  issueTicket,
  logIn,
  peekTicket,
  toUserInfo,
  verifyCode,
} from '../auth';
import type { LoginResult } from '../../../src/contract/auth';
import { OidcRefused, type OidcClients, type VerifiedIdentity } from './oidc';
import { bindIdentity, boundCustomer, identityOf } from './repository';

/** A sign-in started and not come back within this long is refused (the state is spent or expired). */
export const STATE_TTL_MS = 10 * 60_000;
/** A verified identity waits this long for its binding. */
export const BIND_TTL_MS = 10 * 60_000;
const STATE = 'oidc-state';
const BIND = 'oidc-bind';
/** The SMS code's purpose for a number that binds a social identity. */
const CODE_PURPOSE = 'bind-social';
const WAIT_SECONDS = 60;

const LABEL: Record<SocialProvider, string> = { google: 'Google', apple: 'Apple' };

interface StartedLogin {
  provider: SocialProvider;
  nonce: string;
  verifier: string;
  redirectUri: string;
  returnTo: string;
  sessionId: number;
}

interface PendingBind extends VerifiedIdentity {
  provider: SocialProvider;
  sessionId: number;
}

export interface SocialServiceOptions {
  db: Database;
  policy: SessionPolicy;
  oidc: OidcClients;
  sms: SmsProvider;
  /** The secret SMS codes are hashed with (the auth module's). */
  codeSecret: string;
  /** Opens an account for a proved number, `withAccount` in its transaction (the auth module). */
  openProvedAccount: (
    person: { mobileNo: string; birthday: string },
    caller: Caller,
    withAccount: (tx: Transaction, customerId: number) => Promise<void>,
  ) => Promise<LoginResult>;
  /** Every outside account of a player (the partners module). */
  linksOf: (customerId: number) => Promise<{ host: string; email: string }[]>;
  /** The site's public origin; empty: the origin the player's browser called from. */
  publicUrl: string;
  clock: () => number;
  log: FastifyBaseLogger;
}

/** A caller of a social call: its session (a visitor's or a player's) and the origin its page runs on. */
export interface SocialCaller extends Caller {
  sessionId: number;
  customerId: number | null;
  origin: string;
}

const expired = (provider: SocialProvider) =>
  new CallError(
    GatewayCode.TicketInvalid,
    `This ${LABEL[provider]} sign-in has expired or was already used. Please tap Continue with ${LABEL[provider]} again.`,
    401,
  );

/**
 * Social login (issue 36): the start (state, nonce and PKCE verifier kept in the database, tied to the
 * caller's session), the callback (state spent once, code exchanged, ID token verified), and the binding
 * rules: a bound identity logs its player in; an unbound one binds to the logged-in player who confirms it,
 * or to the account whose number an SMS code proves, or opens an account for a new number (21+).
 */
export class SocialService {
  constructor(private readonly options: SocialServiceOptions) {}

  offered(): SocialProvider[] {
    return (['google', 'apple'] as const).filter((provider) => this.options.oidc.offers(provider));
  }

  async start(provider: SocialProvider, returnTo: string | undefined, caller: SocialCaller): Promise<SocialStartAnswer> {
    const { oidc, db } = this.options;
    if (!oidc.offers(provider))
      throw new CallError(
        GatewayCode.InvalidRequest,
        `Signing in with ${LABEL[provider]} is not available right now. Please log in with your mobile number.`,
        404,
      );
    const state = client.randomState();
    const started: StartedLogin = {
      provider,
      nonce: client.randomNonce(),
      verifier: client.randomPKCECodeVerifier(),
      redirectUri: `${this.options.publicUrl || caller.origin}${SOCIAL_REDIRECT_PATH}`,
      returnTo: returnTo ?? '/',
      sessionId: caller.sessionId,
    };
    let url: URL;
    try {
      url = await oidc.authorizationUrl(provider, { ...started, state });
    } catch (error) {
      this.options.log.error({ err: error, provider }, 'social login: the provider could not be reached');
      throw new CallError(GatewayCode.InvalidRequest, `${LABEL[provider]} is not answering right now. Please try again in a moment.`, 503);
    }
    await issueTicket(db, { purpose: STATE, secret: state, ttlMs: STATE_TTL_MS, subject: JSON.stringify(started) });
    // The simulator's pages are on this site: the player's browser goes there by path, whatever the origin.
    return { url: oidc.isSimulated(provider) ? `${url.pathname}${url.search}` : url.toString() };
  }

  /** The callback (userAuth/getUserInfoFromGoogle, auth/appleAuth): once, in the session that started it. */
  async callback(
    provider: SocialProvider,
    body: { code: string; state: string; iss?: string | undefined },
    caller: SocialCaller,
  ): Promise<SocialCallbackAnswer> {
    const { db, log } = this.options;
    const spent = await consumeTicket(db, STATE, body.state);
    const started = spent ? (JSON.parse(spent.subject) as StartedLogin) : undefined;
    if (!started || started.provider !== provider || started.sessionId !== caller.sessionId) {
      log.warn({ provider, known: started !== undefined }, 'social login: an unknown, spent, foreign or expired state');
      throw expired(provider);
    }
    let identity: VerifiedIdentity;
    try {
      identity = await this.options.oidc.exchange(provider, { ...started, code: body.code, state: body.state, iss: body.iss });
    } catch (error) {
      if (!(error instanceof OidcRefused)) throw error;
      log.warn({ provider, reason: error.reason }, 'social login: the code or its ID token was refused');
      throw new CallError(
        GatewayCode.TicketInvalid,
        `${LABEL[provider]} could not confirm this sign-in, so nothing was changed. Please tap Continue with ${LABEL[provider]} again.`,
        401,
      );
    }
    const customerId = await boundCustomer(db, provider, identity.sub);
    if (customerId !== undefined) {
      const customer = await findById(db, customerId);
      return {
        status: 'loggedIn',
        returnTo: started.returnTo,
        ...(await logIn(db, this.options.policy, customer!, caller.client, caller.sessionId)),
      };
    }
    const pending: PendingBind = { ...identity, provider, sessionId: caller.sessionId };
    const { ticket } = await issueTicket(db, { purpose: BIND, ttlMs: BIND_TTL_MS, subject: JSON.stringify(pending) });
    const player = caller.customerId !== null ? await findById(db, caller.customerId) : undefined;
    return {
      status: 'needBind',
      returnTo: started.returnTo,
      provider,
      bindTicket: ticket,
      email: identity.email,
      name: identity.name,
      account: player ? { mobile: player.mobileNo ? maskPhone(player.mobileNo) : '', loginName: player.loginName } : null,
    };
  }

  /** userAuth/verifyPhoneMask: the number to bind to gets a code; the answer says whether it has an account. */
  async verifyPhoneMask(body: { bindTicket: string; phone: string }, caller: SocialCaller): Promise<PhoneMaskAnswer> {
    const { db } = this.options;
    const pending = await this.pending(body.bindTicket, caller);
    const phone = normalizePhone(body.phone);
    if (!phone) throw new CallError(GatewayCode.InvalidRequest, 'Enter a Philippine mobile number, like 0917 123 4567.', 400);
    const existing = await findByPhone(db, phone);
    if (existing) await this.assertFree(pending.provider, existing.id);
    const code = await issueCode(db, this.options.codeSecret, phone, CODE_PURPOSE, this.options.clock());
    await this.options.sms.send(
      phone,
      `Panalo: ${code} is your code to link your ${LABEL[pending.provider]} account to Panalo. It expires in 5 minutes. Never share it with anyone.`,
    );
    return { registered: existing !== undefined, mobile: maskPhone(phone), waitSeconds: WAIT_SECONDS };
  }

  /** auth/createBind: binds the verified identity to the logged-in player, or to the number the code proves (or a new account). */
  async createBind(
    body: {
      bindTicket: string;
      phone?: string | undefined;
      code?: string | undefined;
      birthday?: string | undefined;
      agree?: boolean | undefined;
    },
    caller: SocialCaller,
  ): Promise<CreateBindAnswer> {
    const { db } = this.options;
    const pending = await this.pending(body.bindTicket, caller);
    const { provider } = pending;
    if (caller.customerId !== null) {
      // Logged in: the session proves the player.
      await this.assertFree(provider, caller.customerId);
      await this.spend(body.bindTicket, provider);
      await this.bind(pending, caller.customerId);
      return { provider, email: pending.email, login: null };
    }
    const phone = body.phone ? normalizePhone(body.phone) : undefined;
    if (!phone || !body.code)
      throw new CallError(
        GatewayCode.InvalidRequest,
        `Enter your mobile number and the code we sent to link your ${LABEL[provider]} account.`,
        400,
      );
    const existing = await findByPhone(db, phone);
    if (existing) {
      await this.assertFree(provider, existing.id);
      await verifyCode(db, this.options.codeSecret, phone, CODE_PURPOSE, body.code, this.options.clock());
      await this.spend(body.bindTicket, provider);
      await this.bind(pending, existing.id);
      return { provider, email: pending.email, login: await logIn(db, this.options.policy, existing, caller.client, caller.sessionId) };
    }
    // A new number opens an account: what registration asks, checked before the code is spent.
    if (!body.birthday) throw new CallError(GatewayCode.BirthdayRequired, 'Please enter your date of birth to open your account.', 400);
    if (body.agree !== true)
      throw new CallError(GatewayCode.InvalidRequest, 'Please confirm you are 21 or older and accept the terms.', 400);
    assertOfAge(body.birthday);
    await verifyCode(db, this.options.codeSecret, phone, CODE_PURPOSE, body.code, this.options.clock());
    await this.spend(body.bindTicket, provider);
    const login = await this.options.openProvedAccount({ mobileNo: phone, birthday: body.birthday }, caller, async (tx, customerId) => {
      if (!(await bindIdentity(tx, provider, pending, customerId))) throw this.taken(provider);
    });
    return { provider, email: pending.email, login };
  }

  /** auth/checkBindV4: every outside account of this player (Google, Apple, Maya). */
  async checkBind(customerId: number): Promise<BindingsAnswer> {
    const links = await this.options.linksOf(customerId);
    const of = (host: string) => links.find((link) => link.host === host);
    const customer = await findById(this.options.db, customerId);
    return {
      google: { bound: of('google') !== undefined, email: of('google')?.email ?? '' },
      apple: { bound: of('apple') !== undefined, email: of('apple')?.email ?? '' },
      maya: { bound: of('maya') !== undefined, mobile: of('maya') && customer?.mobileNo ? maskPhone(customer.mobileNo) : '' },
    };
  }

  /** userAuth/updateUserInfo: the e-mail a bound provider verified, into a profile that has none. */
  async updateUserInfo(customerId: number, provider: SocialProvider): Promise<UserInfo> {
    const { db } = this.options;
    const identity = await identityOf(db, provider, customerId);
    if (!identity) throw new CallError(GatewayCode.InvalidRequest, `Your account is not linked to ${LABEL[provider]}.`, 404);
    if (identity.email)
      await db
        .update(customers)
        .set({ email: identity.email })
        .where(and(eq(customers.id, customerId), or(isNull(customers.email), eq(customers.email, ''))));
    return toUserInfo((await findById(db, customerId))!);
  }

  /** What a live bind ticket holds, refused when it is another session's (a ticket is no password). */
  private async pending(bindTicket: string, caller: SocialCaller): Promise<PendingBind> {
    const row = await peekTicket(this.options.db, BIND, bindTicket);
    const pending = row ? (JSON.parse(row.subject) as PendingBind) : undefined;
    if (!pending || pending.sessionId !== caller.sessionId) {
      this.options.log.warn({ known: pending !== undefined }, 'social binding: an unknown, spent, foreign or expired bind ticket');
      throw new CallError(GatewayCode.TicketInvalid, 'This sign-in has expired. Please tap Continue with Google or Apple again.', 401);
    }
    return pending;
  }

  private async spend(bindTicket: string, provider: SocialProvider): Promise<void> {
    if (!(await consumeTicket(this.options.db, BIND, bindTicket))) throw expired(provider);
  }

  private async assertFree(provider: SocialProvider, customerId: number): Promise<void> {
    const bound = await identityOf(this.options.db, provider, customerId);
    if (bound)
      throw new CallError(
        GatewayCode.InvalidRequest,
        `This Panalo account is already linked to another ${LABEL[provider]} account${bound.email ? ` (${bound.email})` : ''}. Log in with it, or with your mobile number.`,
        409,
      );
  }

  private taken(provider: SocialProvider): CallError {
    return new CallError(
      GatewayCode.InvalidRequest,
      `This ${LABEL[provider]} account was just linked to a Panalo account. Please start again.`,
      409,
    );
  }

  private async bind(pending: PendingBind, customerId: number): Promise<void> {
    if (!(await bindIdentity(this.options.db, pending.provider, pending, customerId))) throw this.taken(pending.provider);
    this.options.log.info({ provider: pending.provider, customerId }, 'social identity bound');
  }
}
