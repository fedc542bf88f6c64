import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCentavos } from '../../lib/money';
import { Button } from '../../ui/Button';
import buttonStyles from '../../ui/Button.module.css';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { useUserPush } from '../../realtime/hooks';
import { Skeleton } from '../../ui/Skeleton';
import { balanceQuery, refreshBalance } from './balance';
import styles from './Wallet.module.css';

/** /fundAccount: the player's funds (main, bonus, sportsbook) with the ways to move them. */
export function FundAccountPage() {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useQuery(balanceQuery);
  const [refreshing, setRefreshing] = useState(false);
  useUserPush('balance', () => void refetch());
  const refresh = async () => {
    setRefreshing(true);
    await refreshBalance(0).catch(() => false);
    setRefreshing(false);
  };
  return (
    <PageLayout flush>
      <div className={styles.form}>
        {isPending ? (
          <div className={styles.balances} role="status" aria-label={t('common.loading')}>
            <Skeleton height={92} radius={12} />
            <Skeleton height={72} radius={12} />
            <Skeleton height={72} radius={12} />
          </div>
        ) : isError ? (
          <Notice icon="wallet" title={t('wallet.balanceFailed')} role="alert">
            <Button onClick={() => void refetch()}>{t('common.retry')}</Button>
          </Notice>
        ) : (
          <div className={styles.balances} data-testid="funds">
            <div className={`${styles.balance} ${styles.balanceMain}`}>
              <span className={styles.dim}>{t('wallet.funds.main')}</span>
              <span className={styles.balanceAmount} data-testid="fund-main">
                {formatCentavos(data.balance)}
              </span>
              {data.balanceFlag === 0 && <span className={styles.dim}>{t('wallet.balanceUpdating')}</span>}
            </div>
            <div className={styles.balance}>
              <span className={styles.dim}>{t('wallet.funds.bonus')}</span>
              <span className={styles.balanceAmount}>{formatCentavos(data.bonusBalance)}</span>
            </div>
            <div className={styles.balance}>
              <span className={styles.dim}>{t('wallet.funds.sportsbook')}</span>
              <span className={styles.balanceAmount}>{formatCentavos(data.sabaBalance)}</span>
            </div>
            <div className={`${styles.balance} ${styles.balanceMain}`}>
              <span className={styles.dim}>{t('wallet.funds.total')}</span>
              <span className={styles.balanceAmount}>{formatCentavos(data.totalBalance)}</span>
            </div>
          </div>
        )}
        <Button variant="ghost" busy={refreshing} onClick={() => void refresh()}>
          {t('wallet.refresh')}
        </Button>
        <div className={styles.actions}>
          <Link to="/wallet/deposit" className={`${buttonStyles.button} ${buttonStyles.primary} ${buttonStyles.block}`}>
            {t('common.deposit')}
          </Link>
          <Link to="/withdraw" className={`${buttonStyles.button} ${buttonStyles.secondary} ${buttonStyles.block}`}>
            {t('common.withdraw')}
          </Link>
          <Link to="/record" className={`${buttonStyles.button} ${buttonStyles.secondary} ${buttonStyles.block}`}>
            {t('wallet.seeRecords')}
          </Link>
        </div>
      </div>
    </PageLayout>
  );
}
