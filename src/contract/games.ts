import * as z from 'zod/mini';
import { GAME_CATEGORIES, GAME_KINDS, GameEngine, PLAY_CURRENCY, WalletMode, type GameCategory, type GameKind } from './gameConstants';

export * from './gameConstants';

/**
 * The casino (spec §1 games, §3 categories and game state, §7 game calls, issue 13): the game kinds
 * of the /games/:gameKind tab, a game of the lobby's lists, the platforms games come from, the calls,
 * and the verification data of a provably-fair round. Money is whole centavos; demo (trial) play uses
 * the currency XXX and never touches the wallet.
 */

const GAME_KIND_NAMES = GAME_KINDS.map((entry) => entry.kind) as [GameKind, ...GameKind[]];
const ENGINE_NAMES = Object.values(GameEngine) as [GameEngine, ...GameEngine[]];

/** A game platform (a studio behind the aggregator, or a transfer-wallet platform). */
export const gamePlatformSchema = z.strictObject({
  platformCode: z.string(),
  name: z.string(),
  wallet: z.enum(WalletMode),
  /** The operator closed it for maintenance (site setting): listed, but launching answers GameMaintenance. */
  maintenance: z.boolean(),
});
export type GamePlatform = z.infer<typeof gamePlatformSchema>;

/** One game of the lobby (an entry of a game-list chunk). */
export const gameEntrySchema = z.strictObject({
  /** Stable numeric id (the spec's gameId). */
  gameId: z.int().check(z.positive()),
  /** The provider's code for the game (Hub88 game_code). */
  gameCode: z.string(),
  gameName: z.string(),
  platformCode: z.string(),
  kind: z.enum(GAME_KIND_NAMES),
  category: z.union(
    GAME_CATEGORIES.map((value) => z.literal(value)) as [z.ZodMiniLiteral<GameCategory>, ...z.ZodMiniLiteral<GameCategory>[]],
  ),
  /** The spec's gameType, shown as a label (e.g. 'SLOT', 'LIVE', 'POKER', 'CRASH', 'FISH', 'BINGO'). */
  gameType: z.string(),
  engine: z.enum(ENGINE_NAMES),
  /** Stated return to player in basis points (9600 = 96.00 %). */
  rtpBps: z.int().check(z.minimum(8000), z.maximum(10000)),
  /** Same-origin thumbnail path (an SVG under /static/games/thumbs/, cached by the service worker with a size cap). */
  thumbnail: z.string(),
  /** Lobby badges. */
  tags: z.array(z.enum(['new', 'hot', 'jackpot', 'live'])),
  /** Demo play with play money at /trial. */
  trial: z.boolean(),
  /** Stake limits for one bet, centavos. */
  minBet: z.int().check(z.positive()),
  maxBet: z.int().check(z.positive()),
  /** Sort order within its kind (lower first). */
  rank: z.int(),
});
export type GameEntry = z.infer<typeof gameEntrySchema>;

/**
 * The game lists as static scripts (spec §7 "static script files … for game lists", §9 chunks of 100):
 * GET /static/games/index.json (revalidated) names the version and its immutable chunks
 * /static/games/<version>/<n>.json, each a JSON array of at most GAME_LIST_CHUNK GameEntry. The service
 * worker precaches index + chunks and refreshes them; the version changes when the catalogue or a
 * platform setting changes.
 */
export const gameListIndexSchema = z.strictObject({
  version: z.string(),
  count: z.int(),
  chunks: z.array(z.string()),
  platforms: z.array(gamePlatformSchema),
});
export type GameListIndex = z.infer<typeof gameListIndexSchema>;
export const gameListChunkSchema = z.array(gameEntrySchema);

const gameRef = { gameId: z.int().check(z.positive()) };

/** game/launchGame: the spec's fields. Identity (loginName) comes from the session; the server trusts only gameId and checks the rest against the catalogue. */
export const launchGameBody = z.looseObject({
  ...gameRef,
  gameCode: z.optional(z.string()),
  platformCode: z.optional(z.string()),
  gameName: z.optional(z.string()),
  gameType: z.optional(z.string()),
  /** Where the game's lobby/close button returns (a same-origin path, e.g. /games/slot). */
  callbackPath: z.optional(z.string().check(z.maxLength(300))),
  domainName: z.optional(z.string()),
  lang: z.optional(z.string()),
  /** The platform is a transfer-wallet platform (the client knows it from the list; the server decides). */
  isWithTransfer: z.optional(z.boolean()),
  platformCurrency: z.optional(z.literal(PLAY_CURRENCY)),
});
export const trialGameBody = z.looseObject({
  ...gameRef,
  lang: z.optional(z.string()),
  callbackPath: z.optional(z.string().check(z.maxLength(300))),
});
export const inGameV2Body = z.looseObject({
  ...gameRef,
  lang: z.optional(z.string()),
  callbackPath: z.optional(z.string().check(z.maxLength(300))),
});
export const likeGameBody = z.looseObject({ ...gameRef, like: z.boolean() });
export const gameRecordsBody = z.looseObject({
  /** Manila calendar dates YYYY-MM-DD, at most 30 days apart. */
  beginDate: z.string(),
  endDate: z.string(),
  category: z.optional(z.int()),
  pageNo: z.int().check(z.positive()),
  pageSize: z.int().check(z.positive(), z.maximum(50)),
});
export const gameRecordDetailBody = z.looseObject({ roundId: z.string().check(z.minLength(1), z.maxLength(100)) });
export const playSummaryBody = z.looseObject({ category: z.int() });
export const transferInBody = z.looseObject({ platformCode: z.string(), amount: z.int().check(z.positive()) });
export const transferOutBody = z.looseObject({ platformCode: z.string(), amount: z.int().check(z.minimum(0)) });
export const transferBalanceBody = z.looseObject({ platformCode: z.string() });

/**
 * The verification data of a provably-fair round (shown on /gameRecordDetail and in the game): before
 * the round the player sees `serverSeedHash` = hex SHA-256 of the server seed; after it, `serverSeed`
 * is revealed and anyone can recompute the outcome as HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:${cursor}`)
 * (see server/providers/games/fair.ts).
 */
export const roundProofSchema = z.strictObject({
  serverSeedHash: z.string(),
  /** null until the round (or the seed's series) is over. */
  serverSeed: z.nullable(z.string()),
  clientSeed: z.string(),
  nonce: z.int(),
  /** What was drawn, in words ('Reels 3-7-1-9-4', 'Ball 17 red', 'Crash at 2.31×'). */
  outcome: z.string(),
});
export type RoundProof = z.infer<typeof roundProofSchema>;

/** What /topic/jackpot carries (the app debounces it by JACKPOT_DEBOUNCE_MS and stores jackpotAmount). */
export const jackpotMessageSchema = z.strictObject({ amount: z.int(), ts: z.int() });
export type JackpotMessage = z.infer<typeof jackpotMessageSchema>;

/** The search of the in-game routes (/game, /newGame, /ingame, /trial…): which game. */
export const gameRouteSearch = z.object({
  gameId: z.optional(z.coerce.number()),
  platformCode: z.optional(z.string()),
});
