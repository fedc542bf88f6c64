import * as z from 'zod/mini';
import type { BetOrder } from './betOrder';
import { BOOKING_MAX_SELECTIONS } from './bookingLink';

/**
 * Booking codes (issue 38): a shareable bet slip. "Share slip" stores the slip's selections (event,
 * market, outcome, line: never a price) under a short code; whoever opens its link, scans its QR code
 * or types it gets the selections re-priced from the feed now, without those whose match has started
 * or whose market is suspended or settled (named in a notice), on an ordinary editable slip. A code
 * expires when the last of its matches starts.
 */

export const BookingCall = {
  /** Player (the slip needs a login, spec §5), limited per player. Stores the selections: the code. */
  create: 'booking/create',
  /** Anyone (a link opened by a friend who is not logged in yet). The selections re-priced now. */
  load: 'booking/load',
} as const;

export {
  BOOKING_ALPHABET,
  BOOKING_CODE_LENGTH,
  BOOKING_MAX_SELECTIONS,
  BOOKING_PARAM,
  bookingLink,
  normalizeBookingCode,
} from './bookingLink';

/** What a code stores of one selection. */
export interface BookedSelection {
  matchId: string;
  marketId: string;
  /** The outcome: the selection's key ('h', 'o', '2-1', a player line…). */
  key: string;
  /** The line when booked (handicap, total); the load takes the market's line now. */
  point: number | null;
}

const id = z.string().check(z.minLength(1), z.maxLength(64));

export const bookingCreateBody = z.object({
  selections: z
    .array(z.object({ matchId: id, marketId: id, key: id, point: z.nullable(z.number()) }))
    .check(z.minLength(1), z.maxLength(BOOKING_MAX_SELECTIONS)),
});
export type BookingCreateBody = z.infer<typeof bookingCreateBody>;

/** The code is checked by the service (normalizeBookingCode), so a mistyped one gets its own message. */
export const bookingLoadBody = z.object({ code: z.string().check(z.maxLength(40)) });
export type BookingLoadBody = z.infer<typeof bookingLoadBody>;

/** Why a selection is not on the slip: its match started, its market is suspended, or it is settled (or gone). */
export type BookingDropReason = 'started' | 'suspended' | 'settled';

/** A selection left out, named as the player knows it. */
export interface BookingDropped {
  reason: BookingDropReason;
  homeName: string;
  awayName: string;
  /** The market and outcome, e.g. 'Over/Under 2.5 · Over'. */
  label: string;
}

export interface BookingCreated {
  code: string;
  /** When the last match starts: the code is refused after it. */
  expiresAt: string;
  /** How many selections the code holds. */
  selections: number;
  /** Selections of the slip left out of the code (their match has started, or they are not open). */
  dropped: BookingDropped[];
}

export interface BookingLoaded {
  code: string;
  expiresAt: string;
  /** The selections as bet orders at today's prices and lines (decimal odds; the slip sets the player's odds type). */
  orders: BetOrder[];
  dropped: BookingDropped[];
}

/** The messages a player reads (the server's CallError texts; the slip shows them as they come). */
export const BookingMessage = {
  invalid: 'This is not a booking code. Codes have 8 letters and digits.',
  unknown: 'No bet slip has this booking code. Check it and try again.',
  expired: 'This booking code has expired: its matches have started.',
  nothingOpen: 'None of these selections can be shared: their matches have started or their markets are not open.',
  tooMany: 'Too many slips shared. Please wait a few minutes and try again.',
} as const;
