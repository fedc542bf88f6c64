/**
 * The exact optimal hold strategy of Jacks or Better (issue 13), and the exact RTP it gives.
 *
 * For a dealt hand and a hold H (a subset of its five cards), the expected pay is the mean pay of every
 * final hand H ∪ draw, the draw taken from the 47 cards not dealt: there are C(47, 5 − |H|) of them.
 * Enumerating the draws is slow for small holds (1.5 M draws when discarding all five), so the sums come
 * from one table built once per paytable: `total(X)` = the sum of the pays of every 5-card hand of the
 * 52-card deck that contains the set X (|X| ≤ 5). The hands containing H and none of the discarded
 * cards D are counted by inclusion–exclusion: Σ over T with H ⊆ T ⊆ H ∪ D of (−1)^{|T∖H|} total(T),
 * which for all 32 holds at once is the superset Möbius transform over the five dealt cards (3⁵ terms).
 * The strategy holds the subset with the highest expected pay; `exactOptimalRtp` applies it to all
 * 2,598,960 deals. `tests/unit/gameEnginesVideoPoker.test.ts` checks the sums against brute-force
 * enumeration of the draws.
 */

import { handCategory } from './videoPokerHands';

/** C(n, k) for n ≤ 52, k ≤ 5. */
const BINOMIAL: number[][] = Array.from({ length: 53 }, (_, n) =>
  Array.from({ length: 6 }, (_, k) => {
    let value = 1;
    for (let i = 0; i < k; i += 1) value = (value * (n - i)) / (i + 1);
    return k > n ? 0 : Math.round(value);
  }),
);

/** How many 5-card hands: C(52, 5). */
export const ALL_DEALS = BINOMIAL[52]![5]!;
const DRAWS_BY_HOLD_SIZE = [0, 1, 2, 3, 4, 5].map((held) => BINOMIAL[47]![5 - held]!);
const POPCOUNT = Array.from({ length: 32 }, (_, mask) => {
  let count = 0;
  for (let bit = 0; bit < 5; bit += 1) if (mask & (1 << bit)) count += 1;
  return count;
});

/** `total(X)` for every set X of at most five cards, one array per size, indexed by the set's colex rank. */
export type PayTotals = readonly Int32Array[];

/** The colex rank of each of the 32 subsets of five sorted cards (the index into `totals[size]`). */
function subsetRanks(sorted: readonly number[], out: Int32Array): void {
  for (let mask = 0; mask < 32; mask += 1) {
    let rank = 0;
    let position = 0;
    for (let bit = 0; bit < 5; bit += 1) {
      if (mask & (1 << bit)) {
        position += 1;
        rank += BINOMIAL[sorted[bit]!]![position]!;
      }
    }
    out[mask] = rank;
  }
}

/** Calls `visit` with each of the 2,598,960 five-card hands, its cards in ascending order (one array, reused). */
function forEachHand(visit: (hand: readonly number[]) => void): void {
  const hand = [0, 0, 0, 0, 0];
  for (let e = 4; e < 52; e += 1)
    for (let d = 3; d < e; d += 1)
      for (let c = 2; c < d; c += 1)
        for (let b = 1; b < c; b += 1)
          for (let a = 0; a < b; a += 1) {
            hand[0] = a;
            hand[1] = b;
            hand[2] = c;
            hand[3] = d;
            hand[4] = e;
            visit(hand);
          }
}

/**
 * The pay sums of the 32 holds of five sorted cards into `sums` (not yet divided by the number of draws):
 * `total` of each subset, then the superset Möbius transform, sums[H] = Σ_{T ⊇ H} (−1)^{|T∖H|} total(T) =
 * the pays of H ∪ draws avoiding the discards. `ranks` is scratch space.
 */
function holdSumsOf(sorted: readonly number[], totals: PayTotals, ranks: Int32Array, sums: Float64Array): void {
  subsetRanks(sorted, ranks);
  for (let mask = 0; mask < 32; mask += 1) sums[mask] = totals[POPCOUNT[mask]!]![ranks[mask]!]!;
  for (let bit = 0; bit < 5; bit += 1)
    for (let mask = 0; mask < 32; mask += 1) if (!(mask & (1 << bit))) sums[mask]! -= sums[mask | (1 << bit)]!;
}

const totalsCache = new Map<string, PayTotals>();
const totalsByArray = new WeakMap<readonly number[], PayTotals>();

/** The pay sums of every set of ≤ 5 cards under this paytable (pays indexed by hand category); built once (≈ 1 s). */
export function payTotals(pays: readonly number[]): PayTotals {
  const known = totalsByArray.get(pays);
  if (known) return known;
  const key = pays.join(',');
  const cached = totalsCache.get(key);
  if (cached) {
    totalsByArray.set(pays, cached);
    return cached;
  }
  const totals = [0, 1, 2, 3, 4, 5].map((size) => new Int32Array(BINOMIAL[52]![size]!));
  const ranks = new Int32Array(32);
  forEachHand((hand) => {
    const pay = pays[handCategory(hand)]!;
    if (pay === 0) return;
    subsetRanks(hand, ranks);
    for (let mask = 0; mask < 32; mask += 1) totals[POPCOUNT[mask]!]![ranks[mask]!]! += pay;
  });
  totalsCache.set(key, totals);
  totalsByArray.set(pays, totals);
  return totals;
}

/**
 * The expected pay (in bets) of each of the 32 holds of a dealt hand; bit i of the index holds
 * `dealt[i]`.
 */
export function holdValues(dealt: readonly number[], totals: PayTotals): Float64Array {
  const order = [0, 1, 2, 3, 4].sort((x, y) => dealt[x]! - dealt[y]!);
  const sorted = order.map((i) => dealt[i]!);
  const sums = new Float64Array(32);
  holdSumsOf(sorted, totals, new Int32Array(32), sums);
  const values = new Float64Array(32);
  for (let mask = 0; mask < 32; mask += 1) {
    let original = 0;
    for (let bit = 0; bit < 5; bit += 1) if (mask & (1 << bit)) original |= 1 << order[bit]!;
    values[original] = sums[mask]! / DRAWS_BY_HOLD_SIZE[POPCOUNT[mask]!]!;
  }
  return values;
}

const holdOrder = [0, 0, 0, 0, 0];
const holdSorted = [0, 0, 0, 0, 0];
const holdRanks = new Int32Array(32);
const holdSums = new Float64Array(32);

/**
 * The optimal hold of a dealt hand: the hold mask (bit i holds card i) with the highest expected pay, and
 * that pay. The same computation as `holdValues` on reused buffers (the bench calls it millions of times).
 */
export function optimalHold(dealt: readonly number[], totals: PayTotals): { mask: number; value: number } {
  for (let i = 0; i < 5; i += 1) {
    let j = i;
    while (j > 0 && dealt[holdOrder[j - 1]!]! > dealt[i]!) {
      holdOrder[j] = holdOrder[j - 1]!;
      j -= 1;
    }
    holdOrder[j] = i;
  }
  for (let i = 0; i < 5; i += 1) holdSorted[i] = dealt[holdOrder[i]!]!;
  holdSumsOf(holdSorted, totals, holdRanks, holdSums);
  let best = 0;
  let bestValue = holdSums[0]! / DRAWS_BY_HOLD_SIZE[0]!;
  for (let mask = 1; mask < 32; mask += 1) {
    const value = holdSums[mask]! / DRAWS_BY_HOLD_SIZE[POPCOUNT[mask]!]!;
    if (value > bestValue + 1e-12) {
      best = mask;
      bestValue = value;
    }
  }
  let original = 0;
  for (let bit = 0; bit < 5; bit += 1) if (best & (1 << bit)) original |= 1 << holdOrder[bit]!;
  return { mask: original, value: bestValue };
}

/** The RTP of optimal play, exact up to floating-point summation: the mean over all 2,598,960 deals of the best hold's expected pay. */
export function exactOptimalRtp(pays: readonly number[]): number {
  const totals = payTotals(pays);
  const ranks = new Int32Array(32);
  const sums = new Float64Array(32);
  let sum = 0;
  forEachHand((hand) => {
    // The same computation as holdValues, without its allocations (the hand is already sorted).
    holdSumsOf(hand, totals, ranks, sums);
    let best = 0;
    for (let mask = 0; mask < 32; mask += 1) {
      const value = sums[mask]! / DRAWS_BY_HOLD_SIZE[POPCOUNT[mask]!]!;
      if (value > best) best = value;
    }
    sum += best;
  });
  return sum / ALL_DEALS;
}
