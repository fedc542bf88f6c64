import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../lib/dates';
import { formatCentavos } from '../../lib/money';
import { CUSTOMER_SERVICE_PATH, customerServiceSearch } from '../../lib/navigation';
import { holdPrompts } from '../../stores/attention';
import { pay } from '../../stores/pay';
import { Button } from '../../ui/Button';
import buttonStyles from '../../ui/Button.module.css';
import { depositStatusMessage } from './amounts';
import type { DepositOrder } from './api';
import { refreshBalance } from './balance';
import styles from './Wallet.module.css';

type BalanceState = 'refreshing' | 'ready' | 'timedOut';

/**
 * Money in: the balance asked until the server says it is settled (spec §4), once per order shown. One
 * answer at a time: 'Updating your balance…' until then, the new balance after, never both.
 */
function useSettledBalance(paid: boolean): { state: BalanceState | undefined; retry: () => void } {
  const [state, setState] = useState<BalanceState>();
  const asked = useRef(false);
  const refresh = async () => {
    setState('refreshing');
    setState((await refreshBalance(0).catch(() => false)) ? 'ready' : 'timedOut');
  };
  useEffect(() => {
    if (paid && !asked.current) {
      asked.current = true;
      void refresh();
    }
  }, [paid]);
  return { state, retry: () => void refresh() };
}

/**
 * Where a deposit order stands, in words: still on its way (with progress), money in (with the new
 * balance), or ended without money (with the reason, Try again and Customer Service about this order).
 */
export function DepositOutcome({ order, balanceNote }: { order: DepositOrder; balanceNote?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { balance } = useSnapshot(pay);
  const message = depositStatusMessage(order);
  const settled = useSettledBalance(message.tone === 'good');
  // The end of the player's own flow is on screen: reminders (the security prompt) wait until they leave it.
  useEffect(() => holdPrompts(), []);
  return (
    <section className={styles.status} role="status" data-testid="deposit-status" data-status={order.status}>
      <h2 className={`${styles.statusTitle} ${styles[message.tone]}`}>{t(message.titleKey)}</h2>
      <span className={styles.statusAmount}>{formatCentavos(order.amount)}</span>
      {message.tone === 'waiting' && <div className={styles.progress} role="progressbar" aria-label={t(message.titleKey)} />}
      <p className={styles.dim}>{message.text ?? t(message.bodyKey)}</p>
      {settled.state === 'refreshing' && <p className={styles.dim}>{t('wallet.balanceUpdating')}</p>}
      {settled.state === 'ready' && balance !== null && (
        <p data-testid="new-balance">{t('wallet.newBalance', { balance: formatCentavos(balance) })}</p>
      )}
      {settled.state === 'timedOut' && (
        <div className={styles.actions} role="alert">
          <p className={styles.dim}>{t('wallet.balanceTimedOut')}</p>
          <Button variant="secondary" onClick={settled.retry}>
            {t('wallet.refresh')}
          </Button>
        </div>
      )}
      {balanceNote}
      <dl className={styles.facts}>
        <div>
          <dt>{t('wallet.orderNo')}</dt>
          <dd>{order.orderNo}</dd>
        </div>
        <div>
          <dt>{t('wallet.method')}</dt>
          <dd>{t(`wallet.payTypes.${order.payType}`)}</dd>
        </div>
        <div>
          <dt>{t('wallet.created')}</dt>
          <dd>{formatDateTime(order.createdAt, i18n.language)}</dd>
        </div>
        {order.completedAt && (
          <div>
            <dt>{t('wallet.completed')}</dt>
            <dd>{formatDateTime(order.completedAt, i18n.language)}</dd>
          </div>
        )}
      </dl>
      <div className={styles.actions}>
        {message.tone === 'bad' && (
          <Link
            to="/wallet/deposit"
            search={{ payType: order.payType }}
            className={`${buttonStyles.button} ${buttonStyles.primary} ${buttonStyles.block}`}
          >
            {t('common.retry')}
          </Link>
        )}
        {message.tone === 'bad' && (
          <Link
            to={CUSTOMER_SERVICE_PATH}
            search={customerServiceSearch('gpoorder', { about: 'deposit', orderNo: order.orderNo })}
            className={`${buttonStyles.button} ${buttonStyles.secondary} ${buttonStyles.block}`}
            data-testid="deposit-customer-service"
          >
            {t('common.customerService')}
          </Link>
        )}
        {message.tone === 'good' && (
          <Link to="/" className={`${buttonStyles.button} ${buttonStyles.primary} ${buttonStyles.block}`}>
            {t('wallet.startPlaying')}
          </Link>
        )}
        <Link
          to="/record"
          search={{ tab: 'depositOrders' }}
          className={`${buttonStyles.button} ${buttonStyles.secondary} ${buttonStyles.block}`}
        >
          {t('wallet.seeRecords')}
        </Link>
      </div>
    </section>
  );
}
