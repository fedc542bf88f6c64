import type { Match } from './feed';
import { manilaDay, nextDays } from '../lib/dates';
import { compareText } from '../lib/order';

/**
 * Which matches /foryou shows in which section: pure, so the page (ForYouPage.tsx) and the server that
 * draws its first screen into the HTML (server/plugins/firstRows.ts) pick the same matches in the same
 * order. `T` is whatever the caller keeps beside a match (the page: its list mirror).
 */
export const LIVE_ROWS = 6;
export const SOON_ROWS = 5;
export const FEATURED_CARDS = 10;
export const HIGHLIGHT_ROWS = 8;
/** "Starting soon" looks this far ahead. */
const SOON_MS = 6 * 3_600_000;

export interface ForYouEntry {
  match: Match;
  /** The league's priority (99 when unknown). */
  priority: number;
}

export interface ForYouSections<T extends ForYouEntry> {
  featured: T[];
  inPlay: T[];
  soon: T[];
  highlights: T[];
}

const byKickoff = (a: ForYouEntry, b: ForYouEntry) =>
  compareText(a.match.kickoff, b.match.kickoff) || compareText(a.match.matchId, b.match.matchId);

/** The sections from the entries of the live lists and of the today and early lists, at `now` (epoch ms). */
export function forYouSections<T extends ForYouEntry>(live: T[], upcomingLists: T[], now: number): ForYouSections<T> {
  const inPlay = [...live].sort((a, b) => a.priority - b.priority || byKickoff(a, b));
  const upcoming = upcomingLists.filter((e) => Date.parse(e.match.kickoff) > now).sort(byKickoff);
  const soon = upcoming.filter((e) => Date.parse(e.match.kickoff) - now < SOON_MS).slice(0, SOON_ROWS);
  const featured = [...inPlay, ...upcoming].filter((e) => e.match.featured).slice(0, FEATURED_CARDS);
  const week = new Set(nextDays(now, 7));
  const soonIds = new Set(soon.map((e) => e.match.matchId));
  const highlights = upcoming
    .filter((e) => e.priority === 1 && week.has(manilaDay(new Date(e.match.kickoff))) && !soonIds.has(e.match.matchId))
    .slice(0, HIGHLIGHT_ROWS);
  return { inPlay: inPlay.slice(0, LIVE_ROWS), soon, featured, highlights };
}
