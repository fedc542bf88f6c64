import { useSnapshot } from 'valtio';
import { isLoggedIn, session } from '../stores/session';

/**
 * isLoggedIn() for a component: it renders again when that changes, and only for what it reads of the
 * session.
 */
export function useLoggedIn(): boolean {
  return isLoggedIn(useSnapshot(session));
}
