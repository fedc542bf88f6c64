import { randomBytes, randomUUID } from 'node:crypto';
import { CompactEncrypt, importSPKI } from 'jose';
import type { SimulatorStore } from '../payments/store';
import { MAYA_JWE, MAYA_LANDING_PATH, type MayaTokenClaims } from './walletMiniApp';

/**
 * The wallet mini-app host simulator (Maya Mini App style), development and tests only. The host has run
 * age, KYC and consent itself; opening the mini app it makes an access token and a refresh token, POSTs
 * them to our Session URL (the access token as a JWE to our public key), takes the one-time sessionId we
 * answer and opens our landing URL with it. Its user API answers who the token's user is. Tokens live in
 * the payment simulators' store (shared by every instance).
 */

export const MAYA_USERS = [
  { userId: 'MAYA-7301-0001', name: 'Demo Player (Maya)', mobile: '+639175550123' },
  { userId: 'MAYA-7301-0002', name: 'Second Maya user', mobile: '+639175550999' },
  { userId: 'MAYA-7301-0003', name: 'Maya user without Panalo', mobile: '+639175550777' },
] as const;

export const MAYA_TOKEN_TTL_MS = 15 * 60_000;

/** A Maya user: one of the list, or any Philippine number as `MAYA-P63…` (the page's ?mobile=, for tests). */
export function mayaUser(userId: string): { userId: string; name: string; mobile: string } | undefined {
  const listed = MAYA_USERS.find((user) => user.userId === userId);
  if (listed) return listed;
  const digits = /^MAYA-P(63\d{10})$/.exec(userId)?.[1];
  return digits ? { userId, name: 'Maya user', mobile: `+${digits}` } : undefined;
}

export interface MayaHostOptions {
  store: SimulatorStore;
  clock: () => number;
  /** Our public key (the merchant's, registered in Maya's console): the access token is encrypted to it. */
  merchantPublicKeyPem: string;
  /** POSTs JSON to the merchant's Session URL; answers the status and body. */
  postSession: (body: string) => Promise<{ status: number; body: string }>;
}

export type MayaHost = ReturnType<typeof mayaHost>;

export function mayaHost(options: MayaHostOptions) {
  const { store, clock } = options;

  /** A fresh access token for a user, sealed for the merchant, and its refresh token. */
  async function seal(userId: string, ttlMs = MAYA_TOKEN_TTL_MS): Promise<{ accessToken: string; refreshToken: string }> {
    const accessToken = `mat_${randomBytes(24).toString('base64url')}`;
    const refreshToken = `mrt_${randomBytes(24).toString('base64url')}`;
    const expiresAt = clock() + ttlMs;
    await store.put('mayaToken', { id: accessToken, dueAt: null, data: { userId, expiresAt, refreshToken } });
    const claims: MayaTokenClaims = {
      access_token: accessToken,
      token_type: 'Bearer',
      exp: Math.floor(expiresAt / 1000),
      jti: randomUUID(),
    };
    const key = await importSPKI(options.merchantPublicKeyPem, MAYA_JWE.alg);
    const jwe = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(claims)))
      .setProtectedHeader({ alg: MAYA_JWE.alg, enc: MAYA_JWE.enc })
      .encrypt(key);
    return { accessToken: jwe, refreshToken };
  }

  return {
    seal,

    /** The player opens the mini app: the Session URL POST, then the landing URL with the sessionId. */
    async launch(userId: string): Promise<{ landing: string } | { error: string }> {
      if (!mayaUser(userId)) return { error: 'UNKNOWN_USER' };
      const answer = await options.postSession(JSON.stringify(await seal(userId)));
      let sessionId: unknown;
      try {
        sessionId = (JSON.parse(answer.body) as { sessionId?: unknown }).sessionId;
      } catch {
        sessionId = undefined;
      }
      if (answer.status !== 200 || typeof sessionId !== 'string') return { error: `MERCHANT_REFUSED_${answer.status}` };
      return { landing: `${MAYA_LANDING_PATH}?sessionId=${encodeURIComponent(sessionId)}` };
    },

    /** The host's user API: the user behind a live bearer token. */
    async userInfo(authorization: string | undefined): Promise<{ status: number; body: Record<string, unknown> }> {
      const token = /^Bearer (mat_[\w-]{8,64})$/.exec(authorization ?? '')?.[1];
      const record = token ? await store.get('mayaToken', token) : undefined;
      if (!record || record.data.expiresAt <= clock()) return { status: 401, body: { error: 'invalid_token' } };
      const user = mayaUser(record.data.userId)!;
      return { status: 200, body: { sub: user.userId, name: user.name, phone_number: user.mobile, kyc_status: 'VERIFIED' } };
    },
  };
}
