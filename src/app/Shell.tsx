import { Outlet } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { ui } from '../stores/ui';
import { AntiAddictionWatcher } from './AntiAddictionWatcher';
import { BottomNav, BOTTOM_NAV_ROUTES } from './BottomNav';
import { DialogHost } from './DialogHost';
import { FloatingBetSlip } from './FloatingBetSlip';
import { KycWatcher } from './KycWatcher';
import { MaintenanceWatcher } from '../features/site/MaintenanceWatcher';
import { SlipPicksContext } from '../features/sports/picks';
import { OfflineBanner } from './OfflineBanner';
import { OverlayHost } from './OverlayHost';
import { ServiceChatEntry } from './ServiceChatEntry';
import { slipPicks } from './betSlip';
import { SecurityPrompt } from './SecurityPrompt';
import { BET_SLIP_ROUTES, SERVICE_CHAT_ROUTES } from './routes/table';
import { ToastHost } from './ToastHost';
import { UpdatePrompt } from './UpdatePrompt';

/** The root of every page: the page itself, then everything that floats above pages. */
export function Shell() {
  const { currentRouteName } = useSnapshot(ui);
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
      <MaintenanceWatcher />
      <SecurityPrompt />
      <KycWatcher />
      <AntiAddictionWatcher />
      <OverlayHost />
      <DialogHost />
      <ToastHost />
    </>
  );
}
