import * as z from 'zod/mini';
import { centavos, isoTime } from './common';

/** The answers of the Masskara campaign's and the raffle's calls (src/contract/masskara.ts MasskaraCall). */

const mask = z.strictObject({ id: z.string(), label: z.string(), weight: z.int(), percent: z.string() });

export const masskaraAnswer = z.strictObject({
  /** The edition answered. */
  edition: z.string(),
  /** Every edition, oldest first (ended ones are history the player can read). */
  editions: z.array(
    z.strictObject({
      id: z.string(),
      title: z.string(),
      startsAt: isoTime,
      endsAt: isoTime,
      status: z.enum(['upcoming', 'running', 'ended']),
    }),
  ),
  /** The ids of this edition's raffles (raffle/list). */
  raffles: z.array(z.string()),
  active: z.boolean(),
  title: z.string(),
  summary: z.string(),
  /** Every rule in plain words. */
  terms: z.array(z.string()),
  startsAt: isoTime,
  endsAt: isoTime,
  status: z.enum(['upcoming', 'running', 'ended']),
  masks: z.array(mask),
  prize: z.strictObject({ bonus: centavos, multiple: z.int() }),
  /** Why the player cannot take part (marketing off, play paused), or null. */
  notice: z.nullable(z.string()),
  /** null for a visitor and for a player who has not joined. */
  me: z.nullable(
    z.strictObject({
      joinedAt: isoTime,
      /** sha256 of the player's seed, shown from joining. */
      seedHash: z.string(),
      /** The seed, once the player has exchanged or the campaign has ended (null before). */
      seed: z.nullable(z.string()),
      /** How many of each mask the player holds (not yet exchanged), in the order of `masks`. */
      counts: z.array(z.int()),
      complete: z.boolean(),
      /** Every mask drawn, newest first: when, from what, the roll. */
      records: z.array(
        z.strictObject({
          id: z.int(),
          maskId: z.string(),
          label: z.string(),
          earnedAt: isoTime,
          /** bet: a settled sports bet (its ticket number); round: a settled casino round (its game). */
          from: z.enum(['bet', 'round']),
          reference: z.string(),
          stake: centavos,
          /** What the draw was keyed with: "mask:<source>". */
          message: z.string(),
          roll: z.number(),
          exchanged: z.boolean(),
        }),
      ),
      exchange: z.nullable(z.strictObject({ at: isoTime, bonus: centavos, cash: z.boolean() })),
    }),
  ),
});
export type MasskaraAnswer = z.infer<typeof masskaraAnswer>;

export const joinMasskaraAnswer = z.strictObject({ joinedAt: isoTime, seedHash: z.string() });

export const exchangeMasskaraAnswer = z.strictObject({ grantId: z.int(), bonus: centavos, cash: z.boolean(), seed: z.string() });
export type ExchangeMasskaraAnswer = z.infer<typeof exchangeMasskaraAnswer>;

export const rafflesAnswer = z.strictObject({
  raffles: z.array(
    z.strictObject({
      id: z.string(),
      title: z.string(),
      summary: z.string(),
      terms: z.array(z.string()),
      startsAt: isoTime,
      endsAt: isoTime,
      status: z.enum(['upcoming', 'running', 'ended', 'drawn']),
      prizes: z.array(centavos),
      cash: z.boolean(),
      ticketTurnover: centavos,
      /** sha256 of the draw's seed, published from the start. */
      seedHash: z.string(),
      /** Revealed with the draw (null before). */
      seed: z.nullable(z.string()),
      /** The player's tickets so far (or at the draw); null for a visitor. */
      myTickets: z.nullable(z.int()),
      draw: z.nullable(
        z.strictObject({
          drawnAt: isoTime,
          /** Every entry in draw order (ascending by player), names masked but the player's own. */
          entries: z.array(z.strictObject({ name: z.string(), tickets: z.int(), me: z.boolean() })),
          winners: z.array(
            z.strictObject({ place: z.int(), entry: z.int(), name: z.string(), prize: centavos, withheld: z.boolean(), me: z.boolean() }),
          ),
        }),
      ),
    }),
  ),
});
export type RafflesAnswer = z.infer<typeof rafflesAnswer>;
