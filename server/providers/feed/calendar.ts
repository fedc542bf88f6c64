/** Manila calendar days for the today/early lists (a fixed offset: see MANILA_OFFSET_MS). */
import { MANILA_OFFSET_MS } from '../../../src/contract/constants';
import { manilaDay } from '../../../src/lib/dates';

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' of the Manila calendar day of an instant. */
export function manilaDayId(epochMs: number): string {
  return manilaDay(epochMs);
}

/** The instant the Manila day containing epochMs began. */
export function manilaDayStart(epochMs: number): number {
  return Math.floor((epochMs + MANILA_OFFSET_MS) / DAY_MS) * DAY_MS - MANILA_OFFSET_MS;
}

export { DAY_MS };
