import { useState, useSyncExternalStore } from 'react';
import type { LiveState } from '../../contract/feed';
import { type TimerHandle, timers } from '../../lib/timers';

/**
 * One shared one-second tick for every running clock on screen: a single timer however many matches
 * show a clock, and only while one does.
 */
const listeners = new Set<() => void>();
let timer: TimerHandle | null = null;
let second = Math.floor(Date.now() / 1000);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === null) {
    timer = timers.setInterval(() => {
      second = Math.floor(Date.now() / 1000);
      for (const l of listeners) l();
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== null) {
      timers.clearInterval(timer);
      timer = null;
    }
  };
}

const getSecond = () => second;

/**
 * The seconds played in the period, counted on between the feed's clock updates (it sends one every
 * few seconds of play). Stops while the match is at halftime or delayed, and never runs more than a
 * minute ahead of the last update.
 */
export function useMatchClock(live: Pick<LiveState, 'inPlayTime3' | 'isHT' | 'delayLive' | 'livePeriod'>): number {
  const runs = !live.isHT && !live.delayLive && live.livePeriod > 0 && live.inPlayTime3 > 0;
  const now = useSyncExternalStore(runs ? subscribe : noSubscribe, getSecond);
  const [anchor, setAnchor] = useState({ value: live.inPlayTime3, at: now });
  if (anchor.value !== live.inPlayTime3) setAnchor({ value: live.inPlayTime3, at: now });
  if (!runs || anchor.value !== live.inPlayTime3) return live.inPlayTime3;
  return live.inPlayTime3 + Math.min(60, Math.max(0, now - anchor.at));
}

const noSubscribe = () => () => undefined;
