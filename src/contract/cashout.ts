import * as z from 'zod/mini';
import type { LegOutcome } from './betting';

/**
 * Cash-out (issue 38), shared by the betting service (server/modules/bets/cashout.ts), the realtime
 * worker that keeps every open ticket's value live from the price deltas it already holds, and My Bets.
 *
 * The value of an open ticket now: Σ over its combinations of combo stake × Π leg factor × (1 − margin),
 * where a running leg's factor is (odds taken / current odds), a won leg its own odds, a void leg 1.00,
 * a half-won leg (1 + odds) / 2, a half-lost leg 1/2 and a lost leg 0. A single is one combination of
 * one leg. All of it on whole hundredths of odds and whole centavos, in BigInt, and the value is
 * **floored to the centavo** (the one rounding rule: never a fraction of a centavo in the player's
 * favour). A partial cash-out of `part` centavos of a stake S pays floor(full value × part / S), from the
 * same exact fraction (not from the rounded full value), and leaves S − part on at the original odds.
 */

export const CashoutCall = {
  /** Player. A quote to cash out a ticket, all of it or `part` centavos of its stake: id, value, expiry. */
  quote: 'cashout/quote',
  /** Player, idempotent. Accepts a quote: re-priced on the server inside the live-bet delay. */
  accept: 'cashout/accept',
  /** Player. Sets (or removes, with null) the auto cash-out threshold of a ticket. */
  auto: 'cashout/auto',
} as const;

/** How long a quote holds: a live ticket's 10 s, a pre-match ticket's 30 s. */
export const QUOTE_TTL_LIVE_MS = 10_000;
export const QUOTE_TTL_PREMATCH_MS = 30_000;

/** Neither part of a partial cash-out may be under ₱1. */
export const CASHOUT_MIN_PART = 100;

/** The operator's cash-out margin, in basis points (500 = 5 %), within these bounds. */
export const CASHOUT_MARGIN_MAX_BP = 5_000;

/** Why there is no quote: a leg's market is suspended or closed, or the ticket is not open. */
export const CASHOUT_PAUSED = 'Cash out is paused';

/** One leg as the value needs it: the odds taken, how it stands, and its current odds (running legs). */
export interface CashoutLeg {
  oddsH: number;
  outcome: LegOutcome | 'running';
  /** The current odds in hundredths of a running leg's selection; null when its market is not running. */
  currentH: number | null;
}

/** The value as an exact fraction of centavos, or null when paused (a running leg has no current odds). */
export function cashoutFraction(
  legs: readonly CashoutLeg[],
  combos: readonly { size: number; stake: number }[],
  marginBp: number,
): { numerator: bigint; denominator: bigint } | null {
  if (legs.some((leg) => leg.outcome === 'running' && (leg.currentH === null || leg.currentH <= 100))) return null;
  // Every leg's factor over a common denominator: running taken/current, settled legs as betReturn counts them.
  const factors = legs.map((leg): [bigint, bigint] => {
    switch (leg.outcome) {
      case 'running':
        return [BigInt(leg.oddsH), BigInt(leg.currentH!)];
      case 'won':
        return [BigInt(leg.oddsH), 100n];
      case 'halfWon':
        return [BigInt(leg.oddsH + 100), 200n];
      case 'void':
        return [1n, 1n];
      case 'halfLost':
        return [1n, 2n];
      case 'lost':
        return [0n, 1n];
    }
  });
  const denominatorAll = factors.reduce((d, [, den]) => d * den, 1n) * 10_000n;
  let numerator = 0n;
  const all = combos.length === 0 ? [{ size: legs.length, stake: 0 }] : combos;
  for (const combo of all) {
    for (const pick of combinationsOf(legs.length, combo.size)) {
      // Π over the combination's legs; the legs outside it contribute their denominator only.
      let term = BigInt(combo.stake);
      factors.forEach(([num, den], i) => (term *= pick.includes(i) ? num : den));
      numerator += term;
    }
  }
  return { numerator: numerator * BigInt(10_000 - marginBp), denominator: denominatorAll };
}

/** k-of-n index sets (a small copy of betting.ts's, kept here so the worker's import stays small). */
function combinationsOf(n: number, k: number): number[][] {
  const out: number[][] = [];
  const walk = (start: number, pick: number[]) => {
    if (pick.length === k) return void out.push([...pick]);
    for (let i = start; i < n; i++) walk(i + 1, [...pick, i]);
  };
  walk(0, []);
  return out;
}

/**
 * The cash-out value in centavos of `part` centavos of a ticket's whole `stake` (all of it by default),
 * floored; null when paused. `combos` empty: a single (the stake on its one leg).
 */
export function cashoutValue(
  ticket: { stake: number; legs: readonly CashoutLeg[]; combos: readonly { size: number; stake: number }[] },
  marginBp: number,
  part = ticket.stake,
): number | null {
  const combos = ticket.combos.length === 0 ? [{ size: ticket.legs.length, stake: ticket.stake }] : ticket.combos;
  const fraction = cashoutFraction(ticket.legs, combos, marginBp);
  if (!fraction) return null;
  return Number((fraction.numerator * BigInt(part)) / (fraction.denominator * BigInt(ticket.stake)));
}

/** Whether a ticket can be cashed out in part: a single leg, or one combination of every leg (no system bets). */
export function partialAllowed(ticket: { legs: readonly unknown[]; combos: readonly { size: number; bets: number }[] }): boolean {
  return ticket.combos.length === 0 || (ticket.combos.length === 1 && ticket.combos[0]!.bets === 1);
}

// ── The calls ───────────────────────────────────────────────────────────────────────────────────────

const transId = z.string().check(z.regex(/^\d{6,24}$/));
const centavos = z.int().check(z.positive(), z.maximum(100_000_000_000));

export const cashoutQuoteBody = z.object({
  transId,
  /** Centavos of the stake to cash out (absent: all of it). */
  part: z.optional(centavos),
});
export type CashoutQuoteBody = z.infer<typeof cashoutQuoteBody>;

export const cashoutAcceptBody = z.object({ quoteId: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/)) });
export type CashoutAcceptBody = z.infer<typeof cashoutAcceptBody>;

export const cashoutAutoBody = z.object({ transId, threshold: z.nullable(centavos) });
export type CashoutAutoBody = z.infer<typeof cashoutAutoBody>;

export interface CashoutQuote {
  quoteId: string;
  transId: string;
  /** Centavos of the stake this quote cashes out, and of the whole stake now. */
  part: number;
  stake: number;
  /** What the player gets, centavos. */
  value: number;
  expiresAt: string;
  live: boolean;
}

/**
 * A quote (`ok`), or why not: `paused` (a leg's market is suspended or closed), `unavailable` (the ticket
 * is settled, cashed out, bonus-funded, or the part is not allowed).
 */
export type CashoutQuoteResponse = { status: 'ok'; quote: CashoutQuote } | { status: 'paused' | 'unavailable'; message: string };

/**
 * What accepting gave: `done` (paid `value`; `remaining` centavos of stake stay on), `moved` (the value
 * fell or the quote expired: a new quote to accept, nothing paid), or `paused`/`unavailable`.
 */
export type CashoutAcceptResponse =
  | { status: 'done'; transId: string; value: number; remaining: number }
  | { status: 'moved'; quote: CashoutQuote; message: string }
  | { status: 'paused' | 'unavailable'; message: string };

export interface CashoutAutoResponse {
  transId: string;
  threshold: number | null;
}
