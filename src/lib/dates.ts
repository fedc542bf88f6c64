import { MANILA_OFFSET_MS, TIME_ZONE } from '../contract/constants';

/** A moment as 'Nov 20, 14:05' in Manila time, in the player's language. */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language === 'cn' ? 'zh-CN' : 'en-PH', {
    timeZone: TIME_ZONE,
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(date);
}

/** A formatter made on first use (as money.ts's: not while every module is evaluated at start). */
export function lazyFormat(locale: string, options: Intl.DateTimeFormatOptions): { format: (at: Date | number) => string } {
  let made: Intl.DateTimeFormat | undefined;
  return { format: (at) => (made ??= new Intl.DateTimeFormat(locale, options)).format(at) };
}

/**
 * A moment's wall clock in Manila, by the fixed offset: the first Intl.DateTimeFormat with a time zone
 * loads the zone's data (about 8 ms on a desktop CPU, in the task that first shows a kick-off time), and
 * the Philippines keeps UTC+8 all year.
 */
const manilaClock = (at: Date | number) => new Date((typeof at === 'number' ? at : at.getTime()) + MANILA_OFFSET_MS);

/** The Manila calendar day of a moment, as YYYY-MM-DD (a fixed offset: lists ask it of every match). */
export function manilaDay(at: Date | number): string {
  return manilaClock(at).toISOString().slice(0, 10);
}

const DAY_MS = 86_400_000;

/** The instant (epoch ms) the Manila day holding `at` began. */
export function manilaDayStart(at: number): number {
  return Math.floor((at + MANILA_OFFSET_MS) / DAY_MS) * DAY_MS - MANILA_OFFSET_MS;
}

/**
 * The instant (epoch ms) the Manila week holding `at` ends: midnight after its Sunday (spec §9 "The
 * weekly countdown runs to the end of Sunday"); weeks run Monday to Sunday.
 */
export function manilaWeekEnd(at: number): number {
  const dayStart = manilaDayStart(at);
  // 1970-01-01 was a Thursday: Monday is day 0 of the week 4 days later.
  const weekday = (Math.floor((dayStart + MANILA_OFFSET_MS) / DAY_MS) + 3) % 7;
  return dayStart + (7 - weekday) * DAY_MS;
}

function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export interface KickoffLabel {
  /** 'today' and 'tomorrow' are shown as TODAY / TOMORROW; otherwise `date` is 'MMM DD'. */
  day: 'today' | 'tomorrow' | 'date';
  date: string;
  time: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const twoDigits = (n: number) => String(n).padStart(2, '0');

/** HH:mm in Manila time. */
export function manilaTime(at: Date | number): string {
  const clock = manilaClock(at);
  return `${twoDigits(clock.getUTCHours())}:${twoDigits(clock.getUTCMinutes())}`;
}

/** MMM DD ('Nov 05') in Manila time. */
function manilaMonthDay(at: Date | number): string {
  const clock = manilaClock(at);
  return `${MONTHS[clock.getUTCMonth()] ?? ''} ${twoDigits(clock.getUTCDate())}`;
}

/** Match dates (spec §4): TODAY, TOMORROW or MMM DD, with HH:mm, in Asia/Manila time. */
export function kickoffLabel(iso: string, now: Date | number): KickoffLabel {
  const at = new Date(iso);
  const day = manilaDay(at);
  const today = manilaDay(now);
  return {
    day: day === today ? 'today' : day === addDays(today, 1) ? 'tomorrow' : 'date',
    date: manilaMonthDay(at),
    time: manilaTime(at),
  };
}

/** The next `count` Manila days from `now`, for the early-market date picker. */
export function nextDays(now: Date | number, count: number): string[] {
  const today = manilaDay(now);
  return Array.from({ length: count }, (_, i) => addDays(today, i));
}
