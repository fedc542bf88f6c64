import * as z from 'zod/mini';
import type { BetOrder } from '../betOrder';
import type { BookingCreated, BookingDropped, BookingLoaded } from '../booking';
import { MarketStatus } from '../sports';
import { isoTime, oddsType } from './common';

/** The answers of the booking-code calls (issue 38). */

const dropped: z.ZodMiniType<BookingDropped> = z.strictObject({
  reason: z.enum(['started', 'suspended', 'settled']),
  homeName: z.string(),
  awayName: z.string(),
  label: z.string(),
});

const order: z.ZodMiniType<BetOrder> = z.strictObject({
  key: z.string(),
  keyEn: z.string(),
  point: z.nullable(z.number()),
  point2: z.nullable(z.number()),
  betType: z.int(),
  betTypeName: z.string(),
  marketId: z.string(),
  matchId: z.string(),
  sportTypeId: z.string(),
  leagueId: z.string(),
  leagueName: z.string(),
  globalShowTime: isoTime,
  homeName: z.string(),
  awayName: z.string(),
  odds: z.number().check(z.gt(1)),
  minBet: z.number(),
  maxBet: z.number(),
  marketStatus: z.literal(MarketStatus.Running),
  oddsType,
  recommendId: z.string(),
  masterId: z.string(),
  betOnPage: z.string(),
  resourceid: z.string(),
  combo: z.int(),
  uid: z.string(),
  playerId: z.optional(z.string()),
  playerName: z.optional(z.string()),
  playerLogo: z.optional(z.string()),
  parentMatchId: z.optional(z.string()),
  playerBetTypeName: z.optional(z.string()),
}) as unknown as z.ZodMiniType<BetOrder>;

export const bookingCreateAnswer: z.ZodMiniType<BookingCreated> = z.strictObject({
  code: z.string(),
  expiresAt: isoTime,
  selections: z.int().check(z.positive()),
  dropped: z.array(dropped),
});

export const bookingLoadAnswer: z.ZodMiniType<BookingLoaded> = z.strictObject({
  code: z.string(),
  expiresAt: isoTime,
  orders: z.array(order),
  dropped: z.array(dropped),
});
