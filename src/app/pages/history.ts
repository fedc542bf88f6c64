/**
 * /my-history: one timeline of the player's sports bets, casino rounds and wallet movements, each source
 * paged by its own call, newest first. What is shown is only what is certain: an entry of one source is
 * shown once every other source that still has pages has loaded past its time, so a "Load more" never
 * puts an older entry above a newer one the page did not have yet.
 */

export type HistoryKind = 'sports' | 'casino' | 'wallet';

export interface HistoryEntry {
  key: string;
  kind: HistoryKind;
  /** When it happened, ms. */
  at: number;
}

/** What one source has loaded: its entries (filtered as the timeline shows them) and how far its pages reach. */
export interface HistorySource<E extends HistoryEntry> {
  entries: readonly E[];
  /** The time of the oldest row loaded (filtered out or not); undefined when nothing is loaded yet. */
  oldest: number | undefined;
  /** Whether the source has more pages. */
  more: boolean;
}

export interface MergedHistory<E extends HistoryEntry> {
  /** Newest first, only what is certain to be in its place. */
  entries: E[];
  /** The indexes of the sources to ask for their next page to go further back (empty: the end). */
  next: number[];
}

export function mergeHistory<E extends HistoryEntry>(sources: readonly HistorySource<E>[]): MergedHistory<E> {
  // The newest "oldest loaded" of the sources that have more: nothing older than it is certain yet.
  let boundary = -Infinity;
  for (const source of sources) {
    if (!source.more) continue;
    boundary = Math.max(boundary, source.oldest ?? Infinity);
  }
  const entries = sources
    .flatMap((source) => source.entries)
    .filter((entry) => entry.at >= boundary)
    .sort((a, b) => b.at - a.at || a.key.localeCompare(b.key));
  const next = sources.flatMap((source, index) => (source.more && (source.oldest ?? Infinity) >= boundary ? [index] : []));
  return { entries, next };
}
