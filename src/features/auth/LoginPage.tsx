import { useEffect } from 'react';
import { navigateTo } from '../../lib/navigation';
import { isLoggedIn } from '../../stores/session';
import { openLogin } from '../../stores/ui';
import type { LoginSearch } from './search';

/** /login: the login dialog over the home page, coming back to `redirect` (a path in this app) after. */
export function LoginPage({ redirect }: LoginSearch) {
  useEffect(() => {
    navigateTo(isLoggedIn() && redirect ? redirect : '/', { replace: true });
    if (!isLoggedIn()) openLogin(redirect ? { redirectTo: redirect } : {});
  }, [redirect]);
  return null;
}
