import * as Comlink from 'comlink';
import { subscribe as subscribeStore } from 'valtio/vanilla';
import type { RealtimeApi, RealtimeContext } from '../contract/realtime';
import { APP_KEY_META } from '../contract/sign';
import { deviceId } from '../lib/device';
import { uuid } from '../lib/ids';
import { preferences } from '../stores/preferences';
import { session } from '../stores/session';

/**
 * The tab's side of the realtime worker: one SharedWorker for every tab of the app (a dedicated Worker
 * per tab where SharedWorker is missing, e.g. Chrome on Android), wrapped with Comlink. Each tab holds a
 * Web Lock for its lifetime so the worker learns when it closes (SharedWorker ports never say so).
 */
export const tabId = uuid();

let remote: Comlink.Remote<RealtimeApi> | null = null;

function context(): RealtimeContext {
  return {
    appKey: document.querySelector<HTMLMetaElement>(`meta[name="${APP_KEY_META}"]`)?.content ?? '',
    token: session.webToken.token,
    deviceId: deviceId(),
    language: preferences.language,
  };
}

function start(): Comlink.Remote<RealtimeApi> {
  let endpoint: Comlink.Endpoint;
  if (typeof SharedWorker === 'function') {
    const worker = new SharedWorker(new URL('../../workers/realtime/shared.ts', import.meta.url), {
      type: 'module',
      name: 'panalo-realtime',
    });
    endpoint = worker.port;
  } else {
    endpoint = new Worker(new URL('../../workers/realtime/dedicated.ts', import.meta.url), { type: 'module', name: 'panalo-realtime' });
  }
  const api = Comlink.wrap<RealtimeApi>(endpoint);
  void api.connect(tabId, null, context());
  if (typeof navigator.locks?.request === 'function') {
    // The worker waits on this tab's lock to learn that the tab closed, so it may only ask once the tab
    // holds it: asked earlier, the worker would get the lock at once and drop a living tab.
    const lockName = `panalo-tab-${tabId}`;
    void navigator.locks.request(lockName, () => {
      void api.connect(tabId, lockName, context());
      return new Promise<void>(() => undefined);
    });
  }
  // Log in, log out, a new language: the worker calls the API and opens the socket as this player.
  subscribeStore(session, () => void api.setContext(context()));
  subscribeStore(preferences, () => void api.setContext(context()));
  return api;
}

/** The realtime worker, started on first use; null where workers cannot run (tests, old browsers). */
export function realtime(): Comlink.Remote<RealtimeApi> | null {
  if (remote) return remote;
  if (typeof Worker !== 'function') return null;
  remote = start();
  return remote;
}
