/**
 * Lets the browser handle what waits (a tap, a frame) before the caller goes on: the work before and
 * after are then two short tasks instead of one long one that a slow phone spends a second on.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
