import { useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { navigateTo } from '../../lib/navigation';
import { isLoggedIn } from '../../stores/session';
import { openLogin } from '../../stores/ui';

/** /login: the login dialog over the home page, coming back to `redirect` (a path in this app) after. */
export function LoginPage() {
  const search = useSearch({ strict: false }) as { redirect?: string };
  useEffect(() => {
    const redirect = search.redirect && search.redirect.startsWith('/') && !search.redirect.startsWith('//') ? search.redirect : undefined;
    navigateTo(isLoggedIn() && redirect ? redirect : '/', { replace: true });
    if (!isLoggedIn()) openLogin(redirect ? { redirectTo: redirect } : {});
  }, [search.redirect]);
  return null;
}
