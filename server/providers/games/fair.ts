import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Provably-fair randomness (issue 13), the scheme the industry's "provably fair" games publish:
 *
 * - The server picks a secret `serverSeed` (32 random bytes, hex) and shows its SHA-256 hash before any
 *   round is played with it. The player's side supplies `clientSeed`; each round of the pair uses the
 *   next `nonce`.
 * - A round's randomness is the byte stream HMAC-SHA256(key = serverSeed, `${clientSeed}:${nonce}:${cursor}`)
 *   for cursor = 0, 1, 2…, read four bytes at a time as big-endian unsigned integers.
 * - An integer below n takes the next 32-bit value, refusing values ≥ ⌊2³²/n⌋·n (no modulo bias) and
 *   taking the next instead; a float in [0, 1) is the next 32-bit value / 2³².
 * - After the round the seed is revealed; `verify` (or any HMAC tool) replays the same draws.
 *
 * Outcomes therefore come from the server's cryptographic RNG (the seed), cannot be changed after the
 * hash was shown, and can be checked by the player.
 */

export interface Rng {
  /** A uniform integer in [0, n), n ≥ 1. */
  int(n: number): number;
  /** A uniform float in [0, 1) with 32 bits of precision. */
  float(): number;
  /** How many 32-bit values were read (for the record). */
  readonly draws: number;
}

export interface Seeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}

/** A client seed for players who do not choose one. */
export function newClientSeed(): string {
  return randomBytes(8).toString('hex');
}

export function hashServerSeed(serverSeed: string): string {
  return createHash('sha256').update(serverSeed).digest('hex');
}

const UINT32 = 2 ** 32;

/** The deterministic generator of one round. */
export function fairRng({ serverSeed, clientSeed, nonce }: Seeds): Rng {
  let cursor = 0;
  let block = Buffer.alloc(0);
  let offset = 0;
  let draws = 0;
  const next32 = (): number => {
    if (offset + 4 > block.length) {
      block = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${cursor}`).digest();
      cursor += 1;
      offset = 0;
    }
    const value = block.readUInt32BE(offset);
    offset += 4;
    draws += 1;
    return value;
  };
  return {
    int(n: number): number {
      if (!Number.isInteger(n) || n < 1 || n > UINT32) throw new RangeError(`int(${n}): n must be an integer in [1, 2^32]`);
      const limit = Math.floor(UINT32 / n) * n;
      for (;;) {
        const value = next32();
        if (value < limit) return value % n;
      }
    },
    float(): number {
      return next32() / UINT32;
    },
    get draws() {
      return draws;
    },
  };
}

/** Checks a revealed seed against the hash shown before the round. */
export function seedMatchesHash(serverSeed: string, serverSeedHash: string): boolean {
  return hashServerSeed(serverSeed) === serverSeedHash;
}

/** Fisher–Yates with the round's generator (card decks, bingo balls). */
export function shuffle<T>(items: readonly T[], rng: Rng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = rng.int(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
