import { compactDecrypt, importPKCS8 } from 'jose';
import type { FastifyBaseLogger } from 'fastify';
import { eq, isNull, and } from 'drizzle-orm';
import type { LoginResult } from '../../../src/contract/auth';
import { GatewayCode } from '../../../src/contract/errorCodes';
import { maskPhone } from '../../../src/contract/people';
import { MAYA_HOST, type DepositFlagAnswer, type MayaBindAnswer } from '../../../src/contract/partners';
import { MAYA_BIND_TYPE } from '../../../src/lib/partner';
import type { Database } from '../../db';
import { customers } from '../../db/schema';
import { CallError } from '../../lib/errors';
import { HostError } from '../../providers/hosts/types';
import { MAYA_JWE, type MayaTokenClaims, type WalletHostUser, type WalletMiniAppHost } from '../../providers/hosts/walletMiniApp';
import { type Client, type SessionPolicy, consumeTicket, findById, findByPhone, issueTicket, logIn } from '../auth';
import { providerIssue } from '../payments';
import { link, linkedCustomer, linksOf } from './repository';

/** A landing's sessionId lives this long (and is spent by its first use). */
export const MAYA_SESSION_MS = 10 * 60_000;
const SESSION = 'maya-session';
/** A JWE's id, kept spent so that the same POST twice is refused. */
const SEEN = 'maya-jwe';

/** Why the Session URL refused a POST (the host sees it; nothing of ours is told). */
export class SessionRefused extends Error {
  constructor(
    readonly status: 400 | 401 | 503,
    readonly code: string,
  ) {
    super(code);
  }
}

export interface MayaServiceOptions {
  db: Database;
  policy: SessionPolicy;
  /** The wallet host; absent: not configured (production without a Maya contract). */
  host: WalletMiniAppHost | undefined;
  /** Our private key: the host encrypts its token to its public half. */
  privateKeyPem: string | undefined;
  /** Whether an operator's switch is in withdraw-only mode ('host:maya', 'channel:maya'). */
  withdrawOnly: (key: string) => Promise<boolean>;
  clock: () => number;
  log: FastifyBaseLogger;
}

/**
 * The wallet mini-app (Maya style): the host's Session URL POST answered at once with a one-time sessionId
 * (≤ 10 minutes), the landing spending it once (maya/initiateSession), the binding of a Maya user to the
 * account with the wallet's verified number (bindType 6), and what the page asks about it.
 */
export class MayaService {
  constructor(private readonly options: MayaServiceOptions) {}

  /** The host's POST to our Session URL. Answers the sessionId; refuses forged, expired or replayed tokens. */
  async openSession(body: unknown): Promise<{ sessionId: string; expiresIn: number }> {
    const { host, privateKeyPem, db, clock, log } = this.options;
    if (!host || !privateKeyPem) throw new SessionRefused(503, 'not_configured');
    const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    const jwe = fields['accessToken'];
    if (typeof jwe !== 'string' || jwe.length > 8_192 || typeof fields['refreshToken'] !== 'string')
      throw new SessionRefused(400, 'invalid_request');
    let claims: MayaTokenClaims;
    try {
      const key = await importPKCS8(privateKeyPem, MAYA_JWE.alg);
      const { plaintext, protectedHeader } = await compactDecrypt(jwe, key, {
        keyManagementAlgorithms: [MAYA_JWE.alg],
        contentEncryptionAlgorithms: [MAYA_JWE.enc],
      });
      if (protectedHeader.alg !== MAYA_JWE.alg) throw new Error('alg');
      claims = JSON.parse(new TextDecoder().decode(plaintext)) as MayaTokenClaims;
    } catch {
      log.warn('maya session: a token that does not decrypt with our key');
      throw new SessionRefused(401, 'invalid_token');
    }
    if (typeof claims.access_token !== 'string' || typeof claims.jti !== 'string' || typeof claims.exp !== 'number')
      throw new SessionRefused(401, 'invalid_token');
    if (claims.exp * 1000 <= clock()) {
      log.warn('maya session: an expired token');
      throw new SessionRefused(401, 'expired_token');
    }
    // The same token twice is a replay: its id is kept spent until it would have expired anyway.
    const fresh = await issueTicket(db, { purpose: SEEN, secret: claims.jti, ttlMs: claims.exp * 1000 - clock(), consumed: true }).then(
      () => true,
      () => false,
    );
    if (!fresh) {
      log.warn('maya session: a replayed token');
      throw new SessionRefused(401, 'replayed_token');
    }
    let user: WalletHostUser;
    try {
      user = await host.userInfo(claims.access_token);
    } catch (error) {
      if (error instanceof HostError) throw new SessionRefused(401, 'invalid_token');
      log.error({ err: error }, 'maya session: the host did not answer');
      throw new SessionRefused(503, 'host_unreachable');
    }
    const { ticket } = await issueTicket(db, {
      purpose: SESSION,
      ttlMs: MAYA_SESSION_MS,
      subject: JSON.stringify({ ...user, at: clock() }),
    });
    return { sessionId: ticket, expiresIn: MAYA_SESSION_MS / 1000 };
  }

  /** maya/initiateSession: the landing's sessionId, once, within its 10 minutes. */
  async initiateSession(body: { sessionId: string }, caller: { client: Client; sessionId: number | undefined }): Promise<LoginResult> {
    const { db, policy } = this.options;
    const spent = await consumeTicket(db, SESSION, body.sessionId);
    const opened = spent ? (JSON.parse(spent.subject) as WalletHostUser & { at: number }) : undefined;
    if (!opened || this.options.clock() - opened.at > MAYA_SESSION_MS) {
      this.options.log.warn('maya/initiateSession: an unknown, spent or expired sessionId');
      throw new CallError(
        GatewayCode.TicketInvalid,
        'This Maya session has expired or was already used. Please close Panalo and open it again from Maya.',
        401,
      );
    }
    const user: WalletHostUser = { hostUserId: opened.hostUserId, mobile: opened.mobile };
    let customerId = await linkedCustomer(db, MAYA_HOST, user.hostUserId);
    if (customerId === undefined) {
      const customer = await findByPhone(db, user.mobile);
      if (!customer)
        throw new CallError(
          GatewayCode.InvalidRequest,
          `No Panalo account uses your Maya number ${maskPhone(user.mobile)} yet. Register in Panalo with this number first, then open Panalo from Maya again.`,
          404,
        );
      customerId = await link(db, MAYA_HOST, user.hostUserId, customer.id);
      // A player bound through the Maya wallet carries bind type 6 (spec §2): deposits go to /mayaAccount.
      await db
        .update(customers)
        .set({ bindType: MAYA_BIND_TYPE })
        .where(and(eq(customers.id, customerId), isNull(customers.bindType)));
    }
    const customer = await findById(db, customerId);
    return logIn(db, policy, customer!, caller.client, caller.sessionId, MAYA_HOST);
  }

  /** maya/checkBindV4: whether this account is bound to a Maya user, and the number, masked. */
  async checkBind(customerId: number): Promise<MayaBindAnswer> {
    const { db } = this.options;
    const bound = (await linksOf(db, customerId)).some((row) => row.host === MAYA_HOST);
    const customer = await findById(db, customerId);
    return { bound, mobile: bound && customer?.mobileNo ? maskPhone(customer.mobileNo) : '' };
  }

  /** maya/checkDepositFlag: the operator's switches for Maya (the host, and the Maya channel). */
  async depositFlag(): Promise<DepositFlagAnswer> {
    if (!this.options.host) throw providerIssue();
    const closed = (await this.options.withdrawOnly(`host:${MAYA_HOST}`)) || (await this.options.withdrawOnly('channel:maya'));
    return {
      deposit: !closed,
      withdraw: true,
      message: closed ? 'Deposits through Maya are paused for now. You can still withdraw your balance.' : '',
    };
  }
}
