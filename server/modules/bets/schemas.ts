import * as z from 'zod/mini';
import { BET_MODES, SELECTION_DETAIL_BATCH } from '../../../src/contract/betting';
import { builderCalculateBody } from '../../../src/contract/builder';
import { ENDING_GAME_MAX_OPTIONS } from '../../../src/contract/constants';
import { isCalendarDate } from '../../../src/contract/people';
import { OddsType } from '../../../src/contract/sports';

/**
 * Bodies of the betting calls (spec §7). Only what acceptance needs is read: everything else the client
 * sends (its enrichment: loginName, productId, tenant…; names, leagues and kick-offs, which are taken from
 * the feed, never from the slip) is dropped by validation, so what is kept, hashed for idempotency and
 * answered is exactly what was validated. Stake ranges are not checked here: a stake out of the
 * market's range is a placement answer (BetCode.StakeOutOfRange) naming the limits, not a bad request.
 */

const ODDS_TYPES = Object.values(OddsType) as number[];

export const oddsTypeSchema = z
  .int({ message: 'oddsType must be 2, 3, 4, 5, 6 or 7.' })
  .check(z.refine((value) => ODDS_TYPES.includes(value), { message: 'oddsType must be 2, 3, 4, 5, 6 or 7.' }));

const idSchema = (what: string) =>
  z.string({ message: `Unknown ${what}.` }).check(z.regex(/^[\w-]{1,40}$/, { message: `Unknown ${what}.` }));

const priceSchema = z
  .number({ message: 'Prices are decimal odds.' })
  .check(z.refine((value) => Number.isFinite(value) && value > 1 && value <= 1000, { message: 'Prices are decimal odds above 1.' }));

/** Whole pesos (the slip rounds down, spec §5); the range is checked against the market. */
const stakeSchema = z.int({ message: 'Stakes are whole pesos.' });

const pointSchema = z.optional(z.nullable(z.number({ message: 'point must be a number or null.' })));

const keySchema = z.string({ message: 'The selection key is missing.' }).check(z.minLength(1), z.maxLength(40));

export const acceptSchema = z.optional(z.enum(['none', 'higher', 'any'], { message: 'acceptOddsChange must be none, higher or any.' }));

/** One bet of sabaDoPlaceBetV2 or of the ending-game batch. */
const singleFields = {
  price: priceSchema,
  stake: stakeSchema,
  key: keySchema,
  marketId: idSchema('market'),
  matchId: idSchema('match'),
  point: pointSchema,
  playerId: z.optional(z.string()),
};

export const singleBody = z.object({
  oddsType: oddsTypeSchema,
  seamless: z.boolean({ message: 'seamless must be true or false.' }),
  acceptOddsChange: acceptSchema,
  ...singleFields,
  /** A free bet token of the player's paying the stake (issue 35). */
  freeBetId: z.optional(z.int({ message: 'freeBetId must be a whole number.' }).check(z.positive())),
});
export type SingleBody = z.infer<typeof singleBody>;

export const batchBody = z.object({
  oddsType: oddsTypeSchema,
  seamless: z.boolean({ message: 'seamless must be true or false.' }),
  acceptOddsChange: acceptSchema,
  bets: z
    .array(z.object(singleFields), { message: 'bets must be a list.' })
    .check(
      z.minLength(1, { message: 'Choose at least one option.' }),
      z.maxLength(ENDING_GAME_MAX_OPTIONS, { message: 'No more than 10 options' }),
    ),
});
export type BatchBody = z.infer<typeof batchBody>;
export type BatchItem = BatchBody['bets'][number];

export const outrightBody = z.object({
  oddsType: oddsTypeSchema,
  seamless: z.boolean({ message: 'seamless must be true or false.' }),
  acceptOddsChange: acceptSchema,
  stake: stakeSchema,
  price: priceSchema,
  outrightOddsId: idSchema('outright'),
  teamId: idSchema('team'),
});
export type OutrightBody = z.infer<typeof outrightBody>;

export const parlayBody = z.object({
  parlay_odds_option: z.union([z.literal(0), z.literal(1), z.literal(2)], { message: 'parlay_odds_option must be 0, 1 or 2.' }),
  oddsType: oddsTypeSchema,
  seamless: z.boolean({ message: 'seamless must be true or false.' }),
  bet_combos: z
    .array(z.object({ combo_type: z.string({ message: 'combo_type is missing.' }), stake: stakeSchema }))
    .check(z.minLength(1, { message: 'Choose a combo and its stake.' }), z.maxLength(19, { message: 'Too many combos.' })),
  // The 20-match rule is checked with its own message; this bound only keeps bodies small.
  bet_matches: z
    .array(
      z.object({
        key: keySchema,
        market_id: idSchema('market'),
        eventId: idSchema('match'),
        point: pointSchema,
        price: priceSchema,
      }),
    )
    .check(z.maxLength(60, { message: 'You can choose a maximum of 20 matches.' })),
});
export type ParlayBody = z.infer<typeof parlayBody>;

export const selectionDetailBody = z.object({
  selections: z
    .array(
      z.object({
        marketId: z.string({ message: 'marketId is missing.' }).check(z.maxLength(40)),
        key: z.string({ message: 'key is missing.' }).check(z.maxLength(40)),
        outrightOddsId: z.optional(z.string().check(z.maxLength(40))),
        teamId: z.optional(z.string().check(z.maxLength(40))),
      }),
    )
    .check(z.maxLength(SELECTION_DETAIL_BATCH, { message: `At most ${SELECTION_DETAIL_BATCH} selections per call.` })),
});

export const singleMarketBody = z.object({ marketId: idSchema('market') });

export const ticketBody = z.object({
  transId: z.string({ message: 'transId is missing.' }).check(z.regex(/^\d{6,32}$/, { message: 'No such bet.' })),
});

const daySchema = z.optional(z.string().check(z.refine(isCalendarDate, { message: 'Dates are YYYY-MM-DD.' })));

export const betListBody = z.object({
  status: z.enum(['running', 'settled'], { message: 'status must be running or settled.' }),
  pageNo: z.int({ message: 'pageNo is a page number from 1.' }).check(z.minimum(1, { message: 'pageNo is a page number from 1.' })),
  pageSize: z
    .int({ message: 'pageSize is 1 to 100.' })
    .check(z.minimum(1, { message: 'pageSize is 1 to 100.' }), z.maximum(100, { message: 'pageSize is 1 to 100.' })),
  beginDate: daySchema,
  endDate: daySchema,
  mode: z.optional(z.enum(BET_MODES, { message: `mode must be one of ${BET_MODES.join(', ')}.` })),
  matchId: z.optional(z.string().check(z.regex(/^[\w-]{1,64}$/, { message: 'Unknown match.' }))),
});
export type BetListBody = z.infer<typeof betListBody>;

/** builder/place (issue 38): a bet builder of one match as one ticket. */
export const builderPlaceBody = z.object({
  oddsType: oddsTypeSchema,
  seamless: z.boolean({ message: 'seamless must be true or false.' }),
  acceptOddsChange: acceptSchema,
  matchId: idSchema('match'),
  selectionIds: builderCalculateBody.shape.selectionIds,
  /** The combined price the player saw; the server re-prices (a moved price is answered with the new one). */
  price: priceSchema,
  stake: stakeSchema,
});
export type BuilderPlaceBody = z.infer<typeof builderPlaceBody>;
