import './ui/global.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClient } from './api/instance';
import { registerServiceWorker } from './app/pwa';
import { createAppRouter } from './app/router';
import { ensureVisitorToken } from './features/auth/entryLogin';
import { siteInfoQuery } from './features/site/api';
import { initI18n } from './i18n';
import { preferences } from './stores/preferences';
import { siteInfo } from './stores/siteInfo';

/** On a first visit the guards wait this long for site information before using the defaults. */
const FIRST_SITE_INFO_WAIT_MS = 3_000;

let firstLoad: Promise<void> | undefined;

/**
 * What the route guards need before the first decision: site information. A returning player's device
 * has it from last time, so nothing waits; every navigation refreshes it in the background when stale.
 */
function guardsReady(): Promise<void> {
  const refresh = queryClient.fetchQuery(siteInfoQuery).then(
    () => undefined,
    () => undefined,
  );
  firstLoad ??= siteInfo.known
    ? Promise.resolve()
    : Promise.race([refresh, new Promise<void>((r) => setTimeout(r, FIRST_SITE_INFO_WAIT_MS))]);
  return firstLoad;
}

async function start(): Promise<void> {
  await initI18n(preferences.language);
  void ensureVisitorToken();
  const router = createAppRouter(guardsReady);
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root element');
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
  if (import.meta.env.PROD) registerServiceWorker();
}

void start();
