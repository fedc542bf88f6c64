import { QueryClient } from '@tanstack/react-query';
import { APP_KEY_META } from '../contract/sign';
import i18next from 'i18next';
import { uuid } from '../lib/ids';
import { customerServiceHref, navigateTo } from '../lib/navigation';
import { containerKind, deviceId } from '../lib/device';
import { clientTagsFor, miniAppHome, partnerFromHost } from '../lib/partner';
import { isNativeApp, origin } from '../stores/origin';
import { preferences } from '../stores/preferences';
import { resetToken, session } from '../stores/session';
import { countMoneyCall } from '../stores/attention';
import { openLogin, openOverlay, showDialog, showToast, ui } from '../stores/ui';
import { type ApiEffects, type ApiEnvironment, createApiClient } from './client';
import { fieldEncryptor } from './encryption';

/**
 * The app's one API client and one query client, wired to the stores and the screen. Server data goes
 * through TanStack Query only (ARCHITECTURE, STYLE: bulletproof-react).
 */

const IN_GAME_ROUTES = ['ingame', 'ingameV2', 'glifeingame', 'InGameTransfer'];

let appKey: string | undefined;
function readAppKey(): string {
  appKey ??= document.querySelector<HTMLMetaElement>(`meta[name="${APP_KEY_META}"]`)?.content ?? '';
  return appKey;
}

const partner = () => partnerFromHost(location.hostname);

export const apiEnvironment: ApiEnvironment = {
  appKey: readAppKey,
  token: () => session.webToken.token,
  identity: () => ({ loginName: session.user?.loginName, customerId: session.user?.customerId }),
  language: () => preferences.language,
  deviceId,
  clientTags: () => clientTagsFor(partner()),
  container: () => containerKind({ native: isNativeApp(), miniApp: miniAppHome(partner()) !== undefined }),
  packageName: () => (isNativeApp() ? `native-${origin.os}` : (partner() ?? '')),
  domainName: () => location.hostname,
  pathname: () => location.pathname,
  inGame: () => IN_GAME_ROUTES.includes(ui.currentRouteName),
  newRequestId: uuid,
  // A money call (it carries an Idempotency-Key) on its way keeps unasked-for prompts back.
  fetch: (input, init) => (new Headers(init?.headers).has('Idempotency-Key') ? countMoneyCall(fetch(input, init)) : fetch(input, init)),
  encryptField: (value) => encryptField(value),
};

/**
 * What the client shows when a call fails. The messages are i18n keys, read through the i18next library
 * (as src/ui reads its keys through react-i18next); src/i18n, a layer above, loads the strings.
 */
export const apiEffects: ApiEffects = {
  toast(tone, { key, text, code }) {
    const message = key ? i18next.t(key as 'errors.unknown') : text || i18next.t('errors.unknown');
    showToast(tone, code ? i18next.t('errors.withCode', { message, code }) : message);
  },
  alert({ titleKey, messageKey, confirmKey }) {
    showDialog({
      title: i18next.t(titleKey as 'dialog.tips'),
      message: i18next.t(messageKey as 'errors.unknown'),
      confirm: { label: i18next.t(confirmKey as 'common.ok') },
      cancel: { label: i18next.t('common.customerService'), action: () => navigateTo(customerServiceHref(ui.currentRouteName)) },
    });
  },
  frequentRequest: () => openOverlay('frequentRequest'),
  resetToken: () => {
    resetToken();
    openOverlay('sessionExpired');
  },
  mobileChanged: () => openOverlay('mobileChanged'),
  loginRequired: (message) => {
    showToast('fail', message || i18next.t('errors.loginPlease'));
    openLogin();
  },
  blacklist: () => {
    session.blacklisted = true;
    showToast('fail', i18next.t('dialog.blacklisted'));
  },
  // The KYC dialog (src/app/overlays/KycDialogs.tsx) says what to do and leads to the page that does it.
  kyc: (need, message, path) => openOverlay('forcedKyc', { need, message, path }),
  // Responsible gaming: the server's words (the limit, what is left, when it resets, the helpline), once
  // however many calls meet the same rule at once, with the way to the tools.
  responsibleGaming: (message, endsSession) => {
    if (endsSession) resetToken();
    if (ui.dialogs.some((dialog) => dialog.message === message)) return;
    showDialog({
      title: i18next.t('rg.dialog.title'),
      message,
      confirm: { label: i18next.t('common.ok') },
      cancel: endsSession ? null : { label: i18next.t('rg.dialog.open'), action: () => navigateTo('/responsibleGaming') },
    });
  },
  debugDump: (dump) => {
    console.error('[GW_899995 debug dump]', JSON.stringify(dump));
  },
};

export const api = createApiClient(apiEnvironment, apiEffects);
const encryptField = fieldEncryptor(() => api);

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Patchy mobile data: retry twice, but never a call the server refused on purpose.
      retry: (failureCount, error) => failureCount < 2 && (error as { kind?: string }).kind === 'network',
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
  },
});
