import { queryClient } from '../../api/instance';
import type { LoginResult } from '../../contract/auth';
import { navigateTo } from '../../lib/navigation';
import { setLogin } from '../../stores/session';
import { closeOverlay, showToast } from '../../stores/ui';
import { i18next } from '../../i18n';
import { logoutOnServer } from './api';
import { logoutLocally } from './logout';

/** After any login: keep the player, close the dialog, refresh server data, go where they were going. */
export function completeLogin(result: LoginResult, redirectTo?: string): void {
  setLogin(result.userInfo, result.webToken);
  closeOverlay('login');
  void queryClient.invalidateQueries();
  showToast('success', i18next.t('auth.welcome', { name: result.userInfo.nickName || result.userInfo.loginName }));
  if (redirectTo) navigateTo(redirectTo, { replace: true });
}

/** Logout (spec §4): end the session on the server, then clear everything on the device. */
export async function logout(): Promise<void> {
  await logoutOnServer().catch(() => undefined);
  logoutLocally();
  showToast('info', i18next.t('auth.loggedOut'));
  navigateTo('/', { replace: true });
}
