/**
 * The clock's timers, as a feature takes them (lint: no raw setTimeout/setInterval in src/features). Like
 * the realtime worker's core (workers/realtime/core.ts `deps.setTimeout`), a feature that waits takes a
 * `Timers` it can be handed in a test, with `timers` as its default. Each call reads the global at call
 * time, so a test's fake timers (vi.useFakeTimers) stand in for it too.
 */
export type TimerHandle = ReturnType<typeof globalThis.setTimeout>;

export interface Timers {
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle | undefined): void;
  setInterval(fn: () => void, ms: number): TimerHandle;
  clearInterval(handle: TimerHandle | undefined): void;
  /** A promise that settles after `ms`. */
  sleep(ms: number): Promise<void>;
}

export const timers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle),
  sleep: (ms) => new Promise((resolve) => globalThis.setTimeout(resolve, ms)),
};
