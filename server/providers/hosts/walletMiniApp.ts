import { HostError, type HostTransport, HostUnreachable } from './types';

/**
 * What our code uses of a wallet mini-app host (Maya Mini App style, developers.maya.ph): the host runs
 * age, KYC and consent itself, then POSTs to our Session URL an encrypted access token (a JWE, RSA-OAEP-256
 * + A256GCM, to our public key) and a refresh token; we answer at once with a one-time sessionId, which
 * the host appends to our landing URL. With the access token we ask the host who its user is. The
 * simulator (mayaHost.ts) and the real host both sit behind this interface; only the transport, the
 * base path and the keys differ (configuration).
 */

/** Our Session URL (the host is given `<site><MAYA_SESSION_PATH>`). */
export const MAYA_SESSION_PATH = '/partners/maya/session';
/** Our landing URL, to which the host appends `?sessionId=…`. */
export const MAYA_LANDING_PATH = '/mayaAccount';
/** The JWE's algorithms. */
export const MAYA_JWE = { alg: 'RSA-OAEP-256', enc: 'A256GCM' } as const;
/** The host's user API (path after the base). */
export const MAYA_USERINFO = '/v1/userinfo';

/** The plaintext of the host's JWE. */
export interface MayaTokenClaims {
  access_token: string;
  token_type: 'Bearer';
  /** Seconds since the epoch. */
  exp: number;
  /** Unique per POST: a second POST with the same one is a replay. */
  jti: string;
}

export interface WalletHostUser {
  hostUserId: string;
  /** The wallet's verified mobile number (+63…). */
  mobile: string;
}

export interface WalletMiniAppHost {
  /** The host user behind an access token; HostError when the host refuses the token. */
  userInfo(accessToken: string): Promise<WalletHostUser>;
}

export function walletHostClient(options: { basePath: string; transport: HostTransport }): WalletMiniAppHost {
  return {
    async userInfo(accessToken) {
      let answer;
      try {
        answer = await options.transport(
          `${options.basePath}${MAYA_USERINFO}`,
          { 'Content-Type': 'application/json', Authorization: `Bearer ${accessToken}` },
          '{}',
        );
      } catch (error) {
        throw new HostUnreachable(`the wallet host did not answer: ${(error as Error).message}`);
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(answer.body) as Record<string, unknown>;
      } catch {
        throw new HostUnreachable(`the wallet host answered ${answer.status} with no JSON`);
      }
      if (answer.status === 401 || answer.status === 403) throw new HostError(String(body['error'] ?? 'invalid_token'), 'token refused');
      if (answer.status !== 200) throw new HostUnreachable(`the wallet host answered ${answer.status}`);
      const { sub, phone_number: mobile } = body;
      if (typeof sub !== 'string' || typeof mobile !== 'string' || !/^\+63\d{10}$/.test(mobile))
        throw new HostUnreachable('the wallet host answered an unexpected user');
      return { hostUserId: sub, mobile };
    },
  };
}
