import { useEffect, useState } from 'react';
import { yieldToMain } from '../lib/yieldToMain';
import { firstListLive } from '../realtime/client';

/** How long the main thread must go without a long task before the deferred work starts. */
export const QUIET_MS = 2_000;
/** The latest it starts once the page is up, quiet or not (a phone busy with live prices all along). */
export const QUIET_MAX_MS = 5_000;

let ready: Promise<void> | undefined;
let pageShown = false;
let markShown: () => void = () => undefined;
let hurried = false;
let markHurried: () => void = () => undefined;

/** Called by the router when it has shown its first page. */
export function markPageShown(): void {
  pageShown = true;
  markShown();
}

/**
 * The player has moved on (the router shows a second page): what waits for the first page to settle
 * starts now (the next page's data among it), quiet or not.
 */
export function hurryAfterFirstPaint(): void {
  hurried = true;
  markHurried();
}

/** The first page is on screen (router.tsx, its first onResolved); at the latest 10 s after first asked. */
function shown(): Promise<void> {
  return new Promise<void>((resolve) => {
    if (pageShown) return resolve();
    markShown = resolve;
    setTimeout(resolve, 10_000);
  });
}

/**
 * Resolves once the main thread has gone `QUIET_MS` without a long task (50 ms or more, as the browser's
 * Long Tasks API reports them; a plain wait where it has none), at the latest after `QUIET_MAX_MS`, or
 * at once when hurried.
 */
function quiet(): Promise<void> {
  return new Promise<void>((resolve) => {
    if (hurried) return resolve();
    let observer: PerformanceObserver | undefined;
    let timer = setTimeout(done, QUIET_MS);
    const latest = setTimeout(done, QUIET_MAX_MS);
    function done() {
      clearTimeout(timer);
      clearTimeout(latest);
      observer?.disconnect();
      resolve();
    }
    markHurried = done;
    if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('longtask')) {
      observer = new PerformanceObserver(() => {
        clearTimeout(timer);
        timer = setTimeout(done, QUIET_MS);
      });
      observer.observe({ type: 'longtask' });
    }
  });
}

/**
 * Resolves once the first page is shown, the document has loaded, the rows of a page with lists are live
 * (the realtime worker answered: realtime/client.ts firstListLive) and the page has settled: the main
 * thread free of long tasks for a while, then idle. That is when what no first screen needs (the other
 * areas' strings, the service worker and its precache, the watchers of a signed-in player, the site
 * information's refresh) may download and run without slowing the page in front of the player, who reads
 * and taps the odds in those first seconds. A second page hurries it. Each caller goes on in a task of its
 * own, so what waits for this moment is not one long task.
 */
export function afterFirstPaint(): Promise<void> {
  ready ??= new Promise<void>((resolve) => {
    const idle = () => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 3_000 });
      else setTimeout(resolve, 200);
    };
    const loaded =
      typeof document === 'undefined' || document.readyState === 'complete'
        ? Promise.resolve()
        : new Promise<void>((done) => addEventListener('load', () => done(), { once: true }));
    void Promise.all([loaded, shown(), firstListLive()]).then(quiet).then(idle);
  });
  return ready.then(yieldToMain);
}

/** False until afterFirstPaint. */
export function useAfterFirstPaint(): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    let live = true;
    void afterFirstPaint().then(() => {
      if (live) setDone(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return done;
}
