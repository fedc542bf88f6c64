import { useSnapshot } from 'valtio';
import { session } from '../stores/session';

/**
 * Whether a player is signed in (a visitor has a token but no loginName), as isLoggedIn() says, for a
 * component: it renders again when that changes, and only for what it reads of the session.
 */
export function useLoggedIn(): boolean {
  const { user, webToken } = useSnapshot(session);
  return Boolean(user?.loginName && webToken.token);
}
