import { inflate } from 'pako';

/**
 * Compressed match lists (spec §7: queryCompressedMatchList and MatchDetail answer deflate-compressed
 * binary) are inflated and parsed here, in the worker, never on the main thread.
 */
export function decodeSnapshot<T>(compressed: ArrayBuffer | Uint8Array): T {
  const bytes = compressed instanceof Uint8Array ? compressed : new Uint8Array(compressed);
  return JSON.parse(inflate(bytes, { toText: true })) as T;
}

/** The same with the platform's DecompressionStream (benchmarked side by side with pako). */
export async function decodeSnapshotNative<T>(compressed: ArrayBuffer | Uint8Array): Promise<T> {
  const bytes = compressed instanceof Uint8Array ? compressed : new Uint8Array(compressed);
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('deflate'));
  return JSON.parse(await new Response(stream).text()) as T;
}
