import { useQuery } from '@tanstack/react-query';
import { AccountPage } from '../../features/account/AccountPage';
import { logout } from '../../features/auth/session';
import { helpMenu } from '../../features/content/helpMenu';
import { unreadQuery } from '../../features/messages/api';
import { balanceQuery, refreshBalance } from '../../features/wallet/balance';
import { useLoggedIn } from '../../hooks/useLoggedIn';

/**
 * The account pages with what they show of other domains: features do not import each other, so the
 * app composes them here (help pages from content, unread counts from messages, the balance from the
 * wallet, logout from auth).
 */
export function AccountRoute() {
  const loggedIn = useLoggedIn();
  const { data: unread } = useQuery({ ...unreadQuery, enabled: loggedIn });
  // Keeps the balance the player card shows fresh (each answer lands in the pay store).
  useQuery({ ...balanceQuery, enabled: loggedIn });
  return (
    <AccountPage
      helpMenu={helpMenu}
      unreadMessages={(unread?.unreadInbox ?? 0) + (unread?.unreadNotice ?? 0)}
      refreshBalance={() => refreshBalance(0)}
      logout={logout}
    />
  );
}
