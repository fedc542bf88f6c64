/**
 * The provably fair draw of the campaigns (the lucky spin, Masskara's masks, the raffle), pure so the
 * server draws with it and a player's browser checks a draw with it. A draw is keyed by a secret seed
 * whose sha256 is published before the draw and the seed itself after: the roll of a draw is the first
 * 13 hex digits (52 bits) of HMAC-SHA256(seed, message) as a number, where the message names the draw
 * ("spin:<id>", "mask:<source>", "raffle:<id>:<n>"). The server computes the HMAC with node:crypto
 * (server/modules/campaigns/fairness.ts), the browser with WebCrypto; both end here.
 */

/** The roll an HMAC-SHA256 (hex) gives: its first 52 bits, exact in a JavaScript number. */
export function rollFromHex(hmacHex: string): number {
  return Number.parseInt(hmacHex.slice(0, 13), 16);
}

/** The item whose cumulative weight range holds roll mod (sum of weights), in the order listed. */
export function pickWeighted<T extends { weight: number }>(roll: number, items: readonly T[]): T {
  const total = items.reduce((sum, item) => sum + item.weight, 0);
  let point = roll % total;
  for (const item of items) {
    if (point < item.weight) return item;
    point -= item.weight;
  }
  throw new Error('nothing to draw: the weights are empty');
}

export const spinMessage = (spinId: number) => `spin:${spinId}`;
export const maskMessage = (source: string) => `mask:${source}`;
export const raffleMessage = (raffleId: string, draw: number) => `raffle:${raffleId}:${draw}`;

/**
 * A raffle's winners: for each prize in order (roll n for prize n), the ticket at roll mod (the tickets
 * still in the draw) among the entries in the order listed (ascending by player), that entry's tickets
 * then leaving the draw, so no player wins twice. Answers the winning entries' indexes; fewer than the
 * rolls when the entries run out.
 */
export function drawRaffle(entries: readonly { tickets: number }[], rolls: readonly number[]): number[] {
  const left = entries.map((entry, index) => ({ index, weight: entry.tickets })).filter((entry) => entry.weight > 0);
  const winners: number[] = [];
  for (const roll of rolls) {
    if (left.length === 0) break;
    const won = pickWeighted(roll, left);
    winners.push(won.index);
    left.splice(left.indexOf(won), 1);
  }
  return winners;
}
