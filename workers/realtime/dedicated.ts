/// <reference lib="webworker" />
import * as Comlink from 'comlink';
import { createBrowserCore } from './runtime';

/** Where SharedWorker is missing (Chrome on Android): the same core, one per tab, same API. */
Comlink.expose(createBrowserCore().client());
