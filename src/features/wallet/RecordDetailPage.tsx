import { useQuery } from '@tanstack/react-query';
import { Link, Navigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BillType } from '../../contract/money';
import { formatDateTime } from '../../lib/dates';
import { formatCentavos } from '../../lib/money';
import { Button } from '../../ui/Button';
import buttonStyles from '../../ui/Button.module.css';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import recordStyles from '../../ui/RecordList.module.css';
import { PageSkeleton } from '../../ui/Skeleton';
import { billQuery } from './api';
import { CopyButton } from './CopyButton';
import type { RecordDetailSearch } from './search';
import { StatusBadge } from './StatusBadge';
import styles from './Wallet.module.css';

/** Bills that belong to a bet: their order number is the ticket's transId. */
const BET_BILLS: readonly number[] = [BillType.Bet, BillType.Payout, BillType.Refund];

/**
 * /recordDetail?billNo=…: one bill, with its deposit or withdrawal order and where it stands, or a link
 * to the bet it belongs to. An old /recordDetail?transId=… link (a bet) goes on to /history-detail.
 */
export function RecordDetailPage({ billNo, transId }: RecordDetailSearch) {
  const { t } = useTranslation();
  if (!billNo && transId) return <Navigate to="/history-detail" search={{ transId }} replace />;
  return (
    <PageLayout flush>{billNo ? <BillDetail billNo={billNo} /> : <Notice icon="wallet" title={t('wallet.billNotFound')} />}</PageLayout>
  );
}

function BillDetail({ billNo }: { billNo: string }) {
  const { t, i18n } = useTranslation();
  const { data, isPending, isError, refetch } = useQuery(billQuery(billNo));
  if (isPending) return <PageSkeleton label={t('common.loading')} lines={6} />;
  const bill = data?.bill;
  if (isError || !bill) {
    return (
      <Notice icon="info" title={t('wallet.billNotFound')} role="alert">
        <Button onClick={() => void refetch()}>{t('common.retry')}</Button>
      </Notice>
    );
  }
  const { deposit, withdrawal } = data;
  const when = (iso: string) => formatDateTime(iso, i18n.language);
  return (
    <section className={styles.status} data-testid="bill-detail">
      <h2 className={styles.statusTitle}>{bill.title}</h2>
      <span className={`${styles.statusAmount} ${bill.amount > 0 ? recordStyles.plus : ''}`}>
        {bill.amount > 0 ? '+' : ''}
        {formatCentavos(bill.amount)}
      </span>
      {(deposit?.status ?? withdrawal?.status ?? bill.status) && (
        <StatusBadge status={(deposit?.status ?? withdrawal?.status ?? bill.status)!} />
      )}
      {(deposit?.message ?? withdrawal?.message) && <p className={styles.dim}>{deposit?.message ?? withdrawal?.message}</p>}
      <dl className={styles.facts}>
        <div>
          <dt>{t('wallet.billNo')}</dt>
          <dd>
            {bill.billNo}
            <CopyButton value={bill.billNo} label={t('wallet.billNo')} />
          </dd>
        </div>
        <div>
          <dt>{t('wallet.created')}</dt>
          <dd>{when(bill.createdAt)}</dd>
        </div>
        <div>
          <dt>{t('wallet.balanceAfter')}</dt>
          <dd>{formatCentavos(bill.balanceAfter)}</dd>
        </div>
        {bill.orderNo && (
          <div>
            <dt>{t('wallet.orderNo')}</dt>
            <dd>{bill.orderNo}</dd>
          </div>
        )}
        {deposit && (
          <div>
            <dt>{t('wallet.method')}</dt>
            <dd>{t(`wallet.payTypes.${deposit.payType}`)}</dd>
          </div>
        )}
        {withdrawal && (
          <>
            <div>
              <dt>{t('wallet.destination')}</dt>
              <dd>{withdrawal.destination}</dd>
            </div>
            {withdrawal.rail && (
              <div>
                <dt>{t('wallet.rail')}</dt>
                <dd>{t(`wallet.rails.${withdrawal.rail}`)}</dd>
              </div>
            )}
            {withdrawal.expectedBy && !withdrawal.completedAt && (
              <div>
                <dt>{t('wallet.expectedBy')}</dt>
                <dd>{when(withdrawal.expectedBy)}</dd>
              </div>
            )}
          </>
        )}
        {(deposit?.completedAt ?? withdrawal?.completedAt) && (
          <div>
            <dt>{t('wallet.completed')}</dt>
            <dd>{when((deposit?.completedAt ?? withdrawal?.completedAt)!)}</dd>
          </div>
        )}
      </dl>
      <div className={styles.actions}>
        {BET_BILLS.includes(bill.type) && bill.orderNo && (
          <Link
            to="/history-detail"
            search={{ transId: bill.orderNo }}
            className={`${buttonStyles.button} ${buttonStyles.secondary} ${buttonStyles.block}`}
          >
            {t('wallet.seeBet')}
          </Link>
        )}
        {deposit && deposit.status === 'pending' && (
          <Link
            to={deposit.payType === 'bank' ? '/bankorder' : '/gpoorder'}
            search={{ orderNo: deposit.orderNo }}
            className={`${buttonStyles.button} ${buttonStyles.secondary} ${buttonStyles.block}`}
          >
            {t('wallet.seeOrder')}
          </Link>
        )}
      </div>
    </section>
  );
}
