import type { Market, Match, Outright, Selection } from './feed';
import type { MarketStatus, OddsType } from './sports';

/** A selection on the bet slip: "Bet order" of spec §3, with the player-bet and outright extras. */
export interface BetOrder {
  key: string;
  keyEn: string;
  point: number | null;
  point2: number | null;
  betType: number;
  betTypeName: string;
  marketId: string;
  matchId: string;
  sportTypeId: string;
  leagueId: string;
  leagueName: string;
  globalShowTime: string;
  homeName: string;
  awayName: string;
  odds: number;
  /** Pesos, as the feed gives them. */
  minBet: number;
  maxBet: number;
  marketStatus: MarketStatus;
  oddsType: OddsType;
  recommendId: string;
  masterId: string;
  betOnPage: string;
  resourceid: string;
  combo: number;
  uid: string;
  // Player bets
  playerId?: string;
  playerName?: string;
  playerLogo?: string;
  parentMatchId?: string;
  playerBetTypeName?: string;
  // Outright bets
  outrightOddsId?: string;
  teamId?: string;
  teamName?: string;
  eventDate?: string;
}

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
