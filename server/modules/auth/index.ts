import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable, Transaction } from '../../db';
import type { SessionResolver } from '../../plugins/contract';
import { sendMessage, welcome } from '../messages';
import { DEFAULT_LOCKOUT, LOGIN_GUARD_SWEEP_MS, PasswordGuard } from './lockout';
import { authRoutes } from './routes';
import { AuthService } from './service';
import {
  SESSION_CHECK_BATCH,
  type SessionPolicy,
  endPlayerSessions,
  endedSessions,
  revokeSession,
  sessionEndedNotice,
  sessionResolver,
} from './sessions';
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
  /**
   * Hears each login that replaces a visitor's session (the support chat moves the visitor's conversations
   * to the player). A listener that fails is logged; the login goes on.
   */
  onLogin(listener: LoginListener): void;
  /**
   * Ends every session of a player inside the caller's transaction (a responsible-gaming break, exclusion
   * or restriction); call the answer after commit, and the bus tells every instance (their sockets close).
   */
  endAll(tx: Queryable, customerId: number, reason: string): Promise<() => void>;
  /** Ends one session now (a session-time limit, an inactivity logout). */
  endOne(sessionId: number, reason: string): Promise<void>;
}

export type LoginListener = (previousSessionId: number, customerId: number) => Promise<void>;

export interface Auth {
  /** Wrong passwords per login number (the lockout); the withdrawal password counts its own the same way. */
  readonly passwordGuard: PasswordGuard;
  /** Runs `hook` inside the transaction that opens each new account (the invites module records the invitation). */
  onAccountOpened(hook: AccountOpenedHook): void;
  /** Opens an account for a number the caller proved with a code (social login), `withAccount` in its transaction. */
  readonly openProvedAccount: AuthService['openProvedAccount'];
}

export type AccountOpenedHook = (tx: Transaction, customerId: number, invite: Record<string, string>) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    sessions: Sessions;
    auth: Auth;
  }
}

export { checkCode, issueCode, spendCodes, verifyCode } from './codes';
export { DEFAULT_LOCKOUT, PasswordGuard, waitInWords } from './lockout';
export { type Client, type SessionPolicy, createSession, revokeOtherSessions } from './sessions';
export { consumeTicket, issueTicket, peekTicket } from './tickets';
export type { Caller } from './service';
export { type Customer, type UserInfoFlags, assertOfAge, createCustomer, findById, findByPhone, logIn, toUserInfo } from './users';

/** Sessions: the policy from the configuration and the resolver the contract asks for every token. */
export const sessions = fp(
  async (app: FastifyInstance) => {
    const db = app.database.db;
    const loginListeners: LoginListener[] = [];
    const policy: SessionPolicy = {
      idleMs: app.config.sessionIdleMs,
      maxMs: app.config.sessionMaxMs,
      events: app.playerEvents,
      async onLogin(previousSessionId, customerId) {
        for (const listener of loginListeners) {
          await listener(previousSessionId, customerId).catch((error: unknown) =>
            app.log.error({ err: error, previousSessionId }, 'a login listener failed'),
          );
        }
      },
    };
    const resolver = sessionResolver(db, policy);
    app.decorate('sessions', {
      policy,
      resolver,
      socketPlayer: socketPlayer(db, resolver),
      ended: (sessionIds) => endedSessions(db, policy, sessionIds),
      endedNotice: sessionEndedNotice,
      checkBatch: SESSION_CHECK_BATCH,
      onLogin: (listener) => loginListeners.push(listener),
      endAll: (tx, customerId, reason) => endPlayerSessions(tx, policy, customerId, reason),
      endOne: (sessionId, reason) => revokeSession(db, policy, sessionId, reason),
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
    const openedHooks: AccountOpenedHook[] = [];
    app.jobs.add('login-guard-sweep', LOGIN_GUARD_SWEEP_MS, (now) => passwordGuard.sweep(now));
    const service = new AuthService({
      db,
      secrets: config.secrets,
      cipher: app.fieldCipher,
      sms: app.sms,
      // What a new login may do: withdraw only during a break, an exclusion or a restriction (responsible gaming).
      policy: { ...app.sessions.policy, scopeAtLogin: (customerId) => app.responsibleGaming.atLogin(customerId) },
      captchaDifficulty: options.captchaDifficulty ?? { min: 3_000, max: 12_000 },
      onRegistered: async (customerId, choices) => {
        await welcome(db, app.playerEvents, customerId);
        // Accepting the terms declares that no barred category applies; a daily deposit limit may come with it (issue 34).
        await app.responsibleGaming.registered(customerId, choices.depositLimit ?? null);
      },
      // Where the account came from (issue 39), in the account's own transaction.
      recordAttribution: (tx, customerId, source) => app.stats.recordRegistration(tx, customerId, source),
      accountOpened: async (tx, customerId, invite) => {
        for (const hook of openedHooks) await hook(tx, customerId, invite);
      },
      // The restricted-persons list, before an account opens (issue 34).
      screen: (person) => app.responsibleGaming.screenRegistration(person),
      passwordGuard,
      notifyOwner: async (customerId, title, body) => {
        await sendMessage(db, app.playerEvents, { customerId, type: 1, title, body });
      },
      now: clock,
      log: app.log,
    });
    app.decorate('auth', {
      passwordGuard,
      onAccountOpened: (hook) => void openedHooks.push(hook),
      openProvedAccount: (...args) => service.openProvedAccount(...args),
    } satisfies Auth);
    await app.register(authRoutes, { service });
  },
  { name: 'auth', dependencies: ['core', 'jobs', 'sessions', 'contract', 'messaging', 'messages', 'responsible-gaming', 'stats'] },
);
