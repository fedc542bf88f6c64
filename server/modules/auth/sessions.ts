import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { GatewayCode } from '../../../src/contract/errorCodes';
import { HEADER } from '../../../src/contract/sign';
import type { WebToken } from '../../../src/contract/user';
import type { Queryable } from '../../db';
import { sessions } from '../../db/schema';
import { CallError } from '../../lib/errors';
import { newToken, sha256 } from '../../lib/security';
import type { Session, SessionResolver } from '../../plugins/contract';

/**
 * Sessions: 256-bit random tokens (only their hashes stored), a visitor session before login, a new
 * token on every login, an inactivity limit and an absolute lifetime. An ended session answers the code
 * that tells the client what happened (expired, replaced, mobile changed, invalid).
 */
export interface SessionPolicy {
  idleMs: number;
  maxMs: number;
}

/** How often a session's last-seen time is written (not on every call). */
const TOUCH_EVERY_MS = 60_000;

export async function createSession(
  db: Queryable,
  policy: SessionPolicy,
  customerId: number | null,
  request: FastifyRequest,
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
    })
    .returning({ id: sessions.id });
  return { webToken: { token, u2token }, sessionId: row!.id };
}

export async function revokeSession(db: Queryable, sessionId: number, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a player but one (after a password or phone change, or closing the account). */
export async function revokeOtherSessions(db: Queryable, customerId: number, keepSessionId: number | null, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(sessions.customerId, customerId),
        isNull(sessions.revokedAt),
        keepSessionId === null ? sql`true` : sql`${sessions.id} <> ${keepSessionId}`,
      ),
    );
}

const REVOKED_CODES: Record<string, { code: string; message: string }> = {
  password_changed: { code: GatewayCode.SessionReplaced, message: 'Your password was changed. Please log in again.' },
  mobile_changed: { code: GatewayCode.MobileNumberChanged, message: 'The mobile number of your account has changed.' },
  expired: { code: GatewayCode.SessionExpired, message: 'Your login has expired. Please log in again.' },
};

export function sessionResolver(db: Queryable, policy: SessionPolicy, now: () => number = Date.now): SessionResolver {
  return {
    async resolve(token): Promise<Session> {
      if (!/^[\w-]{20,100}$/.test(token))
        throw new CallError(GatewayCode.TokenInvalid, 'Your login is not valid. Please log in again.', 401);
      const [row] = await db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, sha256(token)))
        .limit(1);
      if (!row) throw new CallError(GatewayCode.TokenInvalid, 'Your login is not valid. Please log in again.', 401);
      if (row.revokedAt) {
        const known = REVOKED_CODES[row.revokedReason ?? ''];
        throw new CallError(known?.code ?? GatewayCode.TokenInvalid, known?.message ?? 'You have logged out. Please log in again.', 401);
      }
      const at = now();
      if (at >= row.expiresAt.getTime() || at - row.lastSeenAt.getTime() >= policy.idleMs) {
        await revokeSession(db, row.id, 'expired');
        throw new CallError(GatewayCode.SessionExpired, 'Your login has expired. Please log in again.', 401);
      }
      if (at - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
        await db
          .update(sessions)
          .set({ lastSeenAt: new Date(at) })
          .where(eq(sessions.id, row.id));
      }
      return { id: row.id, customerId: row.customerId };
    },
  };
}
