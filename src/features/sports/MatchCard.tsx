import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRow, useRowOnScreen } from '../../realtime/hooks';
import type { ListMirror } from '../../realtime/mirror';
import { marketShortName } from '../../lib/marketLabels';
import styles from './MatchCard.module.css';
import { MatchStatus } from './MatchStatus';
import { MarketPrices } from './PriceButton';

/** A featured match as a card in a sideways rail: league, time or score, and its first main market. */
export const MatchCard = memo(function MatchCard({ mirror, matchId, now }: { mirror: ListMirror; matchId: string; now: number }) {
  const { t } = useTranslation();
  const row = useRow(mirror, matchId);
  // Data saver: off screen (the rail scrolls sideways), its prices are told at most every five seconds.
  const onScreen = useRowOnScreen(mirror, matchId);
  if (!row) return null;
  const { match, markets, moves } = row;
  const market = markets[0];
  const live = match.runningStatus === '0' && match.live;
  return (
    <article className={styles.card} data-testid="match-card" data-match={match.matchId} ref={onScreen}>
      <Link to="/liveSportGameV3" search={{ matchId: match.matchId }} className={styles.info}>
        <span className={styles.league}>{match.leagueName}</span>
        <span className={styles.status}>
          <MatchStatus match={match} now={now} />
        </span>
        <span className={styles.teams}>
          <span className={styles.team}>{match.homeName}</span>
          <span className={styles.score}>{live ? `${match.live?.homeScore} – ${match.live?.awayScore}` : t('sports.vs')}</span>
          <span className={styles.team}>{match.awayName}</span>
        </span>
      </Link>
      {market && <span className={styles.marketName}>{marketShortName(market, t)}</span>}
      {market && (
        <div className={styles.prices} style={{ gridTemplateColumns: `repeat(${market.selections.length}, 1fr)` }}>
          <MarketPrices match={match} market={market} moves={moves} page="foryou" />
        </div>
      )}
    </article>
  );
});
