import { useEffect, useState } from 'react';
import { type TimerHandle, timers } from '../lib/timers';

/**
 * False until a frame has been drawn since the component mounted, then true: for what a page asks once
 * its own content is on screen (a video's sources beside the match it shows), so that request neither
 * shares the link with what the first frame needs nor holds that frame back. A hidden tab draws no
 * frames: it asks once shown.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: TimerHandle | undefined;
    // The frame's callback runs before it is drawn; a task queued from it runs after.
    const frame = requestAnimationFrame(() => {
      timer = timers.setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      timers.clearTimeout(timer);
    };
  }, []);
  return painted;
}
