/** Manila calendar days for the today/early lists (src/lib/dates.ts: a fixed offset, see MANILA_OFFSET_MS). */
import { manilaDay } from '../../../src/lib/dates';

export { manilaDayStart } from '../../../src/lib/dates';

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' of the Manila calendar day of an instant. */
export function manilaDayId(epochMs: number): string {
  return manilaDay(epochMs);
}

export { DAY_MS };
