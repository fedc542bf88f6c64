import * as z from 'zod/mini';
import { MARKET_CATEGORIES, type Market, type Match } from '../feed';
import { MarketStatus, SportTypeId } from '../sports';
import { isoTime } from './common';

/** The feed's shapes (src/contract/feed.ts) as answers carry them. */
export const marketStatus = z.enum(Object.values(MarketStatus) as [MarketStatus, ...MarketStatus[]]);
export const sportTypeId = z.enum(Object.values(SportTypeId) as [SportTypeId, ...SportTypeId[]]);

const score = z.strictObject({ home: z.int(), away: z.int() });

export const matchAnswer: z.ZodMiniType<Match> = z.strictObject({
  matchId: z.string(),
  sportTypeId,
  leagueId: z.string(),
  leagueName: z.string(),
  homeId: z.string(),
  homeName: z.string(),
  awayId: z.string(),
  awayName: z.string(),
  kickoff: isoTime,
  eventStatus: z.enum(['running', 'closed', 'postponed', 'deleted']),
  runningStatus: z.enum(['0', '1', '2']),
  live: z.nullable(
    z.strictObject({
      livePeriod: z.int(),
      inPlayTime3: z.number(),
      isHT: z.boolean(),
      delayLive: z.boolean(),
      homeScore: z.int(),
      awayScore: z.int(),
      periodScores: z.array(score),
      tennisPoints: z.optional(z.strictObject({ home: z.string(), away: z.string() })),
      bestOfMap: z.optional(z.int()),
    }),
  ),
  featured: z.boolean(),
  marketCount: z.int(),
  video: z.nullable(z.strictObject({ streamingOption: z.int(), channelCode: z.string(), namiId: z.string(), streamsId: z.string() })),
});

export const marketAnswer: z.ZodMiniType<Market> = z.strictObject({
  marketId: z.string(),
  matchId: z.string(),
  betType: z.int(),
  betTypeName: z.string(),
  category: z.enum(MARKET_CATEGORIES),
  periodName: z.string(),
  point: z.nullable(z.number()),
  point2: z.nullable(z.number()),
  status: marketStatus,
  main: z.boolean(),
  combo: z.boolean(),
  minBet: z.number(),
  maxBet: z.number(),
  selections: z.array(z.strictObject({ key: z.string(), keyEn: z.string(), price: z.number() })),
  player: z.optional(z.strictObject({ playerId: z.string(), playerName: z.string(), teamId: z.string() })),
});
