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
