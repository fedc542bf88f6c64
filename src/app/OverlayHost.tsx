import { type ComponentType, Suspense, lazy } from 'react';
import { useSnapshot } from 'valtio';
import { type OverlayId, closeOverlay, ui, type OverlayComponentProps } from '../stores/ui';
import { loadAreas } from '../i18n';
import { OverlayPlaceholder } from './overlays/OverlayPlaceholder';

/** The session dialogs' chunk, downloaded when one is first opened. */
const sessionDialogs = () => import('./overlays/SessionDialogs');

/** The login dialog's chunk with the strings it shows. */
const loginDialog = () =>
  Promise.all([import('../features/auth/LoginDialog'), loadAreas().catch(() => undefined)]).then(([m]) => ({ default: m.LoginDialog }));

/**
 * Starts downloading the login dialog before it is drawn: the guards open it on the first page of a
 * visitor who followed a link to a login-required page, while the page it opens over (the home tab) is
 * still on its way; it then opens with that page instead of one download after it.
 */
export function preloadLoginDialog(): void {
  void loginDialog().catch(() => undefined);
}

/**
 * Renders the open overlays of spec §2, last opened on top. Each overlay's content belongs to the
 * release that builds it; it registers here by id. Until then the overlay shows its title and says so.
 */
const OVERLAYS: Partial<Record<OverlayId, ComponentType<OverlayComponentProps>>> = {
  // The login dialog is its own chunk (forms, the captcha solver): downloaded when first opened.
  login: lazy(loginDialog),
  hongKongMarketStopped: lazy(() => import('../features/sports/status').then((m) => ({ default: m.HongKongMarketStoppedDialog }))),
  // The bet slip is its own chunk, downloaded when first opened.
  betSlip: lazy(() => import('../features/betslip/BetSlipSheet').then((m) => ({ default: m.BetSlipSheet }))),
  // The deposit overlay is the wallet's chunk, downloaded when first opened.
  deposit: lazy(() =>
    Promise.all([import('../features/wallet/DepositSheet'), loadAreas().catch(() => undefined)]).then(([m]) => ({
      default: m.DepositSheet,
    })),
  ),
  sessionExpired: lazy(() => sessionDialogs().then((m) => ({ default: m.SessionExpiredDialog }))),
  mobileChanged: lazy(() => sessionDialogs().then((m) => ({ default: m.MobileChangedDialog }))),
  frequentRequest: lazy(() => sessionDialogs().then((m) => ({ default: m.FrequentRequestDialog }))),
  // The KYC prompts and the dialogs of the KYC answer codes (catalogue KycNeed), with the KYC strings.
  // The lucky spin (issue 35), with the campaigns' strings.
  luckySpin: lazy(() =>
    Promise.all([import('../features/campaigns/LuckySpinSheet'), loadAreas().catch(() => undefined)]).then(([m]) => ({
      default: m.LuckySpinSheet,
    })),
  ),
  forcedKyc: lazy(() =>
    Promise.all([import('./overlays/KycDialogs'), loadAreas().catch(() => undefined)]).then(([m]) => ({ default: m.KycDialog })),
  ),
};

export function OverlayHost() {
  const { overlays } = useSnapshot(ui);
  return (
    <Suspense fallback={null}>
      {overlays.map(({ id, props }) => {
        const Overlay = OVERLAYS[id] ?? OverlayPlaceholder;
        return <Overlay key={id} id={id} props={props as Record<string, unknown>} onClose={() => closeOverlay(id)} />;
      })}
    </Suspense>
  );
}
