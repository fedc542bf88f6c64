import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { type BetPage, selectionUid, toBetOrder } from '../../contract/betOrder';
import type { Market, Match, Selection } from '../../contract/feed';
import { formatOdds } from '../../lib/odds';
import type { Move } from '../../realtime/mirror';
import { preferences } from '../../stores/preferences';
import { Icon } from '../../ui/Icon';
import { priceName, selectionLabel } from '../../lib/marketLabels';
import { useOfflineView } from './offline';
import { usePicked, useTogglePick } from './picks';
import styles from './PriceButton.module.css';

/** A price moved this recently still flashes (a row that scrolls back into view does not replay it). */
const FLASH_MS = 1_600;

/**
 * One price: in the player's odds format, flashing green or red when it moves, marked when it is on the
 * slip. A tap puts it on the bet slip or takes it off; a market that is not running says so.
 */
export function PriceButton({
  match,
  market,
  selection,
  moves,
  page,
}: {
  match: Match;
  market: Market;
  selection: Selection;
  /** The view's last price moves, by `${marketId}:${key}`. */
  moves: ReadonlyMap<string, Move>;
  page: BetPage;
}) {
  const { t } = useTranslation();
  const move = moves.get(`${market.marketId}:${selection.key}`);
  const label = selectionLabel(market, selection, t);
  const { oddsType } = useSnapshot(preferences);
  // Only this selection coming on or off the slip re-renders this button.
  const selected = usePicked(selectionUid(market.marketId, selection.key));
  const toggle = useTogglePick();
  const locked = market.status !== 'Running' || selection.price <= 1;
  // Prices kept on the device while the network is gone: shown, not pickable.
  const offline = useOfflineView() !== null;
  // A move from before this button appeared (a row scrolled back into view) does not flash again.
  const [shownAt] = useState(() => Date.now());
  const fresh = move && move.at > shownAt - FLASH_MS ? move.dir : undefined;

  const onPress = () => toggle(toBetOrder(match, market, selection, oddsType, page), market.status, selection.price);

  const odds = formatOdds(selection.price, oddsType);
  const name = priceName(market, selection, { label, odds: locked ? undefined : odds, offline }, t);
  // The space between the label and the odds is not drawn (a flex container drops it) but is read: the
  // button's text is '+0.5 2.13', not '+0.52.13', for whatever reads it (server/plugins/firstRows.ts draws the same).
  return (
    <button
      type="button"
      className={`${styles.price} ${locked ? styles.locked : ''}`}
      aria-pressed={selected}
      aria-label={name}
      disabled={offline}
      onClick={onPress}
      data-testid="price"
      data-market={market.marketId}
      data-key={selection.key}
    >
      <span className={styles.label}>{label}</span>{' '}
      {locked ? (
        <Icon name="lock" size={14} />
      ) : (
        <span key={selection.price} className={`${styles.odds} ${fresh ? styles[fresh] : ''}`} data-price={selection.price}>
          {odds}
        </span>
      )}
      {fresh && !locked && (
        <span
          key={`arrow-${selection.price}`}
          className={`${styles.arrow} ${fresh === 'up' ? styles.arrowUp : styles.arrowDown}`}
          aria-hidden="true"
        >
          {fresh === 'up' ? '▲' : '▼'}
        </span>
      )}
    </button>
  );
}

/** Every selection of a market as price buttons (the caller lays them out). */
export function MarketPrices({
  match,
  market,
  moves,
  page,
}: {
  match: Match;
  market: Market;
  moves: ReadonlyMap<string, Move>;
  page: BetPage;
}) {
  return market.selections.map((selection) => (
    <PriceButton key={selection.key} match={match} market={market} selection={selection} moves={moves} page={page} />
  ));
}
