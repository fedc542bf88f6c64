import * as z from 'zod/mini';
import { WalletMode, gameEntrySchema, gameListIndexSchema, roundProofSchema } from '../games';
import { centavos, isoTime } from './common';

/** Answers of the casino calls (src/contract/games.ts GameCall). */

/** game/launchGame, game/trialGame: the frame URL (the provider's page; a token in it, tied to player, game and currency). */
export const launchAnswer = z.strictObject({
  url: z.string(),
  /** PHP, or XXX for trial play. */
  currency: z.string(),
  /** When the session token expires (the game keeps running; wins still land after it). */
  expiresAt: isoTime,
});

/** game/v2/inGame: the launch plus what /ingameV2 shows around the frame. */
export const inGameV2Answer = z.strictObject({
  url: z.string(),
  currency: z.string(),
  expiresAt: isoTime,
  game: gameEntrySchema,
  wallet: z.enum(WalletMode),
  /** The player's balance at a transfer platform (null for seamless). */
  transferBalance: z.nullable(centavos),
});

export const gameListAnswer = gameListIndexSchema;

export const grayPlatformAnswer = z.strictObject({ platformCodes: z.array(z.string()) });

export const gameBonusBalanceAnswer = z.strictObject({ gameBonusBalance: centavos });

export const likeGameListAnswer = z.strictObject({ likeGameList: z.array(z.int()) });

/** game/likeGame: the likes after it, when the server says them. */
export const likeGameAnswer = z.optional(z.looseObject({ likeGameList: z.optional(z.array(z.int())) }));

export const historyGameListAnswer = z.strictObject({
  historyGameList: z.array(z.strictObject({ gameId: z.int(), lastPlayedAt: isoTime })),
  /** The game last launched with real money (null before any). */
  lastGamePlayed: z.nullable(z.int()),
});

const roundStatus = z.enum(['open', 'settled', 'rolled_back']);

/** One round as the records list shows it: amounts summed over its transactions. */
export const gameRoundRowSchema = z.strictObject({
  roundId: z.string(),
  gameId: z.int(),
  gameName: z.string(),
  platformCode: z.string(),
  category: z.int(),
  startedAt: isoTime,
  status: roundStatus,
  /** Total staked (bets not rolled back), centavos. */
  bet: centavos,
  /** Total won, centavos. */
  win: centavos,
  /** win - bet: what the round did to the balance. */
  net: centavos,
});
export const gameRecordsAnswer = z.strictObject({
  list: z.array(gameRoundRowSchema),
  total: z.int(),
  /** Sums over the whole range asked (not just the page). */
  totalBet: centavos,
  totalWin: centavos,
});

export const gameRecordDetailAnswer = z.strictObject({
  round: gameRoundRowSchema,
  transactions: z.array(
    z.strictObject({
      kind: z.enum(['bet', 'win', 'rollback']),
      amount: centavos,
      at: isoTime,
      /** The provider's transaction id (Hub88 transaction_uuid). */
      transactionId: z.string(),
    }),
  ),
  /** null when the provider cannot tell (outage): the page says so. */
  proof: z.nullable(roundProofSchema),
});

export const playSummaryAnswer = z.strictObject({
  category: z.int(),
  /** When this category's play session began (null: not playing). */
  since: z.nullable(isoTime),
  playedMs: z.int(),
  rounds: z.int(),
  /** Won minus staked since `since`, centavos. */
  net: centavos,
});

export const transferAnswer = z.strictObject({
  platformCode: z.string(),
  amount: centavos,
  status: z.enum(['done', 'pending', 'failed']),
  /** The platform balance after it (null while pending). */
  transferBalance: z.nullable(centavos),
});

export const transferBalanceAnswer = z.strictObject({ platformCode: z.string(), transferBalance: centavos });

/** game/queryJackpot: the progressive jackpot's last amount (0 before the provider told one), centavos. */
export const jackpotAnswer = z.strictObject({ amount: centavos });
