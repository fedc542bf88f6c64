/** Small figures helpers shared by the realtime bench and its client process. */

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Nearest-rank percentile (p in 0..100) of values already sorted ascending. */
export function percentileSorted(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function percentile(values: readonly number[], p: number): number {
  return percentileSorted(
    [...values].sort((a, b) => a - b),
    p,
  );
}

/** Rounds for display: 3 significant decimals below 10, 2 below 1,000, whole numbers above. */
export function round(value: number): number {
  if (!Number.isFinite(value)) return value;
  const abs = Math.abs(value);
  const digits = abs >= 1_000 ? 0 : abs >= 10 ? 2 : 3;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** a / b, rounded; a figure above 1 means a takes longer (or is larger) than b. */
export function ratio(a: number, b: number): number {
  return round(a / b);
}

/**
 * Milliseconds on CLOCK_MONOTONIC (process.hrtime). Unlike performance.now(), whose origin is each
 * process's start, this clock is the same for every process on the machine, so a timestamp taken in the
 * server process can be compared with one taken in the client process.
 */
export function monoMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause === undefined ? '' : ` (cause: ${errorMessage(error.cause)})`;
  return `${error.name}: ${error.message}${cause}`;
}
