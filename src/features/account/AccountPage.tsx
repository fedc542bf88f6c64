import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { MenuList } from '../../components/MenuList';
import { useRouteMeta } from '../../components/routeMeta';
import { session } from '../../stores/session';
import { openLogin } from '../../stores/ui';
import { Button } from '../../ui/Button';
import { helpMenu } from '../content/helpMenu';
import styles from './AccountPage.module.css';

/**
 * /account. A visitor sees why to log in and the help pages; a player sees who is logged in. The
 * account release adds the balance, records and security entries.
 */
export function AccountPage() {
  const { t } = useTranslation();
  const { title } = useRouteMeta();
  const { user, webToken } = useSnapshot(session);
  const loggedIn = Boolean(user?.loginName && webToken.token);
  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <h1>{title}</h1>
      </header>
      <section className={styles.card}>
        {loggedIn && user ? (
          <>
            <h2 className={styles.title}>{user.nickName || user.loginName}</h2>
            <p className={styles.body}>{t('account.playerSince', { name: user.loginName })}</p>
          </>
        ) : (
          <>
            <h2 className={styles.title}>{t('account.visitorTitle')}</h2>
            <p className={styles.body}>{t('account.visitorBody')}</p>
            <div className={styles.actions}>
              <Button variant="secondary" onClick={() => openLogin({ type: 'password' })}>
                {t('common.login')}
              </Button>
              <Button onClick={() => openLogin({ type: 'register' })}>{t('common.register')}</Button>
            </div>
          </>
        )}
      </section>
      <MenuList heading={t('account.preferences')} items={[{ to: '/settings', label: t('more.settings'), icon: 'settings' }]} />
      <MenuList heading={t('account.help')} items={helpMenu(t)} />
      <p className={styles.age}>{t('app.ageNotice')}</p>
    </main>
  );
}
