import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Challenge, Solution } from 'altcha-lib';
import { GatewayCode } from '../../../src/contract/errorCodes';
import type { Queryable } from '../../db';
import { CallError } from '../../lib/errors';
import { issueTicket, consumeTicket } from './tickets';

/**
 * The self-hosted captcha (in place of hCaptcha's generate/validate): an ALTCHA proof-of-work challenge.
 * The page finds a counter by hashing (about a second on a cheap phone, no puzzle to read), the server
 * checks it in one hash and answers a single-use captcha token that the protected call spends.
 */
export const CAPTCHA_TOKEN_MS = 5 * 60_000;
const CHALLENGE_TTL_S = 5 * 60;

export interface CaptchaSecrets {
  captchaSecret: string;
  captchaKeySecret: string;
}

export async function generateCaptcha(secrets: CaptchaSecrets, difficulty: { min: number; max: number }): Promise<Challenge> {
  return createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: randomInt(difficulty.min, difficulty.max),
    deriveKey,
    expiresAt: Math.floor(Date.now() / 1000) + CHALLENGE_TTL_S,
    hmacSignatureSecret: secrets.captchaSecret,
    hmacKeySignatureSecret: secrets.captchaKeySecret,
  });
}

/** Checks a solution once (a replayed solution is refused) and answers a captcha token. */
export async function validateCaptcha(db: Queryable, secrets: CaptchaSecrets, challenge: Challenge, solution: Solution): Promise<string> {
  let verified: boolean;
  try {
    const result = await verifySolution({
      challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: secrets.captchaSecret,
      hmacKeySignatureSecret: secrets.captchaKeySecret,
    });
    verified = result.verified;
  } catch {
    verified = false;
  }
  if (!verified || !challenge.signature)
    throw new CallError(GatewayCode.CaptchaFailed, 'The security check failed. Please try again.', 400);
  // The challenge's signature is unique: remembering it as a spent ticket stops a replay.
  await issueTicket(db, { purpose: 'captcha-spent', secret: challenge.signature, ttlMs: CHALLENGE_TTL_S * 1000, consumed: true }).catch(
    () => {
      throw new CallError(GatewayCode.CaptchaFailed, 'This security check was already used. Please try again.', 400);
    },
  );
  const { ticket } = await issueTicket(db, { purpose: 'captcha', ttlMs: CAPTCHA_TOKEN_MS });
  return ticket;
}

export async function spendCaptcha(db: Queryable, token: string): Promise<void> {
  const spent = await consumeTicket(db, 'captcha', token);
  if (!spent) throw new CallError(GatewayCode.CaptchaFailed, 'The security check expired. Please try again.', 400);
}
