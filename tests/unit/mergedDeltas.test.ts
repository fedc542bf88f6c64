import { describe, expect, it } from 'vitest';
import type { Delta } from '../../src/contract/feed';
import { DestinationSync } from '../../workers/realtime/sync';

/** A merged delta (from..seq, sent to a socket that fell behind) follows on from the seq before `from`. */
const delta = (seq: number, from?: number): Delta => ({ seq, ts: seq, changes: [], ...(from === undefined ? {} : { from }) });

describe('a merged delta in the worker’s sequence rules', () => {
  it('applies when it starts at the next seq, and what follows it applies too', () => {
    const sync = new DestinationSync();
    sync.onSnapshot(0);
    expect(sync.onDelta(delta(1)).kind).toBe('apply');
    expect(sync.onDelta(delta(9, 2))).toEqual({ kind: 'apply', deltas: [delta(9, 2)] });
    expect(sync.onDelta(delta(10)).kind).toBe('apply');
    expect(sync.lastSeq).toBe(10);
  });

  it('is a gap when it starts after the next seq', () => {
    const sync = new DestinationSync();
    sync.onSnapshot(0);
    sync.onDelta(delta(1));
    expect(sync.onDelta(delta(9, 3)).kind).toBe('resync');
  });

  it('applies over a snapshot it overlaps, while the snapshot loads', () => {
    const sync = new DestinationSync();
    expect(sync.onDelta(delta(9, 2)).kind).toBe('none');
    expect(sync.onSnapshot(5)).toEqual({ kind: 'apply', deltas: [delta(9, 2)] });
    expect(sync.lastSeq).toBe(9);
    const late = new DestinationSync();
    late.onDelta(delta(9, 7));
    expect(late.onSnapshot(5).kind).toBe('resync');
  });

  it('brings an older snapshot of another view up to date', () => {
    const sync = new DestinationSync();
    sync.onSnapshot(0);
    sync.onDelta(delta(1));
    sync.onDelta(delta(9, 2));
    expect(sync.onSnapshot(4)).toEqual({ kind: 'apply', deltas: [delta(9, 2)] });
  });
});
