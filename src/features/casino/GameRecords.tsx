import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { GameCategory } from '../../contract/games';
import { formatDateTime } from '../../lib/dates';
import { formatCentavos } from '../../lib/money';
import { useNow } from '../../hooks/useNow';
import { Notice } from '../../ui/Notice';
import { PeriodPicker, RecordList, RecordRowContent, SignedAmount, recordStyles } from '../../ui/RecordList';
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
  const query = useInfiniteQuery(gameRecordsQuery({ ...window, category: categoryId }));
  const rounds = query.data?.pages.flatMap((page) => page.list) ?? [];
  const first = query.data?.pages[0];
  // The lobby's name of each game (the lists are on the device); the record's own name otherwise.
  const lists = useQuery(gameListQuery);
  const nameOf = (round: GameRound) => lists.data?.byId.get(round.gameId)?.gameName ?? round.gameName;
  return (
    <>
      <div className={styles.filters}>
        <PeriodPicker
          label={t('casino.records.periods')}
          periods={Object.keys(GAME_RECORD_PERIODS) as GameRecordPeriod[]}
          value={period}
          nameOf={(value) => t(`casino.records.period.${value}`)}
          onPick={(value) => onChange({ period: value, category })}
        />
        <label className={styles.label}>
          {t('casino.records.category')}
          <select
            className={recordStyles.select}
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
      <RecordList
        query={query}
        count={rounds.length}
        failedTitle={t('casino.records.failed')}
        empty={<Notice icon="play" title={t('casino.records.none')} />}
        header={
          <p className={styles.totals} data-testid="game-record-totals">
            <span>{t('casino.records.count', { count: first?.total ?? 0 })}</span>
            <span>
              {t('casino.records.totalBet', { amount: formatCentavos(first?.totalBet ?? 0) })} ·{' '}
              {t('casino.records.totalWin', { amount: formatCentavos(first?.totalWin ?? 0) })} ·{' '}
              {t('casino.records.net', { amount: formatCentavos((first?.totalWin ?? 0) - (first?.totalBet ?? 0)) })}
            </span>
          </p>
        }
        testId="game-rounds"
      >
        {rounds.map((round) => (
          <li key={round.roundId}>
            <RoundRow round={round} name={nameOf(round)} language={i18n.language} />
          </li>
        ))}
      </RecordList>
    </>
  );
}

function RoundRow({ round, name, language }: { round: GameRound; name: string; language: string }) {
  const { t } = useTranslation();
  return (
    <Link to="/gameRecordDetail" search={{ roundId: round.roundId }} className={recordStyles.row} data-testid="game-round">
      <RecordRowContent
        title={name}
        lines={
          <span className={styles.dim}>
            {formatDateTime(round.startedAt, language)} ·{' '}
            {t('casino.records.betWin', { bet: formatCentavos(round.bet), win: formatCentavos(round.win) })}
          </span>
        }
        amount={
          <>
            <SignedAmount centavos={round.net} />
            {round.status !== 'settled' && <span className={styles.dim}>{t(`casino.roundStatus.${round.status}`)}</span>}
          </>
        }
      />
    </Link>
  );
}
