import * as z from 'zod/mini';
import {
  BET_MODES,
  type BatchPlacementResponse,
  type BetListResponse,
  type BetTicket,
  type ParlayResult,
  type PlacementResult,
  type SelectionDetailResponse,
  type SingleMarketResponse,
  TICKET_STATUSES,
} from '../betting';
import { centavos, isoTime, oddsType } from './common';
import { marketAnswer, marketStatus, matchAnswer } from './feed';

const betStatus = z.enum(['running', 'waiting', 'reject']);

export const ticketAnswer: z.ZodMiniType<BetTicket> = z.strictObject({
  transId: z.string(),
  mode: z.enum(BET_MODES),
  status: z.enum(TICKET_STATUSES),
  stake: centavos,
  payout: centavos,
  odds: z.number(),
  oddsType,
  createdAt: isoTime,
  settledAt: z.nullable(isoTime),
  reason: z.optional(z.string()),
  combos: z.optional(z.array(z.strictObject({ comboType: z.string(), stake: centavos, bets: z.int() }))),
  legs: z.array(
    z.strictObject({
      marketId: z.string(),
      matchId: z.string(),
      key: z.string(),
      keyEn: z.string(),
      betType: z.int(),
      betTypeName: z.string(),
      point: z.nullable(z.number()),
      price: z.number(),
      sportTypeId: z.string(),
      leagueName: z.string(),
      homeName: z.string(),
      awayName: z.string(),
      kickoff: z.string(),
      outcome: z.enum(['won', 'lost', 'void', 'halfWon', 'halfLost', 'running']),
      score: z.optional(z.string()),
      playerName: z.optional(z.string()),
      teamName: z.optional(z.string()),
    }),
  ),
  cashout: z.optional(z.strictObject({ offered: z.boolean(), marginBp: z.int(), auto: z.nullable(centavos) })),
});

/** saba/sabaDoPlaceBetV2 and saba/sabaPlaceOutrightBetV2 (and each item of the batch). */
export const placementAnswer: z.ZodMiniType<PlacementResult> = z.strictObject({
  code: z.int(),
  message: z.string(),
  bet_status: betStatus,
  ticket: z.optional(ticketAnswer),
  current: z.optional(z.strictObject({ price: z.number(), status: marketStatus, point: z.nullable(z.number()) })),
});

export const batchPlacementAnswer: z.ZodMiniType<BatchPlacementResponse> = z.strictObject({ results: z.array(placementAnswer) });

/** sabaCombo/comboBetToSaba. */
export const parlayAnswer: z.ZodMiniType<ParlayResult> = z.strictObject({
  code: z.int(),
  message: z.string(),
  bet_status: betStatus,
  parlay_ticket_status: z.enum(TICKET_STATUSES),
  trans_idStr: z.string(),
  combos: z.array(z.strictObject({ combo_type: z.string(), stake: centavos, bet_count: z.int() })),
  current_combos: z.array(z.strictObject({ combo_type: z.string(), bet_count: z.int() })),
  price_info: z.array(
    z.strictObject({ market_id: z.string(), key: z.string(), state_code: z.int(), state_message: z.string(), current_price: z.number() }),
  ),
  abnormal_odds: z.array(z.string()),
  payout_list: z.array(z.string()),
  ticket: z.optional(ticketAnswer),
});

/** saba/querySelectionDetailV2. */
export const selectionDetailAnswer: z.ZodMiniType<SelectionDetailResponse> = z.strictObject({
  selections: z.array(
    z.strictObject({
      marketId: z.string(),
      key: z.string(),
      outrightOddsId: z.optional(z.string()),
      teamId: z.optional(z.string()),
      price: z.number(),
      status: marketStatus,
      point: z.nullable(z.number()),
      point2: z.nullable(z.number()),
      minBet: z.number(),
      maxBet: z.number(),
      found: z.boolean(),
    }),
  ),
});

/** saba/queryQuickBetSingleMarket and saba/refreshSingleMarket. */
export const singleMarketAnswer: z.ZodMiniType<SingleMarketResponse> = z.strictObject({ market: marketAnswer, match: matchAnswer });

/** transactionRecord/queryBetList. */
export const betListAnswer: z.ZodMiniType<BetListResponse> = z.strictObject({
  total: z.int(),
  tickets: z.array(ticketAnswer),
  totals: z.strictObject({ stake: centavos, payout: centavos }),
});
