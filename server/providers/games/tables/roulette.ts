import type { Rng } from '../fair';

/**
 * European single-zero roulette, the pure rules (issue 13's live table): 37 pockets, a straight bet
 * pays 35:1, splits 17:1, dozens and columns 2:1, red/black, odd/even and low/high 1:1; zero loses every
 * outside bet. Every bet returns 36/37 of its stake on average: RTP 97.30 %. A chip's stake comes back
 * with its payout (a winning 100 on red pays 200).
 */

export const ROULETTE_RTP_BPS = 9730;

/** The wheel's pockets in the order they sit on a European wheel (the page's animation uses it). */
export const WHEEL_ORDER = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
] as const;

export const RED_NUMBERS: ReadonlySet<number> = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

export type PocketColour = 'green' | 'red' | 'black';

export function colourOf(pocket: number): PocketColour {
  if (pocket === 0) return 'green';
  return RED_NUMBERS.has(pocket) ? 'red' : 'black';
}

export const ROULETTE_BET_KINDS = ['straight', 'split', 'red', 'black', 'odd', 'even', 'low', 'high', 'dozen', 'column'] as const;
export type RouletteBetKind = (typeof ROULETTE_BET_KINDS)[number];

/**
 * A place on the layout. `pick`: straight 0–36; split the lower of two adjacent numbers and `pick2` the
 * other (written "8-11"); dozen and column 1–3; the even-money bets take none.
 */
export interface RouletteSpot {
  kind: RouletteBetKind;
  pick?: number;
  pick2?: number;
}

/** The payout odds (x:1) of each bet. */
export const ROULETTE_ODDS: Record<RouletteBetKind, number> = {
  straight: 35,
  split: 17,
  red: 1,
  black: 1,
  odd: 1,
  even: 1,
  low: 1,
  high: 1,
  dozen: 2,
  column: 2,
};

/** Two numbers share a line on the layout (3 columns × 12 rows): side by side in a row, or one above the other. */
function adjacent(a: number, b: number): boolean {
  const [low, high] = a < b ? [a, b] : [b, a];
  if (low < 1 || high > 36) return false;
  if (high - low === 3) return true;
  return high - low === 1 && low % 3 !== 0;
}

/** A player's spot checked; a sentence for the player when it is not one. */
export function checkSpot(spot: RouletteSpot): RouletteSpot | string {
  switch (spot.kind) {
    case 'straight':
      return Number.isInteger(spot.pick) && spot.pick! >= 0 && spot.pick! <= 36
        ? { kind: 'straight', pick: spot.pick! }
        : 'Pick a number from 0 to 36.';
    case 'split':
      return Number.isInteger(spot.pick) && Number.isInteger(spot.pick2) && adjacent(spot.pick!, spot.pick2!)
        ? { kind: 'split', pick: Math.min(spot.pick!, spot.pick2!), pick2: Math.max(spot.pick!, spot.pick2!) }
        : 'A split covers two numbers next to each other on the layout.';
    case 'dozen':
    case 'column':
      return Number.isInteger(spot.pick) && spot.pick! >= 1 && spot.pick! <= 3
        ? { kind: spot.kind, pick: spot.pick! }
        : `Pick a ${spot.kind} from 1 to 3.`;
    case 'red':
    case 'black':
    case 'odd':
    case 'even':
    case 'low':
    case 'high':
      return { kind: spot.kind };
    default:
      return 'That is not a bet on this table.';
  }
}

/** Whether the pocket wins the spot. */
export function spotWins(spot: RouletteSpot, pocket: number): boolean {
  if (spot.kind === 'straight') return spot.pick === pocket;
  if (spot.kind === 'split') return spot.pick === pocket || spot.pick2 === pocket;
  if (pocket === 0) return false;
  switch (spot.kind) {
    case 'red':
      return colourOf(pocket) === 'red';
    case 'black':
      return colourOf(pocket) === 'black';
    case 'odd':
      return pocket % 2 === 1;
    case 'even':
      return pocket % 2 === 0;
    case 'low':
      return pocket <= 18;
    case 'high':
      return pocket >= 19;
    case 'dozen':
      return Math.ceil(pocket / 12) === spot.pick;
    case 'column':
      return ((pocket - 1) % 3) + 1 === spot.pick;
  }
}

/** What a chip of `amount` on the spot returns when the ball lands in `pocket` (stake included; 0 = lost). */
export function roulettePayout(spot: RouletteSpot, amount: number, pocket: number): number {
  return spotWins(spot, pocket) ? amount * (ROULETTE_ODDS[spot.kind] + 1) : 0;
}

/** The spot in words ('Straight 17', 'Split 8-11', 'Red', '2nd dozen', '3rd column'). */
export function spotLabel(spot: RouletteSpot): string {
  const nth = (n: number) => ['1st', '2nd', '3rd'][n - 1] ?? `${n}th`;
  switch (spot.kind) {
    case 'straight':
      return `Straight ${spot.pick}`;
    case 'split':
      return `Split ${spot.pick}-${spot.pick2}`;
    case 'dozen':
      return `${nth(spot.pick ?? 0)} dozen`;
    case 'column':
      return `${nth(spot.pick ?? 0)} column`;
    case 'low':
      return 'Low (1-18)';
    case 'high':
      return 'High (19-36)';
    default:
      return spot.kind[0]!.toUpperCase() + spot.kind.slice(1);
  }
}

/** The round's spin: one draw of the round's provably-fair generator, a pocket 0–36. */
export function rouletteOutcome(rng: Rng): number {
  return rng.int(37);
}

const NUMBER_WORDS = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
  'Twenty',
];
const TENS = ['', '', 'Twenty', 'Thirty'];

/** The dealer's call of a result: 'Seventeen, red', 'Zero, green'. */
export function dealerCall(pocket: number): string {
  const word =
    pocket <= 20
      ? NUMBER_WORDS[pocket]!
      : `${TENS[Math.floor(pocket / 10)]}${pocket % 10 ? `-${NUMBER_WORDS[pocket % 10]!.toLowerCase()}` : ''}`;
  return `${word}, ${colourOf(pocket)}`;
}

/** The round's outcome in words for the proof ('Ball 17 red'). */
export function rouletteOutcomeText(pocket: number): string {
  return `Ball ${pocket} ${colourOf(pocket)}`;
}

/** Every spot of the layout, for the RTP bench's even mix. */
export const ALL_SPOTS: readonly RouletteSpot[] = [
  ...Array.from({ length: 37 }, (_, pick) => ({ kind: 'straight' as const, pick })),
  { kind: 'split', pick: 8, pick2: 11 },
  { kind: 'split', pick: 17, pick2: 18 },
  { kind: 'red' },
  { kind: 'black' },
  { kind: 'odd' },
  { kind: 'even' },
  { kind: 'low' },
  { kind: 'high' },
  ...[1, 2, 3].map((pick) => ({ kind: 'dozen' as const, pick })),
  ...[1, 2, 3].map((pick) => ({ kind: 'column' as const, pick })),
];

/**
 * One round for the RTP bench: a chip of `bet` on a spot chosen by the generator (every bet kind in
 * turn: straight, split, the even-money bets, dozens, columns), then the spin. Each pays back 97.30 %.
 */
export function rouletteRtpRound(rng: Rng, bet: number, spot?: RouletteSpot): { win: number } {
  const kinds = ['straight', 'split', 'red', 'black', 'odd', 'even', 'low', 'high', 'dozen', 'column'] as const;
  const chosen = spot ?? pickSpot(kinds[rng.int(kinds.length)]!, rng);
  return { win: roulettePayout(chosen, bet, rouletteOutcome(rng)) };
}

function pickSpot(kind: RouletteBetKind, rng: Rng): RouletteSpot {
  if (kind === 'straight') return { kind, pick: rng.int(37) };
  if (kind === 'split') {
    const low = 1 + rng.int(33);
    return { kind, pick: low, pick2: low + 3 };
  }
  if (kind === 'dozen' || kind === 'column') return { kind, pick: 1 + rng.int(3) };
  return { kind };
}
