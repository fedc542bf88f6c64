import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCentavos } from '../lib/money';
import { Button } from './Button';
import { Notice } from './Notice';
import { PageSkeleton } from './Skeleton';
import { TabBar, tabStyles } from './Tabs';
import styles from './RecordList.module.css';

export { styles as recordStyles };

/** What a record list reads of its (infinite) query. */
export interface RecordListQuery {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
  hasNextPage: boolean;
  fetchNextPage: () => unknown;
  isFetchingNextPage: boolean;
}

/**
 * A paged list of records: a skeleton while it loads, the failure with Retry, `empty` when there is none,
 * else `header`, the rows (`children`, each an `<li>`) and Load more while there are more pages.
 */
export function RecordList({
  query,
  count,
  failedTitle,
  empty,
  header,
  testId,
  children,
}: {
  query: RecordListQuery;
  count: number;
  failedTitle: string;
  empty: ReactNode;
  header?: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <PageSkeleton label={t('common.loading')} lines={6} />;
  if (query.isError) {
    return (
      <Notice icon="info" title={failedTitle} role="alert">
        <Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>
      </Notice>
    );
  }
  if (count === 0) return empty;
  return (
    <>
      {header}
      <ul className={styles.list} data-testid={testId}>
        {children}
      </ul>
      {query.hasNextPage && (
        <div className={styles.loadMore}>
          <Button variant="secondary" busy={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {t('common.loadMore')}
          </Button>
        </div>
      )}
    </>
  );
}

/** The inside of one record row (the caller's link or item carries `recordStyles.row`): title and lines, then the amount. */
export function RecordRowContent({ title, lines, amount }: { title: ReactNode; lines: ReactNode; amount: ReactNode }) {
  return (
    <>
      <span className={styles.rowText}>
        <strong>{title}</strong>
        {lines}
      </span>
      <span className={styles.rowAmount}>{amount}</span>
    </>
  );
}

/** An amount in centavos with its sign: green and "+" when money came in. */
export function SignedAmount({ centavos }: { centavos: number }) {
  return (
    <span className={centavos > 0 ? styles.plus : styles.minus}>
      {centavos > 0 ? '+' : ''}
      {formatCentavos(centavos)}
    </span>
  );
}

/** The pills that pick a records period ("today", "7 days"…). */
export function PeriodPicker<P extends string>({
  label,
  periods,
  value,
  nameOf,
  onPick,
}: {
  label: string;
  periods: readonly P[];
  value: P;
  nameOf: (period: P) => string;
  onPick: (period: P) => void;
}) {
  return (
    <TabBar label={label} variant="pills">
      {periods.map((period) => (
        <button key={period} type="button" className={tabStyles.tab} aria-pressed={value === period} onClick={() => onPick(period)}>
          {nameOf(period)}
        </button>
      ))}
    </TabBar>
  );
}
