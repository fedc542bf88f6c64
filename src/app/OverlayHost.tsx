import { type ComponentType, Suspense, lazy } from 'react';
import { useSnapshot } from 'valtio';
import { type OverlayId, closeOverlay, ui, type OverlayComponentProps } from '../stores/ui';
import { KycDialog } from './overlays/KycDialogs';
import { OverlayPlaceholder } from './overlays/OverlayPlaceholder';
import { FrequentRequestDialog, MobileChangedDialog, SessionExpiredDialog } from './overlays/SessionDialogs';

/**
 * Renders the open overlays of spec §2, last opened on top. Each overlay's content belongs to the
 * release that builds it; it registers here by id. Until then the overlay shows its title and says so.
 */
const OVERLAYS: Partial<Record<OverlayId, ComponentType<OverlayComponentProps>>> = {
  // The login dialog is its own chunk (forms, the captcha solver): downloaded when first opened.
  login: lazy(() => import('../features/auth/LoginDialog').then((m) => ({ default: m.LoginDialog }))),
  hongKongMarketStopped: lazy(() => import('../features/sports/status').then((m) => ({ default: m.HongKongMarketStoppedDialog }))),
  // The bet slip is its own chunk, downloaded when first opened.
  betSlip: lazy(() => import('../features/betslip/BetSlipSheet').then((m) => ({ default: m.BetSlipSheet }))),
  // The deposit overlay is the wallet's chunk, downloaded when first opened.
  deposit: lazy(() => import('../features/wallet/DepositSheet').then((m) => ({ default: m.DepositSheet }))),
  sessionExpired: SessionExpiredDialog,
  mobileChanged: MobileChangedDialog,
  frequentRequest: FrequentRequestDialog,
  // The KYC prompts and the dialogs of the KYC answer codes (catalogue KycNeed).
  forcedKyc: KycDialog,
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
