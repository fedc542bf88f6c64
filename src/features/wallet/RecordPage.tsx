import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BillType } from '../../contract/money';
import { formatDateTime } from '../../lib/dates';
import { formatCentavos } from '../../lib/money';
import { useNow } from '../../hooks/useNow';
import buttonStyles from '../../ui/Button.module.css';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { PeriodPicker, RecordList, RecordRowContent, SignedAmount, recordStyles } from '../../ui/RecordList';
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
              aria-pressed={tab === value}
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
              aria-pressed={tab === extra.value}
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
  const query = useInfiniteQuery(billsQuery({ ...window, type }));
  const bills = query.data?.pages.flatMap((page) => page.list) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  const totals = billTotals(bills);
  return (
    <>
      <div className={styles.form}>
        <PeriodPicker
          label={t('wallet.periodsLabel')}
          periods={Object.keys(RECORD_PERIODS) as RecordPeriod[]}
          value={period}
          nameOf={(value) => t(`wallet.periods.${value}`)}
          onPick={setPeriod}
        />
        <label className={styles.section}>
          <span className={styles.sectionTitle}>{t('wallet.billType')}</span>
          <select className={recordStyles.select} value={type} onChange={(event) => onType(Number(event.target.value))}>
            {BILL_TYPE_NAMES.map(([name, value]) => (
              <option key={value} value={value}>
                {t(`wallet.billTypes.${name}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <RecordList
        query={query}
        count={bills.length}
        failedTitle={t('wallet.recordsFailed')}
        empty={<Notice icon="wallet" title={t('wallet.noBills')} />}
        header={
          <p className={styles.totals} data-testid="bill-totals">
            <span>{t('wallet.billCount', { count: total })}</span>
            <span>
              {t('wallet.totalsIn', { amount: formatCentavos(totals.in) })} ·{' '}
              {t('wallet.totalsOut', { amount: formatCentavos(totals.out) })}
            </span>
          </p>
        }
        testId="bills"
      >
        {bills.map((bill) => (
          <li key={bill.billNo}>
            <Link to="/recordDetail" search={{ billNo: bill.billNo }} className={recordStyles.row} data-testid="bill">
              <RecordRowContent
                title={bill.title}
                lines={<span className={styles.dim}>{formatDateTime(bill.createdAt, i18n.language)}</span>}
                amount={
                  <>
                    <SignedAmount centavos={bill.amount} />
                    {bill.status && <StatusBadge status={bill.status} />}
                  </>
                }
              />
            </Link>
          </li>
        ))}
      </RecordList>
    </>
  );
}

/** Deposit records (querySubList type 1): the last 30 days, 20 at a time. */
function DepositOrders() {
  const { t, i18n } = useTranslation();
  const now = useNow(60_000);
  const query = useInfiniteQuery(depositRecordsQuery(depositRecordsWindow(now)));
  const orders = query.data?.pages.flatMap((page) => page.deposits ?? []) ?? [];
  return (
    <RecordList
      query={query}
      count={orders.length}
      failedTitle={t('wallet.recordsFailed')}
      empty={
        <Notice icon="wallet" title={t('wallet.noDeposits')}>
          <Link to="/wallet/deposit" className={`${buttonStyles.button} ${buttonStyles.primary}`}>
            {t('common.deposit')}
          </Link>
        </Notice>
      }
      header={<p className={styles.totals}>{t('wallet.depositWindow')}</p>}
      testId="deposit-orders"
    >
      {orders.map((order) => (
        <li key={order.orderNo}>
          <Link
            to={order.payType === 'bank' ? '/bankorder' : '/gpoorder'}
            search={{ orderNo: order.orderNo }}
            className={recordStyles.row}
            data-testid="deposit-order"
          >
            <RecordRowContent
              title={t(`wallet.payTypes.${order.payType}`)}
              lines={<span className={styles.dim}>{formatDateTime(order.createdAt, i18n.language)}</span>}
              amount={
                <>
                  {formatCentavos(order.amount)}
                  <StatusBadge status={order.status} />
                </>
              }
            />
          </Link>
        </li>
      ))}
    </RecordList>
  );
}
