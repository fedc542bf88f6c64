import './ui/global.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClient } from './api/instance';
import { registerServiceWorker } from './app/pwa';
import { type AppRouter, createAppRouter } from './app/router';
import { ensureVisitorToken } from './features/auth/entryLogin';
import { siteInfoQuery } from './features/site/api';
import { initI18n } from './i18n';
import { preferences } from './stores/preferences';
import { siteInfo } from './stores/siteInfo';

/** On a first visit the guards wait this long for site information before using the defaults. */
const FIRST_SITE_INFO_WAIT_MS = 3_000;

let router: AppRouter | undefined;
let firstLoad: Promise<void> | undefined;

/**
 * What the route guards need before a decision: site information. A returning player's device has it
 * from last time, so nothing waits; it is refreshed in the background (cached 2 minutes), and when the
 * answer changes (the regulator-compliant version switched on, say) the guards run again at once.
 */
function guardsReady(): Promise<void> {
  const before = JSON.stringify(siteInfo.data);
  const refresh = queryClient.fetchQuery(siteInfoQuery).then(
    () => {
      if (JSON.stringify(siteInfo.data) !== before) void router?.invalidate();
    },
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
  router = createAppRouter(guardsReady);
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root element');
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
  // In development too (`npm run dev` serves it from its source), so offline and update flows can be tried there.
  registerServiceWorker();
}

void start();
