import type { BetOrder } from '../../src/contract/betOrder';
import { OddsType } from '../../src/contract/sports';

/** A running handicap pick for the slip's tests; `extra` sets what a test is about. */
export function betOrder(uid: string, matchId: string, extra: Partial<BetOrder> = {}): BetOrder {
  return {
    key: 'h',
    keyEn: 'Home',
    point: null,
    point2: null,
    betType: 1,
    betTypeName: 'Handicap',
    marketId: `m-${uid}`,
    matchId,
    sportTypeId: '1',
    leagueId: 'L',
    leagueName: 'League',
    globalShowTime: '2026-11-21T12:00:00Z',
    homeName: 'A',
    awayName: 'B',
    odds: 1.9,
    minBet: 10,
    maxBet: 5000,
    marketStatus: 'Running',
    oddsType: OddsType.Decimal,
    recommendId: '',
    masterId: '',
    betOnPage: 'sports',
    resourceid: '',
    combo: 1,
    uid,
    ...extra,
  };
}
