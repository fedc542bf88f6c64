/**
 * A booking code's form and link (issue 38), without zod: the route guards read the link's parameter
 * on the first screen (src/contract/booking.ts has the calls and re-exports these).
 */

/**
 * The characters of a code: digits and capitals without the ones read as another (0/O, 1/I/L) and
 * without U (read as V on a small screen). 30 characters, 8 of them: 6.6 × 10¹¹ codes.
 */
export const BOOKING_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const BOOKING_CODE_LENGTH = 8;
/** The most selections a code holds: a parlay's 20 matches (spec §5) with room for singles. */
export const BOOKING_MAX_SELECTIONS = 30;
/** The link a code opens: the sports page, which keeps the slip (spec §2), with the code to load. */
export const BOOKING_PARAM = 'booking';
export const bookingLink = (origin: string, code: string) => `${origin}/sports?${BOOKING_PARAM}=${code}`;

const codePattern = new RegExp(`^[${BOOKING_ALPHABET}]{${BOOKING_CODE_LENGTH}}$`);

/**
 * A code as typed or pasted, in the form it is stored: capitals, without spaces or dashes; undefined
 * when it cannot be a code (a wrong length, a character no code has).
 */
export function normalizeBookingCode(typed: string): string | undefined {
  const code = typed.replace(/[\s-]/g, '').toUpperCase();
  return codePattern.test(code) ? code : undefined;
}
