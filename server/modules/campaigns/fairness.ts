import { createHash, createHmac, randomBytes } from 'node:crypto';
import { pickWeighted, rollFromHex, spinMessage } from '../../../src/contract/fairness';
import type { SpinPrize } from '../../../src/contract/campaigns';

/**
 * The campaigns' provably fair draws on the server (the rule itself: src/contract/fairness.ts). Each
 * lucky spin, each player's Masskara masks and each raffle get a random seed; the player is shown
 * sha256(seed) before the draw and the seed after, and can recompute every roll:
 * roll = the first 13 hex digits (52 bits) of HMAC-SHA256(seed, message) as a number.
 */

export function newSeed(): { seed: string; seedHash: string } {
  const seed = randomBytes(32).toString('hex');
  return { seed, seedHash: seedHash(seed) };
}

export function seedHash(seed: string): string {
  return createHash('sha256').update(seed).digest('hex');
}

/** The roll of one draw named by `message` under `seed`. */
export function rollFor(seed: string, message: string): number {
  return rollFromHex(createHmac('sha256', seed).update(message).digest('hex'));
}

/** A lucky spin's roll. */
export function rollOf(seed: string, spinId: number): number {
  return rollFor(seed, spinMessage(spinId));
}

/** A lucky spin's prize: the one whose cumulative weight range holds roll mod (sum of weights). */
export function prizeFor(roll: number, prizes: readonly SpinPrize[]): SpinPrize {
  return pickWeighted(roll, prizes);
}
