import { MINIMUM_AGE, TIME_ZONE } from './constants';

/** Philippine mobile numbers (+63 9XX XXX XXXX) and the 21+ rule, shared by the forms and the server. */

/** '0917 123 4567', '9171234567', '+63 917-123-4567' → '+639171234567'; undefined if not a PH mobile. */
export function normalizePhone(input: string): string | undefined {
  const digits = input.replace(/[\s\-().]/g, '');
  const match = /^(?:\+?63|0)?(9\d{9})$/.exec(digits);
  return match ? `+63${match[1]}` : undefined;
}

/** '+639171234567' → '+63 917 *** 4567', for showing a bound number without revealing it. */
export function maskPhone(e164: string): string {
  const match = /^\+63(9\d{2})\d{3}(\d{4})$/.exec(e164);
  return match ? `+63 ${match[1]} *** ${match[2]}` : '';
}

/** Today's date in Manila as YYYY-MM-DD. */
export function manilaDate(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Whether YYYY-MM-DD is a real calendar date. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Completed years between a birthday and `now`, counted in Manila (a birthday starts at Manila midnight). */
export function ageOn(birthday: string, now: Date): number {
  const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = manilaDate(now).split('-').map(Number) as [number, number, number];
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age--;
  return age;
}

/** Players must be 21 or older (spec §1, §5; PAGCOR). */
export function isOfAge(birthday: string, now: Date): boolean {
  return isCalendarDate(birthday) && ageOn(birthday, now) >= MINIMUM_AGE;
}
