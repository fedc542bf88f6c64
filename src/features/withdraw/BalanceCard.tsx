import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { formatCentavos } from '../../lib/money';
import { pay } from '../../stores/pay';
import { type WithdrawSwitch } from './api';
import styles from './Withdraw.module.css';
import { balanceQuery } from '../../api/queries';

/** The balance, what can be withdrawn now, and in plain words any turnover still owed before the rest can go. */
export function BalanceCard({ state }: { state: WithdrawSwitch }) {
  const { t } = useTranslation();
  // Fetched here too (a direct visit has no header); the pay store keeps the latest answer, pushes included.
  useQuery(balanceQuery);
  const { balance } = useSnapshot(pay);
  return (
    <section className={styles.card} aria-label={t('withdraw.balance.title')}>
      <div className={styles.balance}>
        <div className={styles.figure}>
          <span className={styles.figureLabel}>{t('withdraw.balance.balance')}</span>
          <span className={styles.figureValue} data-testid="withdraw-balance">
            {balance === null ? '—' : formatCentavos(balance)}
          </span>
        </div>
        <div className={styles.figure}>
          <span className={styles.figureLabel}>{t('withdraw.balance.withdrawable')}</span>
          <span className={styles.figureValue} data-testid="withdrawable">
            {formatCentavos(Math.max(state.withdrawable, 0))}
          </span>
        </div>
      </div>
      {state.turnoverRemaining > 0 && (
        <p className={`${styles.warn} ${styles.spaced}`} role="note">
          {t('withdraw.balance.turnover', { amount: formatCentavos(state.turnoverRemaining) })}
        </p>
      )}
    </section>
  );
}
