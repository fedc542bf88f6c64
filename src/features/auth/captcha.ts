import { solveChallenge } from 'altcha-lib';
import type { Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import { api } from '../../api/instance';

/**
 * The invisible security check (ALTCHA proof of work, in place of hCaptcha): the phone finds a number by
 * hashing for about a second, with no puzzle to read. One token per protected call; the next one is
 * prepared in the background so the player rarely waits for it.
 */
async function solve(): Promise<string> {
  const challenge = await api.call<Challenge>('main', 'hCaptcha/generate');
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
  if (!solution) throw new Error('security check timed out');
  return (await api.call<{ captchaToken: string }>('main', 'hCaptcha/validate', { challenge, solution })).captchaToken;
}

let ready: Promise<string> | undefined;

/** Starts solving before the player taps, so the token is there when needed. */
export function prepareCaptcha(): void {
  ready ??= solve().catch((error: unknown) => {
    ready = undefined;
    throw error;
  });
  ready.catch(() => undefined);
}

/** A fresh single-use captcha token. */
export async function captchaToken(): Promise<string> {
  prepareCaptcha();
  const token = ready!;
  ready = undefined;
  try {
    return await token;
  } finally {
    prepareCaptcha();
  }
}
