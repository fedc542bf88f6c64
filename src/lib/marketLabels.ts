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
export function marketTitle(market: Market): string {
  const period = market.periodName && market.periodName !== 'FT' ? ` · ${market.periodName}` : '';
  const player = market.player ? `${market.player.playerName} · ` : '';
  return `${player}${market.betTypeName}${period}`;
}
