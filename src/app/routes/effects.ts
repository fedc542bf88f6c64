import { i18next, loadAreas } from '../../i18n';
import { loginWithBotSession, loginWithTicket } from '../../features/auth/entryLogin';
import { hostOrigin } from '../../lib/hostBridge';
import { sendToNative } from '../../lib/nativeBridge';
import type { UserInfo } from '../../contract/user';
import { restoreKycFlow } from '../../stores/kycFlow';
import { origin } from '../../stores/origin';
import { subscribe } from 'valtio';
import { betSlip } from '../../features/betslip/store';
import { isLoggedIn, session, setLogin } from '../../stores/session';
import { openLogin, openOverlay, showToast } from '../../stores/ui';
import type { Effect } from './guards';
import { preloadLoginDialog } from '../OverlayHost';

/** The message a partner page that frames us receives when a link asks for the deposit page. */
export const DEPOSIT_PARENT_MESSAGE = { type: 'panalo:deposit' } as const;

/** Carries out what the guards decided. Logins are awaited so the next guard pass sees the player. */
export async function runEffects(effects: readonly Effect[]): Promise<void> {
  for (const effect of effects) {
    switch (effect.type) {
      case 'toast':
        showToast('info', i18next.t('errors.routeExpired'));
        break;
      case 'openLogin':
        preloadLoginDialog();
        openLogin({ redirectTo: effect.redirectTo });
        break;
      case 'nativeErrorBack':
        sendToNative('errorBack', { reason: effect.reason });
        break;
      case 'ticketLogin':
        await loginWithTicket(effect.ticket, effect.loginName);
        break;
      case 'partnerAutoLogin':
        await loginWithTicket(effect.tempTicket, effect.loginName);
        break;
      case 'botLogin':
        await loginWithBotSession(effect.sessionId, effect.relogin);
        break;
      case 'mayaLogin': {
        const { mayaLogin } = await import('../../features/partner/mayaLogin');
        await mayaLogin(effect.sessionId);
        break;
      }
      case 'resumeHandoff':
        await resumeHandoffHere(effect.ticket);
        break;
      case 'hostLogin':
        // Not awaited: the host may show its consent sheet first; the page opens as a visitor meanwhile.
        void import('../../features/partner/hostLogin').then(({ hostSilentLogin }) => hostSilentLogin(effect.host));
        break;
      case 'depositToParent': {
        // Only to a framing page on the host allowlist, at its exact origin (never '*').
        const parent = hostOrigin();
        if (parent) window.parent.postMessage(DEPOSIT_PARENT_MESSAGE, parent);
        break;
      }
      case 'rememberOrigin':
        if (effect.isFrom) origin.isFrom = effect.isFrom;
        if (effect.fromGlife) origin.fromGlife = true;
        if (effect.os) origin.os = effect.os;
        break;
      case 'rememberGameEntry':
        origin.platformId = effect.platformId ?? origin.platformId;
        origin.gameId = effect.gameId ?? origin.gameId;
        origin.gameType = effect.gameType ?? origin.gameType;
        break;
      case 'rememberAcquisition':
        // First touch wins for the session: a later link does not rewrite where the player came from.
        origin.acquisition = { ...effect.params, ...origin.acquisition };
        break;
      case 'rememberInvite':
        origin.invite = { ...effect.params, ...origin.invite };
        break;
      case 'loadBooking':
        // Not awaited: the page opens while the slip is filled.
        void loadBookingHere(effect.code);
        break;
    }
  }
}

/** A hand-off link (issue 36): the same player logged in here, and the flow restored where it stopped. */
async function resumeHandoffHere(ticket: string): Promise<void> {
  const { resumeHandoff } = await import('../../api/handoff');
  try {
    const answer = await resumeHandoff(ticket);
    setLogin(answer.userInfo as UserInfo, answer.webToken);
    const state = JSON.parse(answer.state) as { kycFlow?: unknown };
    if (state.kycFlow) restoreKycFlow(state.kycFlow);
  } catch {
    // Spent or expired: the API client told the player; the page opens as it is.
  }
}

/**
 * A shared slip's link (issue 38): its selections on the slip at today's prices, and the slip opens by
 * itself with the notice naming what was left out. The slip needs a login (spec: "before the bet slip
 * or record is used"): a visitor is asked to log in first (a toast says the slip is filled), and the
 * slip opens once they are.
 */
async function loadBookingHere(code: string): Promise<void> {
  const [{ loadBookingCode, bookingFailure }] = await Promise.all([import('../../features/betslip/booking'), loadAreas()]);
  try {
    const notice = await loadBookingCode(code);
    if (isLoggedIn(session)) return openOverlay('betSlip');
    showToast('info', i18next.t(notice.count > 0 ? 'booking.loaded' : 'booking.nothingLoaded', { code: notice.code, count: notice.count }));
    preloadLoginDialog();
    openLogin();
    const stop = subscribe(session, () => {
      if (!isLoggedIn(session)) return;
      stop();
      // Still the shared slip (not cleared by leaving the betting pages meanwhile): it opens.
      if (betSlip.bookingNotice?.code === notice.code) openOverlay('betSlip');
    });
  } catch (failure) {
    showToast('fail', bookingFailure(failure));
  }
}
