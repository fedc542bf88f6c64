import type { Market, Match } from '../../src/contract/feed';

/** Feed fixtures for the realtime, slip and acceptance tests: a live match and its handicap market. */

export const NOW = Date.parse('2026-11-20T12:00:00+08:00');

/** A football match running for half an hour, 0-0. */
export function match(id: string, overrides: Partial<Match> = {}): Match {
  return {
    matchId: id,
    sportTypeId: '1',
    leagueId: 'L1',
    leagueName: 'League',
    homeId: `${id}h`,
    homeName: 'Home',
    awayId: `${id}a`,
    awayName: 'Away',
    kickoff: new Date(NOW - 30 * 60_000).toISOString(),
    eventStatus: 'running',
    runningStatus: '0',
    live: { livePeriod: 1, inPlayTime3: 600, isHT: false, delayLive: false, homeScore: 0, awayScore: 0, periodScores: [] },
    featured: false,
    marketCount: 3,
    video: null,
    ...overrides,
  };
}

/** A running full-time handicap (home -0.5 at `price`, away 1.95), a main market unless told. */
export function market(id: string, matchId: string, price = 1.9, main = true, overrides: Partial<Market> = {}): Market {
  return {
    marketId: id,
    matchId,
    betType: 1,
    betTypeName: 'Handicap',
    category: 'handicap',
    periodName: 'FT',
    point: -0.5,
    point2: null,
    status: 'Running',
    main,
    combo: true,
    minBet: 10,
    maxBet: 50_000,
    selections: [
      { key: 'h', keyEn: 'Home', price },
      { key: 'a', keyEn: 'Away', price: 1.95 },
    ],
    ...overrides,
  };
}
