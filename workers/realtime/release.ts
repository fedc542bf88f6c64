import { releaseProxy } from 'comlink';

/**
 * A tab's callback arrives as a Comlink proxy over its own message channel; once the tab lets go of the
 * subscription the channel is released, so neither side keeps the port (and the tab's closure) alive.
 * Plain functions (tests, the benchmark) have nothing to release.
 */
export function releaseCallback(callback: unknown): void {
  if (typeof callback !== 'function' && (typeof callback !== 'object' || callback === null)) return;
  const release = (callback as { [releaseProxy]?: unknown })[releaseProxy];
  if (typeof release !== 'function') return;
  try {
    const done = (release as () => unknown)();
    // A tab that is already gone never answers the release: nothing to wait for or report.
    if (done instanceof Promise) done.catch(() => undefined);
  } catch {
    // Released already.
  }
}
