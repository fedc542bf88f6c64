import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../ui/Notice';
import { TIME_ZONE } from '../../contract/constants';
import type { Market, Match } from '../../contract/feed';
import { lazyFormat } from '../../lib/dates';
import type { Move } from '../../realtime/mirror';
import { PageSkeleton } from '../../ui/Skeleton';
import { analysisQuery, lineupsQuery, picksQuery, standingsQuery } from './api';
import { selectionLabel } from '../../lib/marketLabels';
import styles from './LiveMatch.module.css';
import { PriceButton } from './PriceButton';

const DAY = lazyFormat('en-US', { timeZone: TIME_ZONE, month: 'short', day: '2-digit', year: 'numeric' });

function Loading() {
  const { t } = useTranslation();
  return <PageSkeleton label={t('common.loading')} lines={5} />;
}

function Failed({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  return (
    <Notice icon="info" title={t('match.loadFailed')}>
      <button type="button" className={styles.retry} onClick={retry}>
        {t('common.retry')}
      </button>
    </Notice>
  );
}

/** Picks: the favourite of each main market and how strongly the prices back it; a tap bets on it live. */
export function PicksTab({ match, markets, moves }: { match: Match; markets: Market[]; moves: ReadonlyMap<string, Move> }) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useQuery(picksQuery(match.matchId));
  if (isPending) return <Loading />;
  if (isError) return <Failed retry={() => void refetch()} />;
  if (data.picks.length === 0) return <Notice icon="ticket" title={t('match.picksEmpty')} />;
  return (
    <ul className={styles.cards} data-testid="picks">
      {data.picks.map((pick) => {
        const market = markets.find((m) => m.marketId === pick.marketId);
        const selection = market?.selections.find((s) => s.key === pick.key);
        return (
          <li key={pick.marketId} className={styles.card}>
            <div className={styles.pickHead}>
              <span className={styles.pickMarket}>{pick.betTypeName}</span>
              <span className={styles.pickSide}>{market && selection ? selectionLabel(market, selection, t) : pick.keyEn}</span>
            </div>
            <div className={styles.meter} role="meter" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pick.confidence}>
              <span style={{ width: `${pick.confidence}%` }} />
            </div>
            <div className={styles.pickFoot}>
              <span>{t('match.confidence', { value: pick.confidence })}</span>
              {market && selection && (
                <span className={styles.pickPrice}>
                  <PriceButton match={match} market={market} selection={selection} moves={moves} page="live" />
                </span>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The league table, the two teams of this match marked. */
export function StandingTab({ match }: { match: Match }) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useQuery(standingsQuery(match.leagueId, match.sportTypeId));
  if (isPending) return <Loading />;
  if (isError) return <Failed retry={() => void refetch()} />;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid="standings">
        <caption className={styles.caption}>{match.leagueName}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col" className={styles.left}>
              {t('match.standingTeam')}
            </th>
            <th scope="col">{t('match.played')}</th>
            <th scope="col">{t('match.won')}</th>
            <th scope="col">{t('match.drawn')}</th>
            <th scope="col">{t('match.lost')}</th>
            <th scope="col">{t('match.points')}</th>
          </tr>
        </thead>
        <tbody>
          {data.rows.map((row, index) => (
            <tr key={row.teamId} className={row.teamId === match.homeId || row.teamId === match.awayId ? styles.mine : undefined}>
              <td>{index + 1}</td>
              <th scope="row" className={styles.left}>
                {row.teamName}
              </th>
              <td>{row.played}</td>
              <td>{row.won}</td>
              <td>{row.drawn}</td>
              <td>{row.lost}</td>
              <td className={styles.strong}>{row.points}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Form({ results, label }: { results: string[]; label: string }) {
  return (
    <div className={styles.formRow}>
      <span className={styles.formTeam}>{label}</span>
      <span className={styles.formChips}>
        {results.map((r, i) => (
          <span key={i} className={`${styles.chip} ${r === 'W' ? styles.win : r === 'L' ? styles.loss : styles.draw}`}>
            {r}
          </span>
        ))}
      </span>
    </div>
  );
}

/** Form over the last five and the recent meetings of the two teams. */
export function AnalysisTab({ match }: { match: Match }) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useQuery(analysisQuery(match.matchId));
  if (isPending) return <Loading />;
  if (isError) return <Failed retry={() => void refetch()} />;
  return (
    <div className={styles.cards} data-testid="analysis">
      <section className={styles.card}>
        <h2 className={styles.cardTitle}>{t('match.form')}</h2>
        <Form results={data.homeForm} label={match.homeName} />
        <Form results={data.awayForm} label={match.awayName} />
      </section>
      <section className={styles.card}>
        <h2 className={styles.cardTitle}>{t('match.headToHead')}</h2>
        {data.headToHead.length === 0 ? (
          <p className={styles.muted}>{t('match.noHeadToHead')}</p>
        ) : (
          <ul className={styles.h2h}>
            {data.headToHead.map((game) => (
              <li key={`${game.at}-${game.home.teamId}`}>
                <time className={styles.muted}>{DAY.format(game.at)}</time>
                <span className={styles.h2hHome}>{game.home.teamName}</span>
                <span className={styles.strong}>
                  {game.homeScore} – {game.awayScore}
                </span>
                <span>{game.away.teamName}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** Starting line-ups and benches of both teams. */
export function LineupTab({ match }: { match: Match }) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useQuery(lineupsQuery(match.matchId));
  if (isPending) return <Loading />;
  if (isError) return <Failed retry={() => void refetch()} />;
  return (
    <div className={styles.lineups} data-testid="lineups">
      {(
        [
          [match.homeName, data.home],
          [match.awayName, data.away],
        ] as const
      ).map(([name, side]) => (
        <section key={name} className={styles.card}>
          <h2 className={styles.cardTitle}>{name}</h2>
          <h3 className={styles.subTitle}>{t('match.starters')}</h3>
          <ol className={styles.players}>
            {side.starters.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ol>
          {side.bench.length > 0 && (
            <>
              <h3 className={styles.subTitle}>{t('match.bench')}</h3>
              <ul className={styles.players}>
                {side.bench.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </>
          )}
        </section>
      ))}
    </div>
  );
}
