import { STOMP_PATH } from '../../src/contract/feed';
import { indexedDbCache, indexedDbOutbox } from './cache';
import { RealtimeCore } from './core';
import { httpSnapshots, supportSender } from './http';
import { stompTransport } from './stomp';

/** The core as the browser runs it: the socket and the API of this origin, real timers, Web Locks. */
export function createBrowserCore(): RealtimeCore {
  const origin = self.location.origin;
  const url = `${origin.replace(/^http/, 'ws')}${STOMP_PATH}`;
  return new RealtimeCore({
    transport: stompTransport(url),
    snapshots: httpSnapshots(origin),
    cache: indexedDbCache(),
    support: { store: indexedDbOutbox(), send: supportSender(origin) },
    now: () => Date.now(),
    setInterval: (fn, ms) => setInterval(fn, ms),
    clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    // The tab holds its lock for its whole life; ours is granted only once the tab is gone.
    whenReleased: (lockName) =>
      navigator.locks ? navigator.locks.request(lockName, () => undefined).then(() => undefined) : new Promise<void>(() => undefined),
  });
}
