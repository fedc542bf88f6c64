import { describe, expect, it } from 'vitest';
import { fairRng } from '../../server/providers/games/fair';
import { GameProviderError } from '../../server/providers/games/types';
import {
  CATCH_SCALE,
  FISHING_96,
  FISHING_97,
  catchChance,
  fishingEngine,
  meanMultiplier,
  pickBySpawnWeight,
  type FishingParams,
  type FishingView,
} from '../../server/providers/games/engines/fishing';

const seeds = (nonce: number) => ({ serverSeed: 'f'.repeat(64), clientSeed: 'fish', nonce });
const variants: [string, FishingParams][] = [
  ['96 %', FISHING_96],
  ['97 %', FISHING_97],
];

describe('the fish and their odds', () => {
  it.each(variants)('every fish pays back exactly the stated RTP, whichever the player aims at (%s)', (_, params) => {
    for (const fish of params.fish) {
      const p = catchChance(fish, params);
      expect(Number.isInteger(p)).toBe(true);
      expect(p).toBeGreaterThan(0);
      expect(p).toBeLessThan(CATCH_SCALE);
      // Outcomes of one shot: escape (1 − p) or caught with each multiplier (p / n each): they sum to one…
      const outcomes = [CATCH_SCALE - p, ...fish.multipliers.map(() => p / fish.multipliers.length)];
      expect(outcomes.reduce((a, b) => a + b, 0)).toBe(CATCH_SCALE);
      // …and Σ p·m is the RTP, in whole numbers: p × Σm = rtpBps × 100 × n.
      expect(p * fish.multipliers.reduce((a, b) => a + b, 0)).toBe(params.rtpBps * 100 * fish.multipliers.length);
    }
    expect(fishingEngine.rtpBps(params)).toBe(params.rtpBps);
  });

  it.each(variants)('the reference strategy (aim by spawn weight) pays back the stated RTP (%s)', (_, params) => {
    const weights = params.fish.reduce((sum, fish) => sum + fish.spawnWeight, 0);
    const rtp = params.fish.reduce(
      (sum, fish) => sum + (fish.spawnWeight / weights) * (catchChance(fish, params) / CATCH_SCALE) * meanMultiplier(fish),
      0,
    );
    expect(rtp).toBeCloseTo(params.rtpBps / 10_000, 12);
  });

  it('makes bigger fish harder to catch', () => {
    const sorted = [...FISHING_96.fish].sort((a, b) => meanMultiplier(a) - meanMultiplier(b));
    const chances = sorted.map((fish) => catchChance(fish, FISHING_96));
    expect(chances).toEqual([...chances].sort((a, b) => b - a));
    expect(catchChance(FISHING_96.fish[0]!, FISHING_96)).toBe(480_000);
  });

  it('refuses a variant whose catch chance would not be whole', () => {
    expect(() => catchChance({ id: 'x', name: 'X', glyph: 'x', color: '#fff', multipliers: [7], spawnWeight: 1 }, FISHING_96)).toThrow(
      RangeError,
    );
  });

  it('draws the aim by spawn weight', () => {
    const counts = new Map<string, number>();
    for (let nonce = 0; nonce < 20_000; nonce += 1) {
      const fish = pickBySpawnWeight(FISHING_96, fairRng(seeds(nonce)));
      counts.set(fish.id, (counts.get(fish.id) ?? 0) + 1);
    }
    // Minnows are 30 of 99 weights: 6,061 expected, σ ≈ 65.
    expect(Math.abs((counts.get('minnow') ?? 0) - 6061)).toBeLessThan(300);
    expect(counts.get('dragon') ?? 0).toBeGreaterThan(0);
  });
});

describe('a shot', () => {
  const shoot = (fish: unknown, nonce: number, params = FISHING_96) =>
    fishingEngine.start({ bet: 200, params, rng: fairRng(seeds(nonce)), action: { fish } });

  it('is caught exactly when the round’s first draw is below the fish’s catch chance, and pays its multiplier', () => {
    for (let nonce = 0; nonce < 200; nonce += 1) {
      const step = shoot('octopus', nonce);
      const caught = fairRng(seeds(nonce)).int(CATCH_SCALE) < 96_000;
      expect(step.view as FishingView).toEqual({ fish: 'octopus', caught, multiplier: caught ? 10 : 0, win: caught ? 2_000 : 0 });
      expect(step.settled?.win).toBe(caught ? 2_000 : 0);
    }
  });

  it('is the same shot for the same seeds', () => {
    expect(shoot('minnow', 9).view).toEqual(shoot('minnow', 9).view);
  });

  it('catches minnows about 48 % of the time and the dragon pays one of its multipliers', () => {
    let caught = 0;
    for (let nonce = 0; nonce < 20_000; nonce += 1) if ((shoot('minnow', nonce).view as FishingView).caught) caught += 1;
    // σ of binomial(20 000, 0.48) ≈ 70.7: four σ.
    expect(Math.abs(caught - 9_600)).toBeLessThan(283);
    const paid = new Set<number>();
    for (let nonce = 0; nonce < 20_000 && paid.size < 4; nonce += 1) {
      const view = shoot('dragon', nonce).view as FishingView;
      if (view.caught) paid.add(view.multiplier);
    }
    expect([...paid].sort((a, b) => a - b)).toEqual([100, 150, 200, 350]);
  });

  it('settles at once and says what happened', () => {
    const step = shoot('shark', 1);
    expect(step.settled?.outcome).toMatch(/^(Caught a Shark: 50×|The Shark got away)$/);
  });

  it('refuses a shot at no fish in the player’s words', () => {
    for (const fish of [undefined, 'mermaid', 3]) {
      expect(() => shoot(fish, 0)).toThrow(GameProviderError);
      expect(() => shoot(fish, 0)).toThrow('Aim at a fish to shoot.');
    }
  });
});

describe('the fishing page', () => {
  it.each(variants)('is markup without inline styles (the page CSP) and a script with every fish (%s)', (_, params) => {
    const page = fishingEngine.page(params);
    expect(page.html).toContain('data-testid="fishing-sea"');
    expect(`${page.html}${page.script}`).not.toMatch(/style="/);
    expect(() => new Function(page.script)).not.toThrow();
    for (const fish of params.fish) expect(page.script).toContain(`"id":"${fish.id}"`);
  });
});
