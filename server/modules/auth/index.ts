import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionResolver } from '../../plugins/contract';
import { sendMessage, welcome } from '../messages';
import { DEFAULT_LOCKOUT, LOGIN_GUARD_SWEEP_MS, PasswordGuard } from './lockout';
import { authRoutes } from './routes';
import { SESSION_CHECK_BATCH, type SessionPolicy, endedSessions, sessionEndedNotice, sessionResolver } from './sessions';
import { socketPlayer } from './sockets';

/**
 * The auth module: sessions (the `sessions` plugin, which the call contract resolves every token with),
 * and login, registration, captcha, SMS codes and the password lockout (the `auth` plugin and its calls).
 * Other modules use the codes, the lockout, the sessions' ends and the customers' rows through what is
 * exported here.
 */
export interface AuthModuleOptions {
  /** Proof-of-work range of the captcha (default 3,000–12,000; tests use a tiny one). */
  captchaDifficulty?: { min: number; max: number };
}

export interface Sessions {
  /** Idle and absolute limits, and the bus that hears every session that ends (its sockets close). */
  readonly policy: SessionPolicy;
  readonly resolver: SessionResolver;
  /** Who a STOMP CONNECT token belongs to (an unknown or ended one watches the public feed as a visitor). */
  socketPlayer(token: string | undefined): Promise<{ customerId: number | null; nickName: string; sessionId?: number }>;
  /** Which of these sessions have ended, and why, in one query (the sockets' periodic re-check). */
  ended(sessionIds: readonly number[]): Promise<{ sessionId: number; reason: string }[]>;
  /** What a socket of an ended session is told before it closes. */
  endedNotice(reason: string): { code: string; message: string };
  /** At most this many sessions are re-checked in one query. */
  readonly checkBatch: number;
}

export interface Auth {
  /** Wrong passwords per login number (the lockout); the withdrawal password counts its own the same way. */
  readonly passwordGuard: PasswordGuard;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: Sessions;
    auth: Auth;
  }
}

export { checkCode, issueCode, spendCodes, verifyCode } from './codes';
export { DEFAULT_LOCKOUT, PasswordGuard, waitInWords } from './lockout';
export { type SessionPolicy, createSession, revokeOtherSessions } from './sessions';
export { type Customer, type UserInfoFlags, assertOfAge, createCustomer, findById, findByPhone, toUserInfo } from './users';

/** Sessions: the policy from the configuration and the resolver the contract asks for every token. */
export const sessions = fp(
  async (app: FastifyInstance) => {
    const db = app.database.db;
    const policy: SessionPolicy = { idleMs: app.config.sessionIdleMs, maxMs: app.config.sessionMaxMs, events: app.playerEvents };
    const resolver = sessionResolver(db, policy);
    app.decorate('sessions', {
      policy,
      resolver,
      socketPlayer: socketPlayer(db, resolver),
      ended: (sessionIds) => endedSessions(db, policy, sessionIds),
      endedNotice: sessionEndedNotice,
      checkBatch: SESSION_CHECK_BATCH,
    } satisfies Sessions);
  },
  { name: 'sessions', dependencies: ['core'] },
);

export const auth = fp<AuthModuleOptions>(
  async (app: FastifyInstance, options) => {
    const { config, clock } = app;
    const db = app.database.db;
    const passwordGuard = new PasswordGuard(
      db,
      { ...DEFAULT_LOCKOUT, failures: config.loginLockFailures, lockMs: config.loginLockMs },
      clock,
    );
    app.decorate('auth', { passwordGuard } satisfies Auth);
    app.jobs.add('login-guard-sweep', LOGIN_GUARD_SWEEP_MS, (now) => passwordGuard.sweep(now));
    await app.register(authRoutes, {
      db,
      secrets: config.secrets,
      cipher: app.fieldCipher,
      sms: app.sms,
      policy: app.sessions.policy,
      captchaDifficulty: options.captchaDifficulty ?? { min: 3_000, max: 12_000 },
      onRegistered: (customerId) => welcome(db, app.playerEvents, customerId),
      passwordGuard,
      notifyOwner: async (customerId, title, body) => {
        await sendMessage(db, app.playerEvents, { customerId, type: 1, title, body });
      },
      now: clock,
    });
  },
  { name: 'auth', dependencies: ['core', 'jobs', 'sessions', 'contract', 'messaging', 'messages'] },
);
