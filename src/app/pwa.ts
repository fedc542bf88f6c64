import { ref } from 'valtio/vanilla';
import type { Workbox } from 'workbox-window';
import { ui } from '../stores/ui';

/**
 * Service-worker wiring (workbox-window). A new version is offered, never forced: it waits until the
 * player taps Update, then takes over and the page reloads once (no silent skipWaiting).
 */
let workbox: Workbox | undefined;

export function registerServiceWorker(): void {
  addEventListener('beforeinstallprompt', (event) => {
    // Keep the offer for the install page instead of a banner the player did not ask for.
    event.preventDefault();
    ui.installPrompt = ref(event as unknown as NonNullable<typeof ui.installPrompt>);
  });
  addEventListener('appinstalled', () => {
    ui.installPrompt = null;
  });
  if (!('serviceWorker' in navigator)) return;
  // workbox-window is its own chunk: registering waits for the page to be up anyway (main.tsx).
  void import('workbox-window').then(
    ({ Workbox }) => register(Workbox),
    () => undefined,
  );
}

function register(WorkboxCtor: typeof Workbox): void {
  // The development server (Vite) serves the worker from its source, as a module; the build as /sw.js.
  workbox = import.meta.env.DEV
    ? new WorkboxCtor('/dev-sw.js?dev-sw', { scope: '/', type: 'module' })
    : new WorkboxCtor('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    ui.updateReady = true;
  });
  workbox.addEventListener('activated', (event) => {
    if (event.isUpdate) return;
    // First install: the page loaded before the worker existed, so hand it what the page already
    // fetched (Workbox's CACHE_URLS) and the page the player is on. A reload offline then works.
    const urlsToCache = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((url) => url.startsWith(`${location.origin}/assets/`));
    void workbox?.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache } });
    reportVisit(location.pathname);
  });
  void workbox.register().catch(() => undefined);
  // Look for a new version when the player comes back to the app, at most hourly.
  let lastCheck = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && Date.now() - lastCheck > 60 * 60_000) {
      lastCheck = Date.now();
      void workbox?.update();
    }
  });
}

/** Tells the service worker the player opened a page, so a reload of it works with no network. */
export function reportVisit(pathname: string): void {
  navigator.serviceWorker?.controller?.postMessage({ type: 'VISITED', path: pathname });
}

/** The player accepted the update: activate the waiting worker, reload when it controls the page. */
export function applyUpdate(): void {
  if (!workbox) return;
  workbox.addEventListener('controlling', () => location.reload());
  workbox.messageSkipWaiting();
}
