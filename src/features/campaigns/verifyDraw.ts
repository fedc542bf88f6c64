import { drawRaffle, raffleMessage, rollFromHex } from '../../contract/fairness';

/**
 * A player's own check of a draw, in the browser (WebCrypto), with the rule the server drew with
 * (src/contract/fairness.ts): the revealed seed's sha256 against the hash published before, and the
 * winners redone from the seed and the published entries.
 */

const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, '0')).join('');

export async function sha256Hex(text: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

export async function rollInBrowser(seed: string, message: string): Promise<number> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(seed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return rollFromHex(hex(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(message))));
}

export interface RaffleCheck {
  seedMatches: boolean;
  winnersMatch: boolean;
  /** The entries the check draws, in order. */
  expected: number[];
}

export async function verifyRaffle(raffle: {
  id: string;
  seed: string;
  seedHash: string;
  prizes: readonly number[];
  entries: readonly { tickets: number }[];
  winners: readonly { entry: number }[];
}): Promise<RaffleCheck> {
  const seedMatches = (await sha256Hex(raffle.seed)) === raffle.seedHash;
  const rolls = await Promise.all(raffle.prizes.map((_, n) => rollInBrowser(raffle.seed, raffleMessage(raffle.id, n))));
  const expected = drawRaffle(raffle.entries, rolls);
  const shown = raffle.winners.map((winner) => winner.entry);
  return { seedMatches, winnersMatch: expected.length === shown.length && expected.every((entry, i) => entry === shown[i]), expected };
}
