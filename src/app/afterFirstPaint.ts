import { useEffect, useState } from 'react';
import { yieldToMain } from '../lib/yieldToMain';
import { firstListLive } from '../realtime/client';

let ready: Promise<void> | undefined;
let pageShown = false;
let markShown: () => void = () => undefined;

/** Called by the router when it has shown its first page. */
export function markPageShown(): void {
  pageShown = true;
  markShown();
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
 * Resolves once the first page is shown, the document has loaded, the rows of a page with lists are live
 * (the realtime worker answered: realtime/client.ts firstListLive) and the main thread is idle (at most
 * 3 s later): when what no first screen needs may download without slowing the page in front of the
 * player. Each caller goes on in a task of its own, so what waits for this moment is not one long task.
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
    void Promise.all([loaded, shown(), firstListLive()]).then(idle);
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
