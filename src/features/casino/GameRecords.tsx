import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { GameCategory } from '../../contract/games';
import { formatDateTime } from '../../lib/dates';
import { formatCentavos } from '../../lib/money';
import { useNow } from '../../hooks/useNow';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { PageSkeleton } from '../../ui/Skeleton';
import { TabBar, tabStyles } from '../../ui/Tabs';
import { type GameRound, gameListQuery, gameRecordsQuery } from './api';
import { GAME_RECORD_PERIODS, type GameRecordPeriod, gameRecordWindow } from './rules';
import type { GameRecordSearch } from './search';
import styles from './Casino.module.css';

const CATEGORIES = Object.entries(GameCategory) as [keyof typeof GameCategory, number][];

/** The games tab of /record: rounds of a period (Manila days) and a category, with the totals of the range. */
export function GameRecords({ period = 'week', category, onChange }: GameRecordSearch & { onChange: (next: GameRecordSearch) => void }) {
  const { t, i18n } = useTranslation();
  const now = useNow(60_000);
  const window = gameRecordWindow(period, now);
  const categoryId = Number(category ?? 0);
  const { data, isPending, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery(
    gameRecordsQuery({ ...window, category: categoryId }),
  );
  const rounds = data?.pages.flatMap((page) => page.list) ?? [];
  const first = data?.pages[0];
  // The lobby's name of each game (the lists are on the device); the record's own name otherwise.
  const lists = useQuery(gameListQuery);
  const nameOf = (round: GameRound) => lists.data?.byId.get(round.gameId)?.gameName ?? round.gameName;
  return (
    <>
      <div className={styles.filters}>
        <TabBar label={t('casino.records.periods')} variant="pills">
          {(Object.keys(GAME_RECORD_PERIODS) as GameRecordPeriod[]).map((value) => (
            <button
              key={value}
              type="button"
              className={tabStyles.tab}
              aria-selected={period === value}
              onClick={() => onChange({ period: value, category })}
            >
              {t(`casino.records.period.${value}`)}
            </button>
          ))}
        </TabBar>
        <label className={styles.label}>
          {t('casino.records.category')}
          <select
            className={styles.select}
            value={categoryId}
            onChange={(event) => onChange({ period, category: event.target.value === '0' ? undefined : event.target.value })}
          >
            <option value={0}>{t('casino.records.allCategories')}</option>
            {CATEGORIES.map(([name, value]) => (
              <option key={value} value={value}>
                {t(`casino.categories.${name}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {isPending ? (
        <PageSkeleton label={t('common.loading')} lines={6} />
      ) : isError ? (
        <Notice icon="info" title={t('casino.records.failed')} role="alert">
          <Button onClick={() => void refetch()}>{t('common.retry')}</Button>
        </Notice>
      ) : rounds.length === 0 ? (
        <Notice icon="play" title={t('casino.records.none')} />
      ) : (
        <>
          <p className={styles.totals} data-testid="game-record-totals">
            <span>{t('casino.records.count', { count: first?.total ?? 0 })}</span>
            <span>
              {t('casino.records.totalBet', { amount: formatCentavos(first?.totalBet ?? 0) })} ·{' '}
              {t('casino.records.totalWin', { amount: formatCentavos(first?.totalWin ?? 0) })} ·{' '}
              {t('casino.records.net', { amount: formatCentavos((first?.totalWin ?? 0) - (first?.totalBet ?? 0)) })}
            </span>
          </p>
          <ul className={styles.list} data-testid="game-rounds">
            {rounds.map((round) => (
              <li key={round.roundId}>
                <RoundRow round={round} name={nameOf(round)} language={i18n.language} />
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

function RoundRow({ round, name, language }: { round: GameRound; name: string; language: string }) {
  const { t } = useTranslation();
  return (
    <Link to="/gameRecordDetail" search={{ roundId: round.roundId }} className={styles.row} data-testid="game-round">
      <span className={styles.rowText}>
        <strong>{name}</strong>
        <span className={styles.dim}>
          {formatDateTime(round.startedAt, language)} ·{' '}
          {t('casino.records.betWin', { bet: formatCentavos(round.bet), win: formatCentavos(round.win) })}
        </span>
      </span>
      <span className={styles.rowAmount}>
        <span className={round.net > 0 ? styles.plus : styles.minus}>
          {round.net > 0 ? '+' : ''}
          {formatCentavos(round.net)}
        </span>
        {round.status !== 'settled' && <span className={styles.dim}>{t(`casino.roundStatus.${round.status}`)}</span>}
      </span>
    </Link>
  );
}
