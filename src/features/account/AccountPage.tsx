import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Avatar } from '../../ui/Avatar';
import { type MenuItem, MenuList } from '../../ui/MenuList';
import { useRouteMeta } from '../../ui/useRouteMeta';
import { copyText } from '../../lib/clipboard';
import { formatCentavos } from '../../lib/money';
import { pay } from '../../stores/pay';
import { session } from '../../stores/session';
import { openLogin, showToast } from '../../stores/ui';
import { Button } from '../../ui/Button';
import buttonStyles from '../../ui/Button.module.css';
import { Icon } from '../../ui/Icon';
import styles from './AccountPage.module.css';
import { useLoggedIn } from '../../hooks/useLoggedIn';

/**
 * What the account page shows of other domains (help pages, messages, wallet, logout). Features do not
 * import each other: src/app composes them (src/app/pages/AccountRoute.tsx).
 */
export interface AccountNeighbours {
  helpMenu: (t: TFunction) => MenuItem[];
  /** Unread messages and notices. */
  unreadMessages: number;
  /** Asks the wallet for the balance again (the pay store shows it). */
  refreshBalance: () => Promise<unknown>;
  logout: () => Promise<void>;
}

function PlayerCard({ refreshBalance }: Pick<AccountNeighbours, 'refreshBalance'>) {
  const { t } = useTranslation();
  const { user } = useSnapshot(session);
  const { balance, bonusBalance } = useSnapshot(pay);
  const [refreshing, setRefreshing] = useState(false);
  if (!user) return null;
  const copy = async () => {
    const copied = await copyText(user.loginName);
    showToast(copied ? 'success' : 'fail', t(copied ? 'common.copySuccess' : 'common.copyFail'));
  };
  const refresh = async () => {
    setRefreshing(true);
    await refreshBalance().catch(() => undefined);
    setRefreshing(false);
  };
  return (
    <section className={styles.card} aria-label={t('account.profile')}>
      <div className={styles.identity}>
        <Link to="/avatar" aria-label={t('account.changeAvatar')}>
          <Avatar src={user.avatar} name={user.nickName || user.loginName} size={56} />
        </Link>
        <div className={styles.names}>
          <h2 className={styles.title}>{user.nickName || user.loginName}</h2>
          <button
            type="button"
            className={styles.loginName}
            onClick={() => void copy()}
            aria-label={t('account.copyLoginName', { name: user.loginName })}
          >
            {t('account.loginName', { name: user.loginName })}
          </button>
        </div>
      </div>
      <div className={styles.balances}>
        <div>
          <span className={styles.balanceLabel}>{t('header.balance')}</span>
          <span className={styles.balance} data-testid="account-balance">
            {balance === null ? '₱ —' : formatCentavos(balance)}
          </span>
          {bonusBalance ? <span className={styles.bonus}>{t('account.bonus', { amount: formatCentavos(bonusBalance) })}</span> : null}
        </div>
        <button
          type="button"
          className={`${styles.refresh} ${refreshing ? styles.spinning : ''}`}
          onClick={() => void refresh()}
          aria-label={t('header.refreshBalance')}
        >
          <Icon name="refresh" size={20} />
        </button>
      </div>
      <div className={styles.actions}>
        <Link to="/wallet/deposit" className={`${buttonStyles.button} ${buttonStyles.primary}`}>
          {t('common.deposit')}
        </Link>
        <Link to="/wallet/withdraw" className={`${buttonStyles.button} ${buttonStyles.secondary}`}>
          {t('common.withdraw')}
        </Link>
      </div>
    </section>
  );
}

function PlayerMenus({ unreadMessages: messages }: Pick<AccountNeighbours, 'unreadMessages'>) {
  const { t } = useTranslation();
  return (
    <>
      <MenuList
        heading={t('account.activity')}
        items={[
          { to: '/betRecord', label: t('nav.myBets'), icon: 'ticket' },
          { to: '/record', label: t('account.transactions'), icon: 'wallet' },
          { to: '/messages', label: t('account.messages'), icon: 'chat', badge: messages },
        ]}
      />
      <MenuList
        heading={t('account.myAccount')}
        items={[
          { to: '/userinfo', label: t('account.profile'), icon: 'user' },
          { to: '/personalInformation', label: t('account.personalInfo'), icon: 'info' },
          { to: '/myAddress', label: t('account.addresses'), icon: 'home' },
          { to: '/security', label: t('account.security'), icon: 'shield' },
          { to: '/settings', label: t('more.settings'), icon: 'settings' },
        ]}
      />
    </>
  );
}

/**
 * /account. A visitor sees why to log in and the help pages; a player sees their balance, activity,
 * account pages, help, closing the account and logging out.
 */
export function AccountPage({ helpMenu, unreadMessages, refreshBalance, logout }: AccountNeighbours) {
  const { t } = useTranslation();
  const { title } = useRouteMeta();
  const loggedIn = useLoggedIn();
  const [leaving, setLeaving] = useState(false);
  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <h1>{title}</h1>
      </header>
      {loggedIn ? (
        <PlayerCard refreshBalance={refreshBalance} />
      ) : (
        <section className={styles.card}>
          <h2 className={styles.title}>{t('account.visitorTitle')}</h2>
          <p className={styles.body}>{t('account.visitorBody')}</p>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => openLogin({ type: 'password' })}>
              {t('common.login')}
            </Button>
            <Button onClick={() => openLogin({ type: 'register' })}>{t('common.register')}</Button>
          </div>
        </section>
      )}
      {loggedIn ? (
        <PlayerMenus unreadMessages={unreadMessages} />
      ) : (
        <MenuList heading={t('account.preferences')} items={[{ to: '/settings', label: t('more.settings'), icon: 'settings' }]} />
      )}
      <MenuList heading={t('account.help')} items={helpMenu(t)} />
      {loggedIn && (
        <div className={styles.footer}>
          <Button
            variant="secondary"
            block
            busy={leaving}
            onClick={() => {
              setLeaving(true);
              void logout().finally(() => setLeaving(false));
            }}
          >
            {t('common.logout')}
          </Button>
          <Link to="/deleteAccount" className={styles.delete}>
            {t('account.deleteAccount')}
          </Link>
        </div>
      )}
      <p className={styles.age}>{t('app.ageNotice')}</p>
    </main>
  );
}
