import { Outlet, useRouterState } from '@tanstack/react-router';
import { type ReactNode, Suspense, lazy, useEffect } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { watchAttention } from '../stores/attention';
import { ui } from '../stores/ui';
import { BottomNav, BOTTOM_NAV_ROUTES } from './BottomNav';
import { DialogHost } from './DialogHost';
import { FloatingBetSlip } from './FloatingBetSlip';
import { MaintenanceWatcher } from '../features/site/MaintenanceWatcher';
import { SlipPicksContext } from '../features/sports/picks';
import { OfflineBanner } from './OfflineBanner';
import { OverlayHost } from './OverlayHost';
import { ServiceChatEntry } from './ServiceChatEntry';
import { slipPicks } from './betSlip';
import { BET_SLIP_ROUTES, SERVICE_CHAT_ROUTES } from './routes/table';
import { ToastHost } from './ToastHost';
import { UpdatePrompt } from './UpdatePrompt';
import { useAfterFirstPaint } from './afterFirstPaint';
import { loadAreas } from '../i18n';
import { useLoggedIn } from '../hooks/useLoggedIn';
import { session as tabStorage } from '../lib/storage';

/** The watchers (KYC, security prompt, anti-addiction) and their strings: a chunk of their own. */
const Watchers = lazy<() => ReactNode>(() =>
  Promise.all([import('./Watchers'), loadAreas().catch(() => undefined)]).then(
    ([m]) => ({ default: m.Watchers }),
    // Not downloadable (offline, never cached): the page goes on without them rather than fail.
    () => ({ default: () => null }),
  ),
);

/** The first-visit privacy choice and its strings (issue 39): after the first paint, never in the entry. */
const ConsentPrompt = lazy<() => ReactNode>(() =>
  Promise.all([import('./ConsentPrompt'), loadAreas().catch(() => undefined)]).then(
    ([m]) => ({ default: m.ConsentPrompt }),
    () => ({ default: () => null }),
  ),
);

/** How many pages this tab has shown (sessionStorage: a reload or a link opened in it counts on). */
const PAGES_SHOWN_KEY = 'privacy.pagesShown';
const pages = proxy({ shown: tabStorage.get<number>(PAGES_SHOWN_KEY, 0), path: '' });

/**
 * Counts the pages as they are shown, from the first (a component of its own: it renders nothing). An
 * address the app put in place of the last (a redirect: /withdraw to the withdrawal password's page) is
 * the same page the player opened, not a second one.
 */
function PagesShown() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useEffect(() => {
    if (pages.path === pathname) return;
    const replaced = pages.path !== '' && ui.addressReplaced;
    pages.path = pathname;
    if (replaced) return;
    pages.shown += 1;
    tabStorage.set(PAGES_SHOWN_KEY, pages.shown);
  }, [pathname]);
  return null;
}

/**
 * The privacy choice, from the second page a tab shows on (issue 39 with issue 31): the page a visitor
 * lands on is what they came for, and a prompt drawn over it seconds later became the largest paint of
 * every first visit (Lighthouse LCP 1.1 → 3.4 s on /foryou). Until the choice is made no optional event
 * leaves the device (src/api/events), so asking a page later loses nothing the player has not allowed.
 */
function ConsentFromSecondPage() {
  if (useSnapshot(pages).shown < 2) return null;
  return (
    <Suspense fallback={null}>
      <ConsentPrompt />
    </Suspense>
  );
}

/**
 * The watchers watch a signed-in player (KYC status, security prompt, time played): a visitor's device
 * neither downloads nor runs them. They load once the page is up, or at sign-in. A component of its own,
 * so a session change re-renders only it.
 */
function PlayerWatchers() {
  if (!useLoggedIn()) return null;
  return (
    <Suspense fallback={null}>
      <Watchers />
    </Suspense>
  );
}

/**
 * What waits until the first page is up: a component of its own, so that moment re-renders only it and
 * not the page (Shell's children would all render again, a whole page of odds in one task).
 */
function OncePageUp({ children }: { children: ReactNode }) {
  return useAfterFirstPaint() ? children : null;
}

/** The root of every page: the page itself, then everything that floats above pages. */
export function Shell() {
  const { currentRouteName } = useSnapshot(ui);
  // What the player is doing, so prompts nobody asked for wait for a pause (src/stores/attention.ts).
  useEffect(() => watchAttention(document), []);
  return (
    <>
      <OfflineBanner />
      <SlipPicksContext.Provider value={slipPicks}>
        <Outlet />
      </SlipPicksContext.Provider>
      {BOTTOM_NAV_ROUTES.includes(currentRouteName) && <BottomNav />}
      {SERVICE_CHAT_ROUTES.includes(currentRouteName) && <ServiceChatEntry />}
      {BET_SLIP_ROUTES.includes(currentRouteName) && <FloatingBetSlip />}
      <UpdatePrompt />
      <PagesShown />
      <OncePageUp>
        {/* Its first check (and zod with it) waits for the page: it moves the player within seconds either way. */}
        <MaintenanceWatcher />
        <PlayerWatchers />
        <ConsentFromSecondPage />
      </OncePageUp>
      <OverlayHost />
      <DialogHost />
      <ToastHost />
    </>
  );
}
