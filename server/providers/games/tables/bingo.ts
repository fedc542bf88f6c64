import { fairRng, type Rng, shuffle } from '../fair';

/**
 * 75-ball bingo, the pure rules (issue 13's "Bingo Plaza" rooms), a fixed-odds design whose RTP is
 * computed exactly:
 *
 * - A card is 5 × 5: column B holds 5 of 1–15, I of 16–30, N 4 of 31–45 around the free centre, G of
 *   46–60, O of 61–75. Card n of a round is drawn from the round's provably-fair generator with nonce n
 *   (`bingoCard`), so the player sees the card at once and can check it after the seed is revealed.
 * - The draw calls BALLS_PER_DRAW = 40 balls: the first 40 of the 75 shuffled with nonce 0 (`drawOrder`).
 * - Each card is paid alone (no shared pot) on its best pattern after the last ball: a line (any row,
 *   column or diagonal, the centre counts as daubed) ×1, two lines ×3, three lines ×8, four or more ×30,
 *   a full house (all 24 numbers) ×5000 the card's price.
 * - RTP: the chance of each pattern is exact (inclusion–exclusion over the 12 lines: the chance that a
 *   given set of m numbers is among 40 balls of 75 is C(75−m, 40−m)/C(75, 40)), so `bingoExactRtp()`
 *   is the stated RTP, 94.90 %; a unit test checks it against a simulation.
 */

export const BALLS = 75;
export const BALLS_PER_DRAW = 40;
export const BINGO_PRIZES = [
  { pattern: 'full-house', lines: 12, multiplier: 5000, label: 'Full house' },
  { pattern: 'four-lines', lines: 4, multiplier: 30, label: 'Four lines' },
  { pattern: 'three-lines', lines: 3, multiplier: 8, label: 'Three lines' },
  { pattern: 'two-lines', lines: 2, multiplier: 3, label: 'Two lines' },
  { pattern: 'line', lines: 1, multiplier: 1, label: 'Line' },
] as const;
export type BingoPattern = (typeof BINGO_PRIZES)[number]['pattern'];

/** A card: 25 numbers row by row, 0 in the free centre (index 12). */
export type BingoCard = number[];
export const FREE = 12;

export interface RoundSeeds {
  serverSeed: string;
  clientSeed: string;
}

/** Card `index` (1, 2, 3…) of the round: per column 5 distinct numbers of its fifteen, in drawn order. */
export function bingoCard(seeds: RoundSeeds, index: number): BingoCard {
  if (!Number.isInteger(index) || index < 1) throw new RangeError('a card index is a whole number from 1');
  const rng = fairRng({ ...seeds, nonce: index });
  const columns = [0, 1, 2, 3, 4].map((column) =>
    shuffle(
      Array.from({ length: 15 }, (_, i) => column * 15 + i + 1),
      rng,
    ).slice(0, 5),
  );
  const card: BingoCard = [];
  for (let row = 0; row < 5; row += 1) for (let column = 0; column < 5; column += 1) card.push(columns[column]![row]!);
  card[FREE] = 0;
  return card;
}

/** The order the balls come out: the 75 shuffled with the round's nonce 0 (only the first BALLS_PER_DRAW are called). */
export function drawOrder(seeds: RoundSeeds): number[] {
  return drawOrderOf(fairRng({ ...seeds, nonce: 0 }));
}

function drawOrderOf(rng: Rng): number[] {
  return shuffle(
    Array.from({ length: BALLS }, (_, i) => i + 1),
    rng,
  );
}

/** The 12 lines of a card as cell indexes: 5 rows, 5 columns, 2 diagonals. */
export const LINES: readonly (readonly number[])[] = [
  ...[0, 1, 2, 3, 4].map((row) => [0, 1, 2, 3, 4].map((column) => row * 5 + column)),
  ...[0, 1, 2, 3, 4].map((column) => [0, 1, 2, 3, 4].map((row) => row * 5 + column)),
  [0, 6, 12, 18, 24],
  [4, 8, 12, 16, 20],
];

/** Which cells of the card are daubed by the called balls (the centre always). */
export function daubed(card: BingoCard, called: Iterable<number>): boolean[] {
  const set = new Set(called);
  return card.map((number, cell) => cell === FREE || set.has(number));
}

/** The card's best pattern with the called balls (null: none), and what it pays for a card of `price`. */
export function bingoResult(
  card: BingoCard,
  called: Iterable<number>,
  price: number,
): { pattern: BingoPattern | null; lines: number; win: number } {
  const marks = daubed(card, called);
  const lines = LINES.filter((line) => line.every((cell) => marks[cell])).length;
  const full = marks.every(Boolean);
  const prize = BINGO_PRIZES.find((entry) => (entry.pattern === 'full-house' ? full : lines >= entry.lines));
  return { pattern: prize?.pattern ?? null, lines, win: prize ? prize.multiplier * price : 0 };
}

export function patternLabel(pattern: BingoPattern | null): string {
  return BINGO_PRIZES.find((entry) => entry.pattern === pattern)?.label ?? 'No pattern';
}

function logChoose(n: number, k: number): number {
  let sum = 0;
  for (let i = 0; i < k; i += 1) sum += Math.log(n - i) - Math.log(i + 1);
  return sum;
}

/** The chance that m given numbers are all among `drawn` balls of 75. */
function allDrawn(m: number, drawn: number): number {
  if (m > drawn) return 0;
  return Math.exp(logChoose(BALLS - m, drawn - m) - logChoose(BALLS, drawn));
}

function choose(n: number, k: number): number {
  let value = 1;
  for (let i = 0; i < k; i += 1) value = (value * (n - i)) / (i + 1);
  return value;
}

/** The exact chance of a card completing exactly m lines (m = 0…12) with `drawn` balls, and of a full house. */
export function lineChances(drawn = BALLS_PER_DRAW): { exactly: number[]; fullHouse: number } {
  const count = LINES.length;
  // S[j]: the sum, over every set of j lines, of the chance that all of them are complete.
  const sums = new Array<number>(count + 1).fill(0);
  sums[0] = 1;
  for (let mask = 1; mask < 1 << count; mask += 1) {
    const cells = new Set<number>();
    let size = 0;
    for (let line = 0; line < count; line += 1) {
      if (!((mask >> line) & 1)) continue;
      size += 1;
      for (const cell of LINES[line]!) if (cell !== FREE) cells.add(cell);
    }
    sums[size]! += allDrawn(cells.size, drawn);
  }
  const exactly = Array.from({ length: count + 1 }, (_, m) => {
    let chance = 0;
    for (let j = m; j <= count; j += 1) chance += ((j - m) % 2 ? -1 : 1) * choose(j, m) * sums[j]!;
    return Math.max(0, chance);
  });
  return { exactly, fullHouse: allDrawn(24, drawn) };
}

/** The exact RTP of the prize table (a full house has 12 lines and pays its own prize instead). */
export function bingoExactRtp(drawn = BALLS_PER_DRAW): number {
  const { exactly, fullHouse } = lineChances(drawn);
  let rtp = 0;
  exactly.forEach((chance, lines) => {
    const prize = BINGO_PRIZES.find((entry) => entry.pattern !== 'full-house' && lines >= entry.lines);
    if (prize) rtp += chance * prize.multiplier;
  });
  const fourLines = BINGO_PRIZES.find((entry) => entry.pattern === 'four-lines')!.multiplier;
  const full = BINGO_PRIZES.find((entry) => entry.pattern === 'full-house')!.multiplier;
  return rtp + fullHouse * (full - fourLines);
}

/** The stated RTP in basis points (94.90 %). */
export const BINGO_RTP_BPS = Math.round(bingoExactRtp() * 10_000);

/**
 * One card in one draw for the RTP bench: a card and the draw order both from the bench's generator,
 * the first BALLS_PER_DRAW balls called, the card paid on its best pattern.
 */
export function bingoRtpRound(rng: Rng, bet: number): { win: number } {
  // The same distributions as bingoCard and drawOrder, drawn with fewer values (a partial Fisher–Yates:
  // only the first k places of each shuffle are needed), so the bench can play many rounds.
  const card: BingoCard = new Array<number>(25);
  for (let column = 0; column < 5; column += 1) {
    const picked = sample(15, 5, rng);
    for (let row = 0; row < 5; row += 1) card[row * 5 + column] = column * 15 + picked[row]! + 1;
  }
  card[FREE] = 0;
  const called = sample(BALLS, BALLS_PER_DRAW, rng).map((ball) => ball + 1);
  return { win: bingoResult(card, called, bet).win };
}

/** k distinct values of 0…n−1, uniformly, in random order. */
function sample(n: number, k: number, rng: Rng): number[] {
  const items = Array.from({ length: n }, (_, i) => i);
  for (let i = 0; i < k; i += 1) {
    const j = i + rng.int(n - i);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items.slice(0, k);
}
