import type { Change, Delta } from '../../../src/contract/feed';

/**
 * Gathers a tick's changes per destination and numbers them: one delta per destination per tick,
 * seq 1, 2, 3… per destination with no gaps. seq(destination) is what a snapshot carries.
 */
export class Outbox {
  private pending = new Map<string, Change[]>();
  private readonly seqs: Map<string, number>;
  private retired: string[] = [];

  /** Resumes the numbering of a stored feed (see seqList), so a client's next delta follows the one it had. */
  constructor(seqs: Iterable<[string, number]> = []) {
    this.seqs = new Map(seqs);
  }

  /** The last seq of every destination. */
  seqList(): [string, number][] {
    return [...this.seqs];
  }

  push(destination: string, change: Change): void {
    const changes = this.pending.get(destination);
    if (changes) changes.push(change);
    else this.pending.set(destination, [change]);
  }

  /** The last seq sent on a destination (0 before the first delta). */
  seq(destination: string): number {
    return this.seqs.get(destination) ?? 0;
  }

  /** The destination's match is gone: forget its counter after this tick's delta. */
  retire(destination: string): void {
    this.retired.push(destination);
  }

  flush(ts: number): [string, Delta][] {
    const deltas: [string, Delta][] = [];
    for (const [destination, changes] of this.pending) {
      const seq = this.seq(destination) + 1;
      this.seqs.set(destination, seq);
      deltas.push([destination, { seq, ts, changes }]);
    }
    this.pending = new Map();
    for (const destination of this.retired) this.seqs.delete(destination);
    this.retired = [];
    return deltas;
  }
}
