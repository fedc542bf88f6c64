import type { Delta } from '../../src/contract/feed';
import { mergeDelta } from './stomp/broker';

/**
 * The last deltas of the feed's list destinations (`/topic/sport/{id}`), so a subscriber that already
 * holds a list snapshot at seq S (the page carries one: server/plugins/firstPaint.ts) asks with
 * `since:S` on its SUBSCRIBE and gets what followed at once, merged into one delta `S+1`..`seq`, instead
 * of finding a gap in the live stream and fetching the snapshot again (issue 31: on a slow phone that
 * refetch was a second round trip and download before the first price moved). Kept whether or not
 * anyone listens, for at most KEEP_MS and KEEP_DELTAS per destination; what it no longer holds is not
 * answered, and the subscriber falls back on the gap rule (workers/realtime/sync.ts).
 *
 * Each instance keeps its own: with several instances every one numbers the same deltas itself
 * (docs/architecture.md "Several instances"), so any instance can answer for a seq another one drew.
 */
export const KEEP_MS = 30_000;
export const KEEP_DELTAS = 400;

const LIST_DESTINATION = /^\/topic\/sport\/\d{1,10}$/;

export class RecentDeltas {
  private readonly byDestination = new Map<string, Delta[]>();

  constructor(
    private readonly keepMs = KEEP_MS,
    private readonly keepDeltas = KEEP_DELTAS,
  ) {}

  /** A delta the feed sent to `destination` (kept for a list destination, in seq order). */
  add(destination: string, delta: Delta): void {
    if (!LIST_DESTINATION.test(destination)) return;
    let kept = this.byDestination.get(destination);
    if (!kept) this.byDestination.set(destination, (kept = []));
    const last = kept[kept.length - 1];
    // A feed that starts again (a new leader's replica resuming the stored state) numbers afresh: what came before no longer follows.
    if (last && delta.seq <= last.seq) kept.length = 0;
    kept.push(delta);
    const oldest = delta.ts - this.keepMs;
    let drop = Math.max(0, kept.length - this.keepDeltas);
    while (drop < kept.length && kept[drop]!.ts < oldest) drop += 1;
    if (drop > 0) kept.splice(0, drop);
  }

  /**
   * What followed seq `since` on `destination`, as one merged delta (`from` = since + 1), when every delta
   * after it is still kept; undefined when nothing followed yet or the first that did is gone.
   */
  since(destination: string, since: number): (Delta & { from: number }) | undefined {
    const kept = this.byDestination.get(destination);
    if (!kept) return undefined;
    const first = kept.findIndex((delta) => delta.seq > since);
    if (first < 0) return undefined;
    const start = kept[first]!;
    if ((start.from ?? start.seq) > since + 1) return undefined;
    let merged: Delta & { from: number } = { ...start, from: since + 1 };
    for (const delta of kept.slice(first + 1)) merged = mergeDelta(merged, delta);
    return merged;
  }
}
