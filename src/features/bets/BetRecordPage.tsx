import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { BET_MODES, type BetMode } from '../../contract/betting';
import { manilaDay } from '../../lib/dates';
import { formatCentavos } from '../../lib/money';
import { Button } from '../../ui/Button';
import { PageSkeleton } from '../../ui/Skeleton';
import { TabBar, tabStyles } from '../../ui/Tabs';
import { useNow } from '../../hooks/useNow';
import { useCashoutValues } from '../../realtime/cashout';
import { betListQuery } from './api';
import styles from './Bets.module.css';
import { useBetPushes } from './pushes';
import { TicketCard } from './TicketCard';

const PERIODS = { today: 0, week: 6, month: 29 } as const;
type Period = keyof typeof PERIODS;

/** /betRecord, My Bets: running bets (live as they settle) and settled ones by period and bet type. */
export function BetRecordPage() {
  const { t } = useTranslation();
  const now = useNow(60_000);
  const [status, setStatus] = useState<'running' | 'settled'>('running');
  const [period, setPeriod] = useState<Period>('week');
  const [mode, setMode] = useState<BetMode | ''>('');
  useBetPushes();
  const filter =
    status === 'running'
      ? { status, ...(mode ? { mode } : {}) }
      : { status, beginDate: manilaDay(now - PERIODS[period] * 86_400_000), endDate: manilaDay(now), ...(mode ? { mode } : {}) };
  const { data, isPending, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery(betListQuery(filter));
  const tickets = data?.pages.flatMap((page) => page.tickets) ?? [];
  const totals = data?.pages[0]?.totals;
  const cashouts = useCashoutValues(status === 'running' ? tickets : []);

  return (
    <PageLayout flush>
      <div className={styles.filters}>
        <TabBar label={t('bets.listLabel')}>
          {(['running', 'settled'] as const).map((value) => (
            <button key={value} type="button" className={tabStyles.tab} aria-pressed={status === value} onClick={() => setStatus(value)}>
              {t(`bets.${value}`)}
            </button>
          ))}
        </TabBar>
        <div className={styles.filterRow}>
          {status === 'settled' && (
            <TabBar label={t('bets.periodsLabel')} variant="pills">
              {(Object.keys(PERIODS) as Period[]).map((value) => (
                <button
                  key={value}
                  type="button"
                  className={tabStyles.tab}
                  aria-pressed={period === value}
                  onClick={() => setPeriod(value)}
                >
                  {t(`bets.periods.${value}`)}
                </button>
              ))}
            </TabBar>
          )}
          <select
            className={styles.select}
            value={mode}
            onChange={(e) => setMode(e.target.value as BetMode | '')}
            aria-label={t('slip.modesLabel')}
          >
            <option value="">{t('bets.allTypes')}</option>
            {BET_MODES.map((value) => (
              <option key={value} value={value}>
                {t(`slip.modes.${value}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {isPending ? (
        <PageSkeleton label={t('common.loading')} lines={6} />
      ) : isError ? (
        <Notice icon="info" title={t('match.loadFailed')}>
          <Button onClick={() => void refetch()}>{t('common.retry')}</Button>
        </Notice>
      ) : tickets.length === 0 ? (
        <Notice icon="ticket" title={t(status === 'running' ? 'bets.emptyRunning' : 'bets.emptySettled')}>
          <Link to="/sports" className={styles.browse}>
            {t('bets.browse')}
          </Link>
        </Notice>
      ) : (
        <>
          {status === 'settled' && totals && (
            <p className={styles.totals}>
              {t('bets.totals', { stake: formatCentavos(totals.stake), payout: formatCentavos(totals.payout) })}
            </p>
          )}
          <ul className={styles.list} data-testid="tickets">
            {tickets.map((ticket) => (
              <TicketCard key={ticket.transId} ticket={ticket} cashout={cashouts.get(ticket.transId)} />
            ))}
          </ul>
          {hasNextPage && (
            <div className={styles.more}>
              <Button variant="secondary" busy={isFetchingNextPage} onClick={() => void fetchNextPage()}>
                {t('bets.loadMore')}
              </Button>
            </div>
          )}
        </>
      )}
    </PageLayout>
  );
}
