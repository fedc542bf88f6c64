import type { Delta } from '../../src/contract/feed';

/**
 * Keeps one destination's deltas in order against its snapshots (ARCHITECTURE "Data flow"): a delta
 * applies only right after the previous one; a gap or a reconnect means the snapshot is fetched again;
 * deltas that arrive while a snapshot is on its way wait for it. Pure: the caller applies the deltas it
 * is handed and fetches when told to.
 */
export type SyncAction = { kind: 'apply'; deltas: Delta[] } | { kind: 'resync' } | { kind: 'none' };

/** The first seq a delta stands for (a merged one stands for `from`..`seq`). */
const firstSeq = (delta: Delta) => delta.from ?? delta.seq;

/** Deltas remembered after they are applied, to bring an older snapshot up to date. */
const RECENT = 256;

export class DestinationSync {
  /** Seq of the last delta applied; null while waiting for a snapshot. */
  private seq: number | null = null;
  private queue: Delta[] = [];
  private recent: Delta[] = [];

  get lastSeq(): number | null {
    return this.seq;
  }

  get waiting(): boolean {
    return this.seq === null;
  }

  /** A delta arrived from the socket. */
  onDelta(delta: Delta): SyncAction {
    if (this.seq === null) {
      this.queue.push(delta);
      return { kind: 'none' };
    }
    if (delta.seq <= this.seq) return { kind: 'none' };
    // A merged delta (from..seq) follows on when it starts at or before the next seq.
    if (firstSeq(delta) > this.seq + 1) {
      this.reset();
      this.queue.push(delta);
      return { kind: 'resync' };
    }
    this.seq = delta.seq;
    this.remember(delta);
    return { kind: 'apply', deltas: [delta] };
  }

  /**
   * A snapshot (already merged into the store by the caller) stands at `snapshotSeq`. Answers the
   * deltas to apply on top of it, or a resync when the deltas needed are no longer known.
   */
  onSnapshot(snapshotSeq: number): SyncAction {
    if (this.seq === null) {
      const later = this.queue.filter((d) => d.seq > snapshotSeq).sort((a, b) => a.seq - b.seq);
      this.queue = [];
      let expected = snapshotSeq + 1;
      for (const delta of later) {
        if (firstSeq(delta) > expected) {
          // The socket skipped a delta while the snapshot was loading: fetch again.
          this.queue = later.filter((d) => d.seq >= delta.seq);
          return { kind: 'resync' };
        }
        expected = delta.seq + 1;
      }
      this.seq = expected - 1;
      for (const delta of later) this.remember(delta);
      return later.length > 0 ? { kind: 'apply', deltas: later } : { kind: 'none' };
    }
    // A newer snapshot: the deltas up to it are still on their way and apply on top. Changes carry
    // absolute values, so replaying them ends where the snapshot is, and the rest of the store (a list
    // snapshot holds one mode's matches) still gets them.
    if (snapshotSeq >= this.seq) return { kind: 'none' };
    // An older snapshot for another view of this destination: replay what it has not seen.
    const missing = this.recent.filter((d) => d.seq > snapshotSeq);
    if (missing[0] === undefined || firstSeq(missing[0]) > snapshotSeq + 1) {
      this.reset();
      return { kind: 'resync' };
    }
    return { kind: 'apply', deltas: missing };
  }

  /** The socket reconnected (or a gap was found): everything must come from a new snapshot. */
  reset(): void {
    this.seq = null;
    this.queue = [];
    this.recent = [];
  }

  private remember(delta: Delta): void {
    this.recent.push(delta);
    if (this.recent.length > RECENT) this.recent.splice(0, this.recent.length - RECENT);
  }
}
