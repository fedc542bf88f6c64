import { useEffect, useState } from 'react';

let ready: Promise<void> | undefined;

/**
 * Resolves once the page has loaded and the main thread is idle (at most 3 s after the load event): when
 * what no first screen needs may start downloading without slowing the page in front of the player.
 */
export function afterFirstPaint(): Promise<void> {
  ready ??= new Promise<void>((resolve) => {
    const idle = () => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 3_000 });
      else setTimeout(resolve, 200);
    };
    if (typeof document === 'undefined' || document.readyState === 'complete') idle();
    else addEventListener('load', idle, { once: true });
  });
  return ready;
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
