/**
 * Manila calendar days for the today/early lists. The Philippines keeps UTC+8 all year (no daylight
 * saving), so a fixed offset is exact and far cheaper than Intl in the per-match filters.
 */
const MANILA_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' of the Manila calendar day of an instant. */
export function manilaDayId(epochMs: number): string {
  return new Date(epochMs + MANILA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant the Manila day containing epochMs began. */
export function manilaDayStart(epochMs: number): number {
  return Math.floor((epochMs + MANILA_OFFSET_MS) / DAY_MS) * DAY_MS - MANILA_OFFSET_MS;
}

export { DAY_MS };
