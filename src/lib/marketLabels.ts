import type { TFunction } from 'i18next';
import type { Market, Selection } from '../contract/feed';
import { formatLine } from './odds';

/** Bet types by how their selections read (codes as the feed sends them; see server/providers/feed). */
const HANDICAP = new Set([1, 7, 609]);
const TOTAL = new Set([3, 8, 610, 701]);
const THREE_WAY = new Set([5, 15]);
const TWO_WAY = new Set([20, 154]);
const ODD_EVEN = new Set([2]);

/** The short market name of a list column (HDP, O/U, ML, 1X2, O/E). */
export function marketShortName(market: Market, t: TFunction): string {
  if (HANDICAP.has(market.betType)) return t('sports.short.hdp');
  if (TOTAL.has(market.betType)) return t('sports.short.ou');
  if (THREE_WAY.has(market.betType)) return t('sports.short.x12');
  if (TWO_WAY.has(market.betType)) return t('sports.short.ml');
  if (ODD_EVEN.has(market.betType)) return t('sports.short.oe');
  return market.betTypeName;
}

/** What a price button says above the price: the line, or the side. */
export function selectionLabel(
  market: Pick<Market, 'betType' | 'point'>,
  selection: Pick<Selection, 'key' | 'keyEn'>,
  t: TFunction,
): string {
  if (HANDICAP.has(market.betType)) {
    const point = market.point === null ? null : selection.key === 'h' ? market.point : -market.point;
    return formatLine(point, true) || selection.keyEn;
  }
  if (TOTAL.has(market.betType)) {
    const side = selection.key === 'o' ? t('sports.short.over') : selection.key === 'u' ? t('sports.short.under') : selection.keyEn;
    return `${side} ${formatLine(market.point)}`;
  }
  if (THREE_WAY.has(market.betType) || TWO_WAY.has(market.betType)) {
    if (selection.key === 'h') return t('sports.short.home');
    if (selection.key === 'a') return t('sports.short.away');
    if (selection.key === 'd') return t('sports.short.draw');
  }
  if (ODD_EVEN.has(market.betType)) return selection.key === 'odd' ? t('sports.short.odd') : t('sports.short.even');
  return selection.keyEn;
}

/**
 * The side of a price in the player's words, with its line: 'Quezon Sharks -0.5', 'Over 2.5', 'Draw', a
 * team, 'Odd', a correct score. Like pickText, but translated where the feed's words are English only
 * (over, under, draw; team names are the feed's in every language).
 */
function sideText(market: Pick<Market, 'betType' | 'point'>, selection: Pick<Selection, 'key' | 'keyEn'>, t: TFunction): string {
  if (HANDICAP.has(market.betType)) {
    const point = market.point === null ? null : selection.key === 'h' ? market.point : -market.point;
    return `${selection.keyEn} ${formatLine(point, true)}`.trim();
  }
  const side =
    selection.key === 'o' && TOTAL.has(market.betType)
      ? t('sports.side.over')
      : selection.key === 'u' && TOTAL.has(market.betType)
        ? t('sports.side.under')
        : selection.key === 'd' && THREE_WAY.has(market.betType)
          ? t('sports.side.draw')
          : selection.keyEn;
  return TOTAL.has(market.betType) ? `${side} ${formatLine(market.point)}`.trim() : side;
}

/** What a price button shows: its label (selectionLabel) and its odds, or a lock in place of the odds. */
export interface PriceShown {
  label: string;
  /** The odds as printed; undefined when the button shows a lock (the market or the price is closed). */
  odds: string | undefined;
  /** A price kept on the device while the network is gone: shown, not pickable. */
  offline?: boolean | undefined;
}

/**
 * A price button's accessible name (WCAG 2.5.3, Label in Name). It starts with exactly what the button
 * shows, its label then its odds ('+0.5 2.13', 'O 2.5 1.95'), so a voice-control user who says what they
 * see ('tap 2.13') reaches it; then whose price it is and in which market, in words ('Quezon Sharks
 * +0.5, Handicap'), which a screen reader needs away from the column heads; then its state. The side is
 * left out where the label already says it ('Odd', a correct score).
 */
export function priceName(
  market: Pick<Market, 'betType' | 'point' | 'betTypeName' | 'periodName' | 'player' | 'status'>,
  selection: Pick<Selection, 'key' | 'keyEn'>,
  shown: PriceShown,
  t: TFunction,
): string {
  const parts = [shown.odds === undefined ? shown.label : `${shown.label} ${shown.odds}`];
  const side = sideText(market, selection, t);
  if (side && !shown.label.includes(side)) parts.push(side);
  parts.push(marketTitle(market));
  if (shown.odds === undefined) parts.push(t('sports.marketStatus', { status: market.status }));
  if (shown.offline) parts.push(t('sports.offlinePrice'));
  return parts.join(', ');
}

/**
 * What a pick is, in words, on the slip and in My Bets: the team and its line ('Quezon Sharks -0.5'),
 * 'Over 2.5', or the selection's own name (a team, 'Draw', a correct score). The feed's keyEn names the
 * side without the line, which moves inside the market.
 */
export function pickText(pick: { betType: number; point: number | null; key: string; keyEn: string }): string {
  if (HANDICAP.has(pick.betType)) {
    const point = pick.point === null ? null : pick.key === 'h' ? pick.point : -pick.point;
    return `${pick.keyEn} ${formatLine(point, true)}`.trim();
  }
  if (TOTAL.has(pick.betType)) return `${pick.keyEn} ${formatLine(pick.point)}`.trim();
  return pick.keyEn;
}

/** The long market name on the match page: the bet type, its period, and the line where there is one. */
export function marketTitle(market: Pick<Market, 'betTypeName' | 'periodName' | 'player'>): string {
  const period = market.periodName && market.periodName !== 'FT' ? ` · ${market.periodName}` : '';
  const player = market.player ? `${market.player.playerName} · ` : '';
  return `${player}${market.betTypeName}${period}`;
}
