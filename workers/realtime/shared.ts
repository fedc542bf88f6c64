/// <reference lib="webworker" />
import * as Comlink from 'comlink';
import { createBrowserCore } from './runtime';

/** The SharedWorker every tab of the app connects to: one core, one socket, exposed on each tab's port. */
const core = createBrowserCore();
const scope = self as unknown as { onconnect: ((event: MessageEvent) => void) | null };

scope.onconnect = (event: MessageEvent) => {
  const port = event.ports[0];
  if (port) Comlink.expose(core, port);
};
