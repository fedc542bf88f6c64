import { describe, expect, it } from 'vitest';
import { prizeFor, rollOf, seedHash } from '../../server/modules/campaigns/fairness';
import { type SpinPrize, spinOdds } from '../../src/contract/campaigns';

const prizes: SpinPrize[] = [
  { id: 'a', label: 'A', amount: 100, weight: 3, multiple: 0 },
  { id: 'b', label: 'B', amount: 0, weight: 1, multiple: 0 },
];

describe('the lucky spin’s draw', () => {
  it('picks by cumulative weight in the order listed, the roll taken modulo the total weight', () => {
    expect([0, 1, 2, 3, 4, 7, 8].map((roll) => prizeFor(roll, prizes).id)).toEqual(['a', 'a', 'a', 'b', 'a', 'b', 'a']);
  });

  it('is reproducible from the seed alone, and the hash shown before names the seed', () => {
    const seed = 'f2fcfa3b29453257986bd52b48bc0075dad3d13ca50b014a84e7f4b0f1caa828';
    expect(rollOf(seed, 1)).toBe(rollOf(seed, 1));
    expect(rollOf(seed, 1)).not.toBe(rollOf(seed, 2));
    expect(rollOf(seed, 1)).toBeLessThan(2 ** 52);
    expect(seedHash(seed)).toMatch(/^[0-9a-f]{64}$/);
    // Over many seeds the prizes come at their weights (3 : 1), within a few percent.
    let a = 0;
    for (let i = 0; i < 4_000; i++) if (prizeFor(rollOf(`seed-${i}`, i), prizes).id === 'a') a++;
    expect(a / 4_000).toBeGreaterThan(0.72);
    expect(a / 4_000).toBeLessThan(0.78);
  });

  it('states each prize’s chance as the wheel shows it', () => {
    expect(spinOdds(prizes)).toEqual([
      { id: 'a', percent: '75.0' },
      { id: 'b', percent: '25.0' },
    ]);
  });
});
