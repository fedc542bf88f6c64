import { api } from '../../api/instance';
import type { LoginResult, VisitorTokenResult } from '../../contract/auth';
import { session, setLogin, setVisitorToken } from '../../stores/session';

/**
 * Logins that arrive in the address (spec §2, §4 "Session"): a ticket or a partner's temp ticket
 * (getH5TokenByTempTicket, which takes the ticket and the login name) and the messaging bot's session.
 * Failures are told to the player by the API client; the page carries on as a visitor.
 */

export async function loginWithTicket(ticket: string, loginName: string | undefined): Promise<boolean> {
  try {
    const result = await api.call<LoginResult>(
      'main',
      'getH5TokenByTempTicket',
      { ticket, ...(loginName ? { loginName } : {}) },
      { skipEnrichment: true },
    );
    setLogin(result.userInfo, result.webToken);
    return true;
  } catch {
    return false;
  }
}

export async function loginWithBotSession(sessionId: string, relogin: string | undefined): Promise<boolean> {
  try {
    // A spent or expired link is told (the API client's toast): the player taps the bot's button again.
    const result = await api.call<LoginResult>('main', 'viberCheckBind', { sessionId, relogin: relogin ?? '' }, { skipEnrichment: true });
    setLogin(result.userInfo, result.webToken);
    return true;
  } catch {
    return false;
  }
}

let fetching: Promise<void> | undefined;

/** A token is fetched for anonymous visitors (spec §4 "Login/logout"); one fetch at a time, shared by whoever asks. */
export function ensureVisitorToken(): Promise<void> {
  if (session.webToken.token) return Promise.resolve();
  fetching ??= (async () => {
    try {
      const result = await api.call<VisitorTokenResult>('main', 'webToken', {}, { quiet: true });
      if (!session.webToken.token) setVisitorToken(result.webToken);
    } catch {
      // Offline or not yet served: calls go without a token and the server treats them as a visitor's.
    } finally {
      fetching = undefined;
    }
  })();
  return fetching;
}
