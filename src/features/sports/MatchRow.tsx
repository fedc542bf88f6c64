import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BetPage } from '../../contract/betOrder';
import type { Market, Match } from '../../contract/feed';
import type { ListMirror, Move } from '../../realtime/mirror';
import { useRow, useRowOnScreen } from '../../realtime/hooks';
import { Icon } from '../../ui/Icon';
import { marketShortName } from '../../lib/marketLabels';
import styles from './MatchRow.module.css';
import { MatchStatus } from './MatchStatus';
import { MarketPrices } from './PriceButton';

/** The price columns of a match's main markets (two at most on a phone). */
export function MainMarkets({
  match,
  markets,
  moves,
  page,
}: {
  match: Match;
  markets: Market[];
  moves: ReadonlyMap<string, Move>;
  page: BetPage;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.markets}>
      {markets.slice(0, 2).map((market) => (
        <div key={market.marketId} className={styles.column}>
          <span className={styles.columnName}>{marketShortName(market, t)}</span>
          <MarketPrices match={match} market={market} moves={moves} page={page} />
        </div>
      ))}
    </div>
  );
}

/** One match in a list: it re-renders on its own when its match or prices change (useRow). */
export const MatchRow = memo(function MatchRow({
  mirror,
  matchId,
  page,
  now,
}: {
  mirror: ListMirror;
  matchId: string;
  page: BetPage;
  now: number;
}) {
  const { t } = useTranslation();
  const row = useRow(mirror, matchId);
  // Data saver: off screen, its prices are told at most every five seconds.
  const onScreen = useRowOnScreen(mirror, matchId);
  if (!row) return <div className={styles.placeholder} ref={onScreen} />;
  const { match, markets, moves } = row;
  const live = match.runningStatus === '0' && match.live;
  return (
    <div className={styles.row} data-testid="match-row" data-match={match.matchId} ref={onScreen}>
      <Link to="/liveSportGameV3" search={{ matchId: match.matchId }} className={styles.info}>
        <span className={styles.meta}>
          <MatchStatus match={match} now={now} />
          {match.video && (
            <span className={styles.video} aria-label={t('match.watch')}>
              <Icon name="play" size={12} />
            </span>
          )}
          <span className={styles.more}>{t('sports.more', { count: Math.max(0, match.marketCount - markets.length) })}</span>
        </span>
        <span className={styles.team}>
          <span className={styles.teamName}>{match.homeName}</span>
          {live && <span className={styles.score}>{match.live?.homeScore}</span>}
        </span>
        <span className={styles.team}>
          <span className={styles.teamName}>{match.awayName}</span>
          {live && <span className={styles.score}>{match.live?.awayScore}</span>}
        </span>
      </Link>
      <MainMarkets match={match} markets={markets} moves={moves} page={page} />
    </div>
  );
});
