/**
 * `npm run dev` only: before Vite reloads the pages (a change it cannot hot-swap, such as the realtime
 * worker's code), the page tells the SharedWorker on this channel to close, so the reloaded pages start
 * the new code instead of joining the old worker, which another tab would otherwise keep alive.
 */
export const DEV_RELOAD_CHANNEL = 'panalo-dev-reload';
