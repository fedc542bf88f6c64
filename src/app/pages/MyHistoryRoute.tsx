import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BillType } from '../../contract/billTypes';
import type { BetTicket } from '../../contract/betting';
import { betListQuery } from '../../features/bets/api';
import { type GameRound, gameRecordsQuery } from '../../features/casino/api';
import { gameRecordWindow } from '../../features/casino/rules';
import { type Bill, billsQuery } from '../../features/wallet/api';
import { useNow } from '../../hooks/useNow';
import { formatDateTime } from '../../lib/dates';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { PageLayout } from '../../ui/PageLayout';
import { PeriodPicker, RecordRowContent, SignedAmount, recordStyles } from '../../ui/RecordList';
import { PageSkeleton } from '../../ui/Skeleton';
import { type HistoryEntry, type HistoryKind, type HistorySource, mergeHistory } from './history';

/**
 * The wallet's own bills: not the sports or casino side of a bet (those sources show the ticket or the round
 * itself). Asked of the server, so every page of bills is wallet rows even for a player with many bets.
 */
const WALLET_BILLS: readonly number[] = [
  BillType.Deposit,
  BillType.Withdrawal,
  BillType.WithdrawalReturn,
  BillType.Transfer,
  BillType.Bonus,
  BillType.Voucher,
];
const PERIODS = ['week', 'month'] as const;
type Period = (typeof PERIODS)[number];
const KINDS = ['all', 'sports', 'casino', 'wallet'] as const;
type Filter = (typeof KINDS)[number];

type Entry = HistoryEntry & ({ kind: 'sports'; ticket: BetTicket } | { kind: 'casino'; round: GameRound } | { kind: 'wallet'; bill: Bill });

/** One infinite query's pages as a timeline source. */
function sourceOf<P, R>(
  query: { data?: { pages: P[] } | undefined; hasNextPage: boolean; isPending: boolean },
  rows: (page: P) => R[],
  at: (row: R) => number,
  toEntry: (row: R) => Entry | undefined,
): HistorySource<Entry> {
  const all = query.data?.pages.flatMap(rows) ?? [];
  return {
    entries: all.flatMap((row) => toEntry(row) ?? []),
    oldest: query.isPending ? undefined : all.length ? Math.min(...all.map(at)) : -Infinity,
    more: query.isPending || query.hasNextPage,
  };
}

/**
 * /my-history (spec §2 Records): the player's whole history in one timeline, newest first — sports bets
 * (running and settled), casino rounds and wallet movements (deposits, withdrawals, transfers, bonuses,
 * vouchers) of the last 7 or 30 days, each row leading to its own record. Each kind can be shown alone.
 */
export function MyHistoryRoute() {
  const { t, i18n } = useTranslation();
  const [period, setPeriod] = useState<Period>('week');
  const [filter, setFilter] = useState<Filter>('all');
  const now = useNow(60_000);
  const window = gameRecordWindow(period, now);
  const shows = (kind: HistoryKind) => filter === 'all' || filter === kind;

  const running = useInfiniteQuery({ ...betListQuery({ status: 'running' }), enabled: shows('sports') });
  const settled = useInfiniteQuery({ ...betListQuery({ status: 'settled', ...window }), enabled: shows('sports') });
  const rounds = useInfiniteQuery({ ...gameRecordsQuery({ ...window, category: 0 }), enabled: shows('casino') });
  const bills = useInfiniteQuery({ ...billsQuery({ ...window, type: BillType.All, types: WALLET_BILLS }), enabled: shows('wallet') });

  const ticketEntry = (ticket: BetTicket): Entry => ({
    key: `bet:${ticket.transId}`,
    kind: 'sports',
    at: Date.parse(ticket.createdAt),
    ticket,
  });
  const tickets = (query: typeof running) => ({
    kind: 'sports' as const,
    query,
    source: sourceOf(
      query,
      (p) => p.tickets,
      (r) => Date.parse(r.createdAt),
      ticketEntry,
    ),
  });
  const queries = [
    tickets(running),
    tickets(settled),
    {
      kind: 'casino',
      query: rounds,
      source: sourceOf(
        rounds,
        (p) => p.list,
        (r) => Date.parse(r.startedAt),
        (round) => ({ key: `round:${round.roundId}`, kind: 'casino', at: Date.parse(round.startedAt), round }),
      ),
    },
    {
      kind: 'wallet',
      query: bills,
      source: sourceOf(
        bills,
        (p) => p.list,
        (r) => Date.parse(r.createdAt),
        (bill) => ({ key: `bill:${bill.billNo}`, kind: 'wallet', at: Date.parse(bill.createdAt), bill }),
      ),
    },
  ] as const;
  const active = queries.filter((q) => shows(q.kind));
  const merged = mergeHistory(active.map((q) => q.source));
  const failed = active.some((q) => q.query.isError);
  const loading = active.some((q) => q.query.isPending) && merged.entries.length === 0;
  const fetching = active.some((q) => q.query.isFetchingNextPage);
  const loadMore = () => {
    for (const index of merged.next) void active[index]?.query.fetchNextPage();
  };

  return (
    <PageLayout flush>
      <div className={recordStyles.filters}>
        <PeriodPicker
          label={t('history.periods')}
          periods={PERIODS}
          value={period}
          nameOf={(value) => t(`casino.records.period.${value}`)}
          onPick={setPeriod}
        />
        <PeriodPicker
          label={t('history.kinds')}
          periods={KINDS}
          value={filter}
          nameOf={(value) => t(`history.kind.${value}`)}
          onPick={setFilter}
        />
      </div>
      {failed && (
        <Notice icon="info" title={t('history.failed')} role="alert">
          <Button onClick={() => active.forEach((q) => void q.query.refetch())}>{t('common.retry')}</Button>
        </Notice>
      )}
      {!failed && loading && <PageSkeleton label={t('common.loading')} lines={6} />}
      {!failed && !loading && merged.entries.length === 0 && merged.next.length === 0 && <Notice icon="clock" title={t('history.none')} />}
      {merged.entries.length > 0 && (
        <ul className={recordStyles.list} data-testid="history-list" aria-label={t('history.listLabel')}>
          {merged.entries.map((entry) => (
            <li key={entry.key} data-testid="history-entry" data-kind={entry.kind}>
              <EntryRow entry={entry} language={i18n.language} />
            </li>
          ))}
        </ul>
      )}
      {!failed && merged.next.length > 0 && merged.entries.length > 0 && (
        <div className={recordStyles.loadMore}>
          <Button variant="secondary" busy={fetching} onClick={loadMore}>
            {t('common.loadMore')}
          </Button>
        </div>
      )}
    </PageLayout>
  );
}

function EntryRow({ entry, language }: { entry: Entry; language: string }) {
  const { t } = useTranslation();
  const when = formatDateTime(new Date(entry.at).toISOString(), language);
  const kind = <span>{t(`history.kind.${entry.kind}`)}</span>;
  if (entry.kind === 'sports') {
    const { ticket } = entry;
    const leg = ticket.legs[0];
    const open = ticket.status === 'running' || ticket.status === 'waiting';
    const what = ticket.legs.length > 1 ? t('history.legs', { count: ticket.legs.length }) : leg ? `${leg.homeName} – ${leg.awayName}` : '';
    return (
      <Link to="/history-detail" search={{ transId: ticket.transId }} className={recordStyles.row}>
        <RecordRowContent
          title={`${t(`slip.modes.${ticket.mode}`)} · ${what}`}
          lines={
            <span>
              {kind} · {when}
            </span>
          }
          amount={
            <>
              <SignedAmount centavos={open ? -ticket.stake : ticket.payout - ticket.stake} />
              <span>{t(`bets.statuses.${ticket.status}`)}</span>
            </>
          }
        />
      </Link>
    );
  }
  if (entry.kind === 'casino') {
    const { round } = entry;
    return (
      <Link to="/gameRecordDetail" search={{ roundId: round.roundId }} className={recordStyles.row}>
        <RecordRowContent
          title={round.gameName}
          lines={
            <span>
              {kind} · {when}
            </span>
          }
          amount={
            <>
              <SignedAmount centavos={round.net} />
              {round.status !== 'settled' && <span>{t(`casino.roundStatus.${round.status}`)}</span>}
            </>
          }
        />
      </Link>
    );
  }
  const { bill } = entry;
  return (
    <Link to="/recordDetail" search={{ billNo: bill.billNo }} className={recordStyles.row}>
      <RecordRowContent
        title={bill.title}
        lines={
          <span>
            {kind} · {when}
          </span>
        }
        amount={
          <>
            <SignedAmount centavos={bill.amount} />
            {bill.status && <span>{bill.status}</span>}
          </>
        }
      />
    </Link>
  );
}
