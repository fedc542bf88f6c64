import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { gameProviderSettings } from '../../server/config';
import { catalogue, PLATFORMS } from '../../server/providers/games/catalogue';
import { ENGINES } from '../../server/providers/games/engines';
import {
  PAYLINES,
  SLOT_94,
  SLOT_95,
  SLOT_96,
  type SlotParams,
  evaluate,
  exactRtp,
  jackpotProbability,
  linePay,
  slotEngine,
} from '../../server/providers/games/engines/slot';
import { fairRng, hashServerSeed, seedMatchesHash, shuffle } from '../../server/providers/games/fair';
import { checkBodySignature, signBody } from '../../server/providers/games/signing';
import { duplicateRule } from '../../server/providers/games/wallet';

/** Every stop combination of the strips, summed: the reference the exact method must equal. */
function bruteForceRtp(params: SlotParams): number {
  const lengths = params.strips.map((strip) => strip.length);
  let total = 0;
  let count = 0;
  const stops = [0, 0, 0, 0, 0];
  const walk = (reel: number) => {
    if (reel === 5) {
      total += evaluate(stops, params, 1000).win / 1000;
      count += 1;
      return;
    }
    for (let stop = 0; stop < lengths[reel]!; stop += 1) {
      stops[reel] = stop;
      walk(reel + 1);
    }
  };
  walk(0);
  return total / count;
}

describe('the slot paytable', () => {
  it('computes the RTP exactly: the per-reel method equals enumerating every stop of small strips', () => {
    const small: SlotParams = {
      strips: ['AWSBCDEFG', 'BGWCSAEDF', 'CADSWGBEF', 'DWEASFGBC', 'EFSGWABCD'],
      pays: SLOT_96.pays,
      scatterPays: SLOT_96.scatterPays,
    };
    // 9^5 = 59,049 spins; the bet of 1000 makes every line pay a whole number of centavos (no rounding).
    expect(exactRtp(small)).toBeCloseTo(bruteForceRtp(small), 9);
  });

  it('states the variants’ computed RTPs (96 %, 95 %, 94 %) and the catalogue shows them', () => {
    expect(slotEngine.rtpBps(SLOT_96)).toBe(9597);
    expect(slotEngine.rtpBps(SLOT_95)).toBe(9512);
    expect(slotEngine.rtpBps(SLOT_94)).toBe(9410);
    for (const params of [SLOT_96, SLOT_95, SLOT_94])
      expect(Math.abs(exactRtp(params) * 10_000 - slotEngine.rtpBps(params))).toBeLessThan(0.5);
    // The jackpot (five scatters) is rare: about once in 285,000 spins.
    expect(jackpotProbability(SLOT_96)).toBeGreaterThan(1e-6);
    expect(jackpotProbability(SLOT_96)).toBeLessThan(1e-5);
  });

  it('pays lines left to right with wilds, and scatters anywhere', () => {
    const pays = SLOT_96.pays;
    expect(linePay(['A', 'A', 'A', 'B', 'C'], pays)).toEqual({ symbol: 'A', count: 3, pay: pays['A']![0] });
    expect(linePay(['W', 'A', 'W', 'A', 'C'], pays)).toEqual({ symbol: 'A', count: 4, pay: pays['A']![1] });
    // Four wilds then a low symbol: the wilds' own pay is better.
    expect(linePay(['W', 'W', 'W', 'W', 'G'], pays)).toEqual({ symbol: 'W', count: 4, pay: pays['W']![1] });
    expect(linePay(['S', 'A', 'A', 'A', 'A'], pays).pay).toBe(0);
    expect(linePay(['A', 'A', 'B', 'A', 'A'], pays).pay).toBe(0);
    expect(PAYLINES).toHaveLength(10);
  });

  it('spins the same reels from the same seeds, and different ones from another nonce', () => {
    const seeds = { serverSeed: 'a'.repeat(64), clientSeed: 'player', nonce: 7 };
    const one = slotEngine.start({ bet: 1000, params: SLOT_96, rng: fairRng(seeds), action: null });
    const two = slotEngine.start({ bet: 1000, params: SLOT_96, rng: fairRng(seeds), action: null });
    expect(two).toEqual(one);
    const outcomes = new Set(
      Array.from(
        { length: 20 },
        (_, nonce) => slotEngine.start({ bet: 1000, params: SLOT_96, rng: fairRng({ ...seeds, nonce }), action: null }).settled!.outcome,
      ),
    );
    expect(outcomes.size).toBeGreaterThan(15);
  });
});

describe('the provably-fair generator', () => {
  it('is deterministic, uniform enough, and checks seeds against their hash', () => {
    const seeds = { serverSeed: 'b'.repeat(64), clientSeed: 'c', nonce: 1 };
    const a = fairRng(seeds);
    const b = fairRng(seeds);
    const drawsA = Array.from({ length: 1000 }, () => a.int(6));
    expect(Array.from({ length: 1000 }, () => b.int(6))).toEqual(drawsA);
    for (let face = 0; face < 6; face += 1) expect(drawsA.filter((d) => d === face).length).toBeGreaterThan(120);
    expect(seedMatchesHash('b'.repeat(64), hashServerSeed('b'.repeat(64)))).toBe(true);
    expect(seedMatchesHash('b'.repeat(63) + 'c', hashServerSeed('b'.repeat(64)))).toBe(false);
    expect(shuffle([1, 2, 3, 4, 5], fairRng(seeds))).toEqual(shuffle([1, 2, 3, 4, 5], fairRng(seeds)));
  });
});

describe('Hub88 signatures', () => {
  const key = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  it('verify over the exact raw body only', () => {
    const body = '{"user":"p1","amount":100}';
    const signature = signBody(key.privateKey, body);
    expect(checkBodySignature(signature, key.publicKey, body)).toBe(true);
    expect(checkBodySignature(signature, key.publicKey, '{"user":"p1","amount":1000}')).toBe(false);
    expect(checkBodySignature(signature, key.publicKey, '{"user": "p1","amount":100}')).toBe(false);
    expect(checkBodySignature(undefined, key.publicKey, body)).toBe(false);
    expect(checkBodySignature('not base64!', key.publicKey, body)).toBe(false);
  });

  it('some transactions are deterministically sent twice (about one in eight)', () => {
    const twice = Array.from({ length: 4000 }, (_, i) => duplicateRule(`r${i}:win`)).filter(Boolean).length;
    expect(twice).toBeGreaterThan(300);
    expect(twice).toBeLessThan(700);
    expect(duplicateRule('r1:win')).toBe(duplicateRule('r1:win'));
  });
});

describe('the catalogue and settings', () => {
  it('spreads every engine’s variants × themes over the platforms with stable unique codes', () => {
    const games = [...catalogue().values()].map((entry) => entry.game);
    expect(new Set(games.map((g) => g.gameCode)).size).toBe(games.length);
    for (const platform of PLATFORMS) expect(games.some((g) => g.platformCode === platform.platformCode)).toBe(true);
    for (const registration of ENGINES) {
      const mine = games.filter((g) => g.engine === registration.engine && g.platformCode !== 'SABA');
      expect(mine).toHaveLength(registration.variants.length * registration.themes.length);
    }
  });

  it('takes all four GAME_PROVIDER_* settings or none', () => {
    expect(gameProviderSettings({})).toBeUndefined();
    expect(() => gameProviderSettings({ GAME_PROVIDER_URL: 'https://games.example' })).toThrow(/GAME_OPERATOR_ID/);
    const full = gameProviderSettings({
      GAME_PROVIDER_URL: 'https://games.example',
      GAME_OPERATOR_ID: 'op',
      GAME_OPERATOR_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----',
      GAME_PROVIDER_PUBLIC_KEY: 'pub',
    });
    expect(full?.operatorPrivateKey).toContain('\nabc\n');
    expect(() =>
      gameProviderSettings({
        GAME_PROVIDER_URL: 'ftp://x',
        GAME_OPERATOR_ID: 'a',
        GAME_OPERATOR_PRIVATE_KEY: 'b',
        GAME_PROVIDER_PUBLIC_KEY: 'c',
      }),
    ).toThrow(/http/);
  });
});
