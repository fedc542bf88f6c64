import type { BetOrder } from '../../contract/betOrder';
import type { Market, Match, Outright, Selection } from '../../contract/feed';
import type { MarketStatus, OddsType } from '../../contract/sports';
import { type Problem, modeAfterPick, pickProblem } from './rules';
import { betSlip, quickStake, removeOrders } from './store';

/** Where a price was picked (betOnPage). */
export type BetPage = 'foryou' | 'sports' | 'live';

/** The id of a selection on the slip: one market, one side. */
export const selectionUid = (marketId: string, key: string) => `${marketId}:${key}`;

export function toBetOrder(match: Match, market: Market, selection: Selection, oddsType: OddsType, page: BetPage): BetOrder {
  return {
    key: selection.key,
    keyEn: selection.keyEn,
    point: market.point,
    point2: market.point2,
    betType: market.betType,
    betTypeName: market.betTypeName,
    marketId: market.marketId,
    matchId: match.matchId,
    sportTypeId: match.sportTypeId,
    leagueId: match.leagueId,
    leagueName: match.leagueName,
    globalShowTime: match.kickoff,
    homeName: match.homeName,
    awayName: match.awayName,
    odds: selection.price,
    minBet: market.minBet,
    maxBet: market.maxBet,
    marketStatus: market.status,
    oddsType,
    recommendId: '',
    masterId: '',
    betOnPage: page,
    resourceid: '',
    combo: market.combo ? 1 : 0,
    uid: selectionUid(market.marketId, selection.key),
    ...(market.player
      ? {
          playerId: market.player.playerId,
          playerName: market.player.playerName,
          playerLogo: '',
          parentMatchId: match.matchId,
          playerBetTypeName: market.betTypeName,
        }
      : {}),
  };
}

export function outrightOrder(outright: Outright, team: Outright['teams'][number], oddsType: OddsType): BetOrder {
  return {
    key: team.teamId,
    keyEn: team.teamName,
    point: null,
    point2: null,
    betType: 10,
    betTypeName: outright.name,
    marketId: outright.outrightOddsId,
    matchId: '',
    sportTypeId: outright.sportTypeId,
    leagueId: outright.leagueId,
    leagueName: outright.name,
    globalShowTime: outright.eventDate,
    homeName: '',
    awayName: '',
    odds: team.price,
    minBet: 10,
    maxBet: 20_000,
    marketStatus: outright.status,
    oddsType,
    recommendId: '',
    masterId: '',
    betOnPage: 'sports',
    resourceid: '',
    combo: 0,
    uid: selectionUid(outright.outrightOddsId, team.teamId),
    outrightOddsId: outright.outrightOddsId,
    teamId: team.teamId,
    teamName: team.teamName,
    eventDate: outright.eventDate,
  };
}

export type PickResult = { kind: 'added' } | { kind: 'removed' } | { kind: 'refused'; problem: Problem };

/**
 * Tapping a price (spec §5): a price already on the slip comes off; a closed, suspended or price-less
 * market is refused with 'Market {status}', as is a 21st parlay match or an 11th ending-game option;
 * any other goes on, in the mode its kind needs, with the player's quick stake.
 */
export function togglePick(order: BetOrder, status: MarketStatus, price: number): PickResult {
  if (betSlip.orders.some((o) => o.uid === order.uid)) {
    removeOrders([order.uid]);
    return { kind: 'removed' };
  }
  const mode = modeAfterPick(betSlip.mode, order);
  const problem = pickProblem(betSlip.orders, mode, { status, price, matchId: order.matchId });
  if (problem) return { kind: 'refused', problem };
  betSlip.mode = mode;
  betSlip.orders = [...betSlip.orders, order];
  const stake = quickStake();
  if (stake > 0 && mode !== 'parlay' && mode !== 'endingGame') betSlip.stakes = { ...betSlip.stakes, [order.uid]: stake };
  return { kind: 'added' };
}
