/// <reference lib="webworker" />
/// <reference types="vite/client" />
import * as Comlink from 'comlink';
import { DEV_RELOAD_CHANNEL } from '../../src/contract/devReload';
import { createBrowserCore } from './runtime';

/** The SharedWorker every tab of the app connects to: one core, one socket; each tab's port gets its own client. */
const core = createBrowserCore();
const scope = self as unknown as { onconnect: ((event: MessageEvent) => void) | null };

scope.onconnect = (event: MessageEvent) => {
  const port = event.ports[0];
  if (port) Comlink.expose(core.client(), port);
};

// Development server only: the pages are about to reload with new code; let them start a new worker.
if (import.meta.env.DEV) new BroadcastChannel(DEV_RELOAD_CHANNEL).onmessage = () => self.close();
