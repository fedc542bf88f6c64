import { proxy } from 'valtio/vanilla';
import { StorageKey } from '../contract/storageKeys';
import type { UserInfo, WebToken } from '../contract/user';
import { persistFields } from './persist';

/**
 * The player's identity: userInfo and webToken of spec §3. A visitor has a token but no loginName.
 * Persisted so a reload keeps the session; the server decides whether it is still valid.
 */
export const session = proxy({
  /** null for a visitor. */
  user: null as UserInfo | null,
  webToken: { token: '', u2token: '' } as WebToken,
  /** Set when the server answers the blacklist code (spec §8 GW_910199). */
  blacklisted: false,
});

persistFields(session, StorageKey.session, ['user', 'webToken']);

/** Whether a player is signed in: a visitor has a token but no loginName. Of the session now, or of a snapshot of it. */
export function isLoggedIn(
  state: { readonly user: { readonly loginName: string } | null; readonly webToken: { readonly token: string } } = session,
): boolean {
  return Boolean(state.user?.loginName && state.webToken.token);
}

export function setLogin(user: UserInfo, webToken: WebToken): void {
  session.user = user;
  session.webToken = webToken;
  session.blacklisted = false;
}

/** Reset token (spec §4): clears user and token. The app then fetches a fresh visitor token. */
export function resetToken(): void {
  session.user = null;
  session.webToken = { token: '', u2token: '' };
}

/** Applies a change the server confirmed (a new nickname, a new picture) to the kept player info. */
export function updateUser(patch: Partial<UserInfo>): void {
  if (session.user) session.user = { ...session.user, ...patch };
}

export function setVisitorToken(webToken: WebToken): void {
  session.webToken = webToken;
}

/**
 * What else a logout clears besides the session: other domains' clean-ups (the bet slip), registered
 * by src/app, so the login feature need not know them.
 */
const logoutCleanups = new Set<() => void>();

export function onLogout(cleanup: () => void): () => void {
  logoutCleanups.add(cleanup);
  return () => logoutCleanups.delete(cleanup);
}

export function runLogoutCleanups(): void {
  for (const cleanup of logoutCleanups) cleanup();
}
