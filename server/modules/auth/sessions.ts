import { type SQL, and, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { GatewayCode } from '../../../src/contract/errorCodes';
import { RG_SESSION_ENDED } from '../../../src/contract/responsibleGaming';
import { HEADER } from '../../../src/contract/sign';
import type { WebToken } from '../../../src/contract/user';
import { type Queryable, prepared } from '../../db';
import { sessions } from '../../db/schema';
import { coalesce } from '../../lib/coalesce';
import { CallError } from '../../lib/errors';
import { newToken, sha256 } from '../../lib/security';
import type { Session, SessionResolver, SessionScope } from '../../plugins/contract';
import type { PlayerEvents } from '../../realtime/bus';
import { idleRule } from './idle';

/**
 * Sessions: 256-bit random tokens (only their hashes stored), a visitor session before login, a new
 * token on every login, an inactivity limit and an absolute lifetime. An ended session answers the code
 * that tells the client what happened (expired, replaced, mobile changed, invalid).
 */
export interface SessionPolicy {
  idleMs: number;
  maxMs: number;
  /**
   * Hears every session that ends (the player-event bus): the realtime side closes the sockets opened
   * with it. Through the bus, not a call into this process's sockets, since the bus is what reaches
   * every instance once several run.
   */
  events: Pick<PlayerEvents, 'publish'>;
  /** A visitor's session was replaced by a player's login (the support chat's visitor conversations move to the player). */
  onLogin?(previousSessionId: number, customerId: number): Promise<void>;
  /**
   * What a new login may do (responsible gaming, issue 34: 'withdraw' during a break, a self-exclusion or
   * a restriction); asked at every login. None: everything.
   */
  scopeAtLogin?: (customerId: number) => Promise<SessionScope>;
}

/** Who is calling, as a session records it: the address and the device header. */
export type Client = Pick<FastifyRequest, 'ip' | 'headers'>;

export async function createSession(
  db: Queryable,
  policy: SessionPolicy,
  customerId: number | null,
  request: Client,
  scope: SessionScope = null,
  host = '',
): Promise<{ webToken: WebToken; sessionId: number }> {
  const token = newToken();
  const u2token = newToken();
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: sha256(token),
      u2Hash: sha256(u2token),
      customerId,
      expiresAt: new Date(Date.now() + policy.maxMs),
      ip: request.ip,
      deviceId: String(request.headers[HEADER.deviceId.toLowerCase()] ?? '').slice(0, 64),
      scope,
      host,
    })
    .returning({ id: sessions.id });
  return { webToken: { token, u2token }, sessionId: row!.id };
}

/**
 * Ends sessions, and tells the bus which ones ended. Every way a session ends goes through here (logout,
 * a login replacing it, a password change, a closed account, expiry), so their sockets close too.
 */
async function endSessions(db: Queryable, policy: SessionPolicy, which: SQL, reason: string): Promise<number[]> {
  const sessionIds = await revoke(db, which, reason);
  if (sessionIds.length > 0) policy.events.publish({ type: 'sessionsEnded', sessionIds, reason });
  return sessionIds;
}

async function revoke(db: Queryable, which: SQL, reason: string): Promise<number[]> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(which, isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.map((row) => row.id);
}

/**
 * Ends every session of a player inside the caller's transaction (a responsible-gaming break, exclusion
 * or restriction); the answer tells the bus once the caller has committed, so no socket closes for a
 * change that rolled back.
 */
export async function endPlayerSessions(tx: Queryable, policy: SessionPolicy, customerId: number, reason: string): Promise<() => void> {
  const sessionIds = await revoke(tx, eq(sessions.customerId, customerId), reason);
  return () => {
    if (sessionIds.length > 0) policy.events.publish({ type: 'sessionsEnded', sessionIds, reason });
  };
}

export async function revokeSession(db: Queryable, policy: SessionPolicy, sessionId: number, reason: string): Promise<void> {
  await endSessions(db, policy, eq(sessions.id, sessionId), reason);
}

/** Ends every session of a player but one (after a password or phone change, or closing the account). */
export async function revokeOtherSessions(
  db: Queryable,
  policy: SessionPolicy,
  customerId: number,
  keepSessionId: number | null,
  reason: string,
): Promise<void> {
  const theirs = eq(sessions.customerId, customerId);
  await endSessions(db, policy, keepSessionId === null ? theirs : sql`${theirs} and ${ne(sessions.id, keepSessionId)}`, reason);
}

const REVOKED_CODES: Record<string, { code: string; message: string }> = {
  password_changed: { code: GatewayCode.SessionReplaced, message: 'Your password was changed. Please log in again.' },
  mobile_changed: { code: GatewayCode.MobileNumberChanged, message: 'The mobile number of your account has changed.' },
  expired: { code: GatewayCode.SessionExpired, message: 'Your login has expired. Please log in again.' },
  // Responsible gaming (issue 34): a break, a self-exclusion, a restriction, the session limit, inactivity.
  ...Object.fromEntries(
    Object.entries(RG_SESSION_ENDED).map(([reason, message]) => [reason, { code: GatewayCode.RgSessionEnded, message }]),
  ),
};

/** The sessions of token hashes: one prepared query for every call that asks at the same time (coalesce). */
const sessionsByHash = prepared('sessions_by_token_hash', (db) =>
  db
    .select()
    .from(sessions)
    .where(sql`${sessions.tokenHash} = ANY(${sql.placeholder('hashes')}::text[])`),
);

export function sessionResolver(db: Queryable, policy: SessionPolicy, now: () => number = Date.now): SessionResolver {
  // Nearly every call looks its session up: those that arrive together are read in one round trip.
  const lookUp = coalesce(async (hashes: string[]) => {
    const rows = await sessionsByHash(db, { hashes: [...new Set(hashes)] });
    const byHash = new Map(rows.map((row) => [row.tokenHash, row]));
    return hashes.map((hash) => byHash.get(hash));
  });
  return {
    async resolve(token): Promise<Session> {
      if (!/^[\w-]{20,100}$/.test(token))
        throw new CallError(GatewayCode.TokenInvalid, 'Your login is not valid. Please log in again.', 401);
      const row = await lookUp(sha256(token));
      if (!row) throw new CallError(GatewayCode.TokenInvalid, 'Your login is not valid. Please log in again.', 401);
      if (row.revokedAt) {
        const known = REVOKED_CODES[row.revokedReason ?? ''];
        throw new CallError(known?.code ?? GatewayCode.TokenInvalid, known?.message ?? 'You have logged out. Please log in again.', 401);
      }
      const at = now();
      const state = idleRule(policy, row, at);
      if (state === 'ended') {
        await revokeSession(db, policy, row.id, 'expired');
        throw new CallError(GatewayCode.SessionExpired, 'Your login has expired. Please log in again.', 401);
      }
      if (state === 'touch') {
        await db
          .update(sessions)
          .set({ lastSeenAt: new Date(at) })
          .where(eq(sessions.id, row.id));
      }
      return { id: row.id, customerId: row.customerId, scope: (row.scope as SessionScope) ?? null, host: row.host };
    },
  };
}

/** What a socket of an ended session is told before it closes: the code and words the API would answer. */
export function sessionEndedNotice(reason: string): { code: string; message: string } {
  return REVOKED_CODES[reason] ?? { code: GatewayCode.TokenInvalid, message: 'Your login has ended. Please log in again.' };
}

/** At most this many sessions are looked up in one query; more are checked over the next rounds. */
export const SESSION_CHECK_BATCH = 1_000;

/**
 * Which of these sessions have ended, in one query: revoked (here or on another instance) or past their
 * idle or absolute limit, which ends them now (and tells the bus). For the sockets' periodic re-check.
 */
export async function endedSessions(
  db: Queryable,
  policy: SessionPolicy,
  sessionIds: readonly number[],
  at: number = Date.now(),
): Promise<{ sessionId: number; reason: string }[]> {
  if (sessionIds.length === 0) return [];
  const wanted = sessionIds.slice(0, SESSION_CHECK_BATCH);
  const rows = await db
    .select({
      id: sessions.id,
      revokedReason: sessions.revokedReason,
      revokedAt: sessions.revokedAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(inArray(sessions.id, wanted));
  const found = new Map(rows.map((row) => [row.id, row]));
  const ended: { sessionId: number; reason: string }[] = [];
  const expired: number[] = [];
  for (const sessionId of wanted) {
    const row = found.get(sessionId);
    if (!row) ended.push({ sessionId, reason: 'invalid' });
    else if (row.revokedAt) ended.push({ sessionId, reason: row.revokedReason ?? 'logout' });
    else if (idleRule(policy, row, at) === 'ended') expired.push(sessionId);
  }
  if (expired.length > 0) {
    // Still idle when ended: a call on another instance may have come in since the lookup.
    const stillIdle = sql`${inArray(sessions.id, expired)} and (${lte(sessions.lastSeenAt, new Date(at - policy.idleMs))} or ${lte(sessions.expiresAt, new Date(at))})`;
    for (const sessionId of await endSessions(db, policy, stillIdle, 'expired')) ended.push({ sessionId, reason: 'expired' });
  }
  return ended;
}
