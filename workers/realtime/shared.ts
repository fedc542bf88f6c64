/// <reference lib="webworker" />
import * as Comlink from 'comlink';
import { createBrowserCore } from './runtime';

/** The SharedWorker every tab of the app connects to: one core, one socket; each tab's port gets its own client. */
const core = createBrowserCore();
const scope = self as unknown as { onconnect: ((event: MessageEvent) => void) | null };

scope.onconnect = (event: MessageEvent) => {
  const port = event.ports[0];
  if (port) Comlink.expose(core.client(), port);
};
