import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { ui } from '../stores/ui';
import { Icon, type IconName } from '../ui/Icon';
import styles from './BottomNav.module.css';

interface Item {
  to: string;
  label: 'nav.home' | 'nav.promo' | 'nav.deposit' | 'nav.myBets' | 'nav.account';
  icon: IconName;
  routes: readonly string[];
  center?: boolean;
}

const ITEMS: readonly Item[] = [
  { to: '/', label: 'nav.home', icon: 'home', routes: ['Home_foryou', 'Home_sports', 'Home_games'] },
  { to: '/promo', label: 'nav.promo', icon: 'gift', routes: ['promo'] },
  { to: '/wallet/deposit', label: 'nav.deposit', icon: 'wallet', routes: ['WalletDeposit'], center: true },
  { to: '/betRecord', label: 'nav.myBets', icon: 'ticket', routes: ['betRecord'] },
  { to: '/account', label: 'nav.account', icon: 'user', routes: ['Account'] },
];

/** The pages that show the bottom navigation: the five it leads to. */
export const BOTTOM_NAV_ROUTES: readonly string[] = ITEMS.flatMap((item) => item.routes);

/** Bottom navigation, in thumb reach: Home, Promos, Deposit (raised), My Bets, Account. */
export function BottomNav() {
  const { t } = useTranslation();
  const { currentRouteName } = useSnapshot(ui);
  return (
    <nav className={styles.nav} aria-label={t('nav.primary')}>
      {ITEMS.map((item) => (
        <Link
          key={item.to}
          to={item.to}
          className={`${styles.item} ${item.center ? styles.center : ''}`}
          aria-current={item.routes.includes(currentRouteName) ? 'page' : undefined}
        >
          {item.center ? (
            <span className={styles.bubble}>
              <Icon name={item.icon} />
            </span>
          ) : (
            <Icon name={item.icon} />
          )}
          {t(item.label)}
        </Link>
      ))}
    </nav>
  );
}
