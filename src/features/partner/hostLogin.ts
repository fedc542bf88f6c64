import { api } from '../../api/instance';
import { type HostLoginAnswer, PartnerCall, type SuperAppHostName } from '../../contract/partners';
import type { UserInfo, WebToken } from '../../contract/user';
import { callHost } from '../../lib/hostBridge';
import { setLogin } from '../../stores/session';

/**
 * A super-app's (GCash, Lazada) silent login (issue 36): the host's getAuthCode with auth_base, exchanged on our
 * server (never here); the first time, the host user is not bound yet and the host asks the player's
 * consent for auth_user, whose verified number binds the account. The code is spent by that one call.
 */
let running: Promise<boolean> | undefined;

export function hostSilentLogin(host: SuperAppHostName): Promise<boolean> {
  // One at a time: a second guard pass before the first ends asks the host for no second code.
  running ??= silentLogin(host).finally(() => (running = undefined));
  return running;
}

async function silentLogin(host: SuperAppHostName): Promise<boolean> {
  try {
    let answer = await exchange(host, 'auth_base');
    if (answer?.status === 'needConsent') answer = await exchange(host, 'auth_user');
    if (answer?.status !== 'loggedIn') return false;
    setLogin(answer.userInfo as UserInfo, answer.webToken as WebToken);
    return true;
  } catch {
    // The host or our server refused (the API client told the player); the page carries on as a visitor.
    return false;
  }
}

async function exchange(host: SuperAppHostName, scope: 'auth_base' | 'auth_user'): Promise<HostLoginAnswer | undefined> {
  const { authCode } = await callHost<{ authCode?: unknown }>('getAuthCode', { scopes: [scope] });
  if (typeof authCode !== 'string') return undefined;
  return api.call<HostLoginAnswer>('main', PartnerCall.hostLogin, { host, authCode }, { skipEnrichment: true });
}
