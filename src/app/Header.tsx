import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useBetPushes } from '../features/bets/pushes';
import { balanceQuery } from '../features/wallet/balance';
import { formatCentavos } from '../lib/money';
import { partnerDepositPage } from '../lib/partner';
import { currentPartner } from '../stores/origin';
import { pay } from '../stores/pay';
import { session } from '../stores/session';
import { openLogin, openOverlay } from '../stores/ui';
import { Button } from '../ui/Button';
import styles from './Header.module.css';
import { useLoggedIn } from '../hooks/useLoggedIn';
import { useDataSaver } from '../hooks/useDataSaver';

/** The home header: the brand, data saver's chip while it is on, then the balance and Deposit for a player, or Log In / Register for a visitor. */
export function Header() {
  const { t } = useTranslation();
  const { balance, bonusBalance } = useSnapshot(pay);
  const loggedIn = useLoggedIn();
  const saving = useDataSaver();
  useQuery({ ...balanceQuery, enabled: loggedIn });
  // A bet accepted or settled in any tab moves the balance shown here at once.
  useBetPushes(loggedIn);
  const navigate = useNavigate();
  // Inside a partner host, money goes in through the host's own deposit page (spec §2).
  const onDeposit = () => {
    const partnerPage = partnerDepositPage(currentPartner(), session.user?.bindType);
    if (partnerPage) void navigate({ to: partnerPage });
    else openOverlay('deposit');
  };
  return (
    <header className={styles.header}>
      <Link to="/" className={styles.brand} aria-label={t('app.name')}>
        <img className={styles.logo} src="/icons/logo.svg" alt="" width={30} height={30} />
        {/* With the data saver chip beside it, the logo alone (the link keeps its name): room for the actions. */}
        <span className={saving ? 'visually-hidden' : undefined}>{t('app.name')}</span>
      </Link>
      {saving && (
        <Link to="/settings" className={styles.saver} aria-label={t('saver.chipLabel')} data-testid="data-saver-chip">
          {t('saver.chip')}
        </Link>
      )}
      <span className={styles.spacer} />
      {loggedIn ? (
        <div className={styles.actions}>
          {/* Cash and bonus apart, each labelled (issue 35); the bonus line only while the player holds one. */}
          <div className={styles.balance}>
            <span className={styles.line}>
              <span className={styles.balanceLabel}>{t('header.cash')}</span>
              <span data-testid="header-balance">{balance === null ? '₱ —' : formatCentavos(balance)}</span>
            </span>
            {bonusBalance ? (
              <Link to="/bonus" className={`${styles.line} ${styles.bonus}`}>
                <span className={styles.balanceLabel}>{t('header.bonus')}</span>
                <span data-testid="header-bonus">{formatCentavos(bonusBalance)}</span>
              </Link>
            ) : null}
          </div>
          {/* The deposit overlay (spec §2): pay in without leaving the page. */}
          <Button size="small" onClick={onDeposit} data-testid="header-deposit">
            {t('common.deposit')}
          </Button>
        </div>
      ) : (
        <div className={styles.actions}>
          <Button variant="secondary" size="small" onClick={() => openLogin({ type: 'password' })}>
            {t('common.login')}
          </Button>
          <Button size="small" onClick={() => openLogin({ type: 'register' })}>
            {t('common.register')}
          </Button>
        </div>
      )}
    </header>
  );
}
