import type { SinglePlacement } from '../../src/contract/betting';
import type { Market, Match } from '../../src/contract/feed';
import { OddsType } from '../../src/contract/sports';

/** A priced selection of a match, as a test or the benchmark picks it. */
export interface Pick {
  match: Match;
  market: Market;
  key: string;
  price: number;
}

/** The body of saba/sabaDoPlaceBetV2 for a pick, in decimal odds, stake in whole pesos. */
export function singleBody(pick: Pick, stake: number, extra: Partial<SinglePlacement> = {}): SinglePlacement {
  const { match, market } = pick;
  return {
    oddsType: OddsType.Decimal,
    price: pick.price,
    seamless: true,
    stake,
    globalShowTime: match.kickoff,
    key: pick.key,
    keyEn: market.selections.find((s) => s.key === pick.key)!.keyEn,
    marketId: market.marketId,
    matchId: match.matchId,
    sportTypeId: match.sportTypeId,
    leagueName: match.leagueName,
    leagueId: match.leagueId,
    point: market.point,
    point2: market.point2,
    betType: market.betType,
    recommendId: '',
    masterId: '',
    betOnPage: 'test',
    homeName: match.homeName,
    awayName: match.awayName,
    resourceid: '',
    fromSabaPromotion: false,
    ...extra,
  };
}
