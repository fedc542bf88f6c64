/**
 * Cards and hand ranks of Jacks or Better (issue 13). A card is a number 0–51: rank = ⌊card / 4⌋
 * (0 = two … 12 = ace), suit = card mod 4 (♠ ♥ ♦ ♣). Labels are rank + suit letters ('AS', 'TD', '9H').
 */

export const HandRank = {
  Nothing: 0,
  JacksOrBetter: 1,
  TwoPair: 2,
  ThreeOfAKind: 3,
  Straight: 4,
  Flush: 5,
  FullHouse: 6,
  FourOfAKind: 7,
  StraightFlush: 8,
  RoyalFlush: 9,
} as const;
export type HandRank = (typeof HandRank)[keyof typeof HandRank];

export const HAND_RANK_NAMES: Readonly<Record<HandRank, string>> = {
  0: 'No win',
  1: 'Jacks or Better',
  2: 'Two Pair',
  3: 'Three of a Kind',
  4: 'Straight',
  5: 'Flush',
  6: 'Full House',
  7: 'Four of a Kind',
  8: 'Straight Flush',
  9: 'Royal Flush',
};

export const DECK: readonly number[] = Array.from({ length: 52 }, (_, card) => card);
const RANK_LETTERS = '23456789TJQKA';
const SUIT_LETTERS = 'SHDC';
const JACK = 9;
const TEN = 8;
const ACE = 12;

export function cardLabel(card: number): string {
  return `${RANK_LETTERS[card >> 2]}${SUIT_LETTERS[card & 3]}`;
}

/** '9H' → the card number; throws on anything else (tests and verification). */
export function cardFromLabel(label: string): number {
  const rank = RANK_LETTERS.indexOf(label[0] ?? '?');
  const suit = SUIT_LETTERS.indexOf(label[1] ?? '?');
  if (label.length !== 2 || rank < 0 || suit < 0) throw new RangeError(`not a card: ${label}`);
  return rank * 4 + suit;
}

/** The rank of a 5-card hand (hot loop of the strategy tables: no allocation). */
export function handCategory(hand: readonly number[]): HandRank {
  let pairs = 0;
  let highPair = false;
  let trips = false;
  let quads = false;
  const c0 = hand[0]!;
  const c1 = hand[1]!;
  const c2 = hand[2]!;
  const c3 = hand[3]!;
  const c4 = hand[4]!;
  const flush = (c0 & 3) === (c1 & 3) && (c0 & 3) === (c2 & 3) && (c0 & 3) === (c3 & 3) && (c0 & 3) === (c4 & 3);
  const r0 = c0 >> 2;
  const r1 = c1 >> 2;
  const r2 = c2 >> 2;
  const r3 = c3 >> 2;
  const r4 = c4 >> 2;
  const rankMask = (1 << r0) | (1 << r1) | (1 << r2) | (1 << r3) | (1 << r4);
  if (rankMask !== 0 && popcount13(rankMask) === 5) {
    const low = 31 - Math.clz32(rankMask & -rankMask);
    const high = 31 - Math.clz32(rankMask);
    const straight = high - low === 4 || rankMask === 0b1000000001111;
    if (straight && flush) return low === TEN ? HandRank.RoyalFlush : HandRank.StraightFlush;
    if (flush) return HandRank.Flush;
    if (straight) return HandRank.Straight;
    return HandRank.Nothing;
  }
  for (let rank = 0; rank <= ACE; rank += 1) {
    if (!(rankMask & (1 << rank))) continue;
    const count = (r0 === rank ? 1 : 0) + (r1 === rank ? 1 : 0) + (r2 === rank ? 1 : 0) + (r3 === rank ? 1 : 0) + (r4 === rank ? 1 : 0);
    if (count === 4) quads = true;
    else if (count === 3) trips = true;
    else if (count === 2) {
      pairs += 1;
      if (rank >= JACK) highPair = true;
    }
  }
  if (quads) return HandRank.FourOfAKind;
  if (trips) return pairs > 0 ? HandRank.FullHouse : HandRank.ThreeOfAKind;
  if (pairs === 2) return HandRank.TwoPair;
  return highPair ? HandRank.JacksOrBetter : HandRank.Nothing;
}

function popcount13(mask: number): number {
  let count = 0;
  for (let m = mask; m !== 0; m &= m - 1) count += 1;
  return count;
}
