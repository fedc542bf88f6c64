import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BillType } from '../../contract/money';
import { formatDateTime } from '../../lib/dates';
import { formatCentavos } from '../../lib/money';
import { useNow } from '../../hooks/useNow';
import { Button } from '../../ui/Button';
import buttonStyles from '../../ui/Button.module.css';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { PageSkeleton } from '../../ui/Skeleton';
import { TabBar, tabStyles } from '../../ui/Tabs';
import { RECORD_PERIODS, type RecordPeriod, billTotals, depositRecordsWindow, recordWindow } from './amounts';
import { billsQuery, depositRecordsQuery } from './api';
import { StatusBadge } from './StatusBadge';
import type { RecordSearch } from './search';
import styles from './Wallet.module.css';

const BILL_TYPE_NAMES = Object.entries(BillType) as [keyof typeof BillType, BillType][];

/** A records tab another area adds (the app composes it in: the casino's game rounds). */
export interface MoreRecordTab {
  value: string;
  label: string;
  content: ReactNode;
}

/**
 * /record: the wallet's bills by type and period (Manila days), the deposit orders of the last 30 days,
 * and the tabs the app adds (`moreTabs`).
 */
export function RecordPage({
  tab = 'bills',
  type,
  moreTabs = [],
}: Omit<RecordSearch, 'tab'> & { tab?: string | undefined; moreTabs?: readonly MoreRecordTab[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const setSearch = (next: Record<string, string | undefined>) => void navigate({ to: '/record', search: next, replace: true });
  const more = moreTabs.find((extra) => extra.value === tab);
  return (
    <PageLayout flush>
      <div className={styles.filters}>
        <TabBar label={t('wallet.recordTabs')}>
          {(['bills', 'depositOrders'] as const).map((value) => (
            <button
              key={value}
              type="button"
              className={tabStyles.tab}
              aria-selected={tab === value}
              onClick={() => setSearch({ tab: value, type })}
            >
              {t(`wallet.records.${value}`)}
            </button>
          ))}
          {moreTabs.map((extra) => (
            <button
              key={extra.value}
              type="button"
              className={tabStyles.tab}
              aria-selected={tab === extra.value}
              onClick={() => setSearch({ tab: extra.value })}
            >
              {extra.label}
            </button>
          ))}
        </TabBar>
      </div>
      {more ? (
        more.content
      ) : tab === 'bills' ? (
        <Bills type={Number(type ?? 0)} onType={(next) => setSearch({ tab, type: next ? String(next) : undefined })} />
      ) : (
        <DepositOrders />
      )}
    </PageLayout>
  );
}

function Bills({ type, onType }: { type: number; onType: (type: number) => void }) {
  const { t, i18n } = useTranslation();
  const now = useNow(60_000);
  const [period, setPeriod] = useState<RecordPeriod>('week');
  const window = recordWindow(period, now);
  const { data, isPending, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery(
    billsQuery({ ...window, type }),
  );
  const bills = data?.pages.flatMap((page) => page.list) ?? [];
  const total = data?.pages[0]?.total ?? 0;
  const totals = billTotals(bills);
  return (
    <>
      <div className={styles.form}>
        <TabBar label={t('wallet.periodsLabel')} variant="pills">
          {(Object.keys(RECORD_PERIODS) as RecordPeriod[]).map((value) => (
            <button key={value} type="button" className={tabStyles.tab} aria-selected={period === value} onClick={() => setPeriod(value)}>
              {t(`wallet.periods.${value}`)}
            </button>
          ))}
        </TabBar>
        <label className={styles.section}>
          <span className={styles.sectionTitle}>{t('wallet.billType')}</span>
          <select className={styles.select} value={type} onChange={(event) => onType(Number(event.target.value))}>
            {BILL_TYPE_NAMES.map(([name, value]) => (
              <option key={value} value={value}>
                {t(`wallet.billTypes.${name}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {isPending ? (
        <PageSkeleton label={t('common.loading')} lines={6} />
      ) : isError ? (
        <Notice icon="info" title={t('wallet.recordsFailed')} role="alert">
          <Button onClick={() => void refetch()}>{t('common.retry')}</Button>
        </Notice>
      ) : bills.length === 0 ? (
        <Notice icon="wallet" title={t('wallet.noBills')} />
      ) : (
        <>
          <p className={styles.totals} data-testid="bill-totals">
            <span>{t('wallet.billCount', { count: total })}</span>
            <span>
              {t('wallet.totalsIn', { amount: formatCentavos(totals.in) })} ·{' '}
              {t('wallet.totalsOut', { amount: formatCentavos(totals.out) })}
            </span>
          </p>
          <ul className={styles.list} data-testid="bills">
            {bills.map((bill) => (
              <li key={bill.billNo}>
                <Link to="/recordDetail" search={{ billNo: bill.billNo }} className={styles.row} data-testid="bill">
                  <span className={styles.rowText}>
                    <strong>{bill.title}</strong>
                    <span className={styles.dim}>{formatDateTime(bill.createdAt, i18n.language)}</span>
                  </span>
                  <span className={styles.rowAmount}>
                    <span className={bill.amount > 0 ? styles.plus : styles.minus}>
                      {bill.amount > 0 ? '+' : ''}
                      {formatCentavos(bill.amount)}
                    </span>
                    {bill.status && <StatusBadge status={bill.status} />}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {hasNextPage && (
            <div className={styles.loadMore}>
              <Button variant="secondary" busy={isFetchingNextPage} onClick={() => void fetchNextPage()}>
                {t('common.loadMore')}
              </Button>
            </div>
          )}
        </>
      )}
    </>
  );
}

/** Deposit records (querySubList type 1): the last 30 days, 20 at a time. */
function DepositOrders() {
  const { t, i18n } = useTranslation();
  const now = useNow(60_000);
  const { data, isPending, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery(
    depositRecordsQuery(depositRecordsWindow(now)),
  );
  const orders = data?.pages.flatMap((page) => page.deposits ?? []) ?? [];
  if (isPending) return <PageSkeleton label={t('common.loading')} lines={6} />;
  if (isError) {
    return (
      <Notice icon="info" title={t('wallet.recordsFailed')} role="alert">
        <Button onClick={() => void refetch()}>{t('common.retry')}</Button>
      </Notice>
    );
  }
  if (orders.length === 0) {
    return (
      <Notice icon="wallet" title={t('wallet.noDeposits')}>
        <Link to="/wallet/deposit" className={`${buttonStyles.button} ${buttonStyles.primary}`}>
          {t('common.deposit')}
        </Link>
      </Notice>
    );
  }
  return (
    <>
      <p className={styles.totals}>{t('wallet.depositWindow')}</p>
      <ul className={styles.list} data-testid="deposit-orders">
        {orders.map((order) => (
          <li key={order.orderNo}>
            <Link
              to={order.payType === 'bank' ? '/bankorder' : '/gpoorder'}
              search={{ orderNo: order.orderNo }}
              className={styles.row}
              data-testid="deposit-order"
            >
              <span className={styles.rowText}>
                <strong>{t(`wallet.payTypes.${order.payType}`)}</strong>
                <span className={styles.dim}>{formatDateTime(order.createdAt, i18n.language)}</span>
              </span>
              <span className={styles.rowAmount}>
                {formatCentavos(order.amount)}
                <StatusBadge status={order.status} />
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {hasNextPage && (
        <div className={styles.loadMore}>
          <Button variant="secondary" busy={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {t('common.loadMore')}
          </Button>
        </div>
      )}
    </>
  );
}
