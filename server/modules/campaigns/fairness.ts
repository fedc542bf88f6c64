import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { SpinPrize } from '../../../src/contract/campaigns';

/**
 * The lucky spin's provably fair draw. Each spin gets a random seed when it is earned; the player is
 * shown sha256(seed) before spinning and the seed after, and can recompute the roll:
 * roll = the first 13 hex digits (52 bits) of HMAC-SHA256(seed, "spin:<id>") as a number,
 * prize = the one whose cumulative weight range holds roll mod (sum of weights), in the order listed.
 */

export function newSeed(): { seed: string; seedHash: string } {
  const seed = randomBytes(32).toString('hex');
  return { seed, seedHash: seedHash(seed) };
}

export function seedHash(seed: string): string {
  return createHash('sha256').update(seed).digest('hex');
}

export function rollOf(seed: string, spinId: number): number {
  return Number.parseInt(createHmac('sha256', seed).update(`spin:${spinId}`).digest('hex').slice(0, 13), 16);
}

export function prizeFor(roll: number, prizes: readonly SpinPrize[]): SpinPrize {
  const total = prizes.reduce((sum, prize) => sum + prize.weight, 0);
  let point = roll % total;
  for (const prize of prizes) {
    if (point < prize.weight) return prize;
    point -= prize.weight;
  }
  throw new Error('no prize: the weights are empty');
}
