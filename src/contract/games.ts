import * as z from 'zod/mini';
import { GAME_CATEGORIES, GAME_KINDS, GameEngine, PLAY_CURRENCY, type GameCategory, type GameKind } from './gameConstants';

export * from './gameConstants';

/**
 * The casino (spec §1 games, §3 categories and game state, §7 game calls, issue 13): the game kinds
 * of the /games/:gameKind tab, a game of the lobby's lists, the platforms games come from, the calls,
 * and the verification data of a provably-fair round. Money is whole centavos; demo (trial) play uses
 * the currency XXX and never touches the wallet.
 */

const GAME_KIND_NAMES = GAME_KINDS.map((entry) => entry.kind) as [GameKind, ...GameKind[]];
const ENGINE_NAMES = Object.values(GameEngine) as [GameEngine, ...GameEngine[]];

/** How a platform's money works: seamless (the provider calls our wallet per bet) or transfer (money moved into the provider before play). */
export const WalletMode = ['seamless', 'transfer'] as const;
export type WalletMode = (typeof WalletMode)[number];

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
export const GAME_LIST_INDEX_URL = '/static/games/index.json';
export const gameListChunkSchema = z.array(gameEntrySchema);

/** Calls of the casino (prefix main; auth noted per call). */
export const GameCall = {
  /** Player. The spec's game launch: the frame URL of a real-money session (a token tied to player, game and PHP). */
  launchGame: 'game/launchGame',
  /** Player. The launch of /ingameV2: everything from gameId alone, plus the game, its wallet mode and the transfer balance. */
  inGameV2: 'game/v2/inGame',
  /** Anyone. A demo (play-money) session at /trial: currency XXX, no wallet calls. */
  trialGame: 'game/trialGame',
  /** Anyone. The game-list index (same as GAME_LIST_INDEX_URL), for callers that cannot read static files. */
  queryGameList: 'game/queryGameList',
  /** Anyone (player-aware). Platforms hidden from this visitor: gray platforms are shown only to gray-listed players. */
  queryGrayPlatformList: 'game/queryGrayPlatformList',
  /** Player. Bonus usable in games (spec customer/gameBonusBalance). */
  gameBonusBalance: 'customer/gameBonusBalance',
  /** Player. likeGameList: the ids of the liked games, newest first. */
  queryLikeGameList: 'game/queryLikeGameList',
  /** Player. Like or unlike one game (idempotent by its own meaning: sets the state). */
  likeGame: 'game/likeGame',
  /** Player. historyGameList (recently played, newest first, at most GAME_HISTORY_MAX) and lastGamePlayed. */
  queryHistoryGameList: 'game/queryHistoryGameList',
  /** Player. Game records (/record's games tab): rounds of a date range, newest first. */
  queryGameRecords: 'game/queryGameRecords',
  /** Player. One round (/gameRecordDetail): its bets, wins, rollbacks and verification data. */
  gameRecordDetail: 'game/gameRecordDetail',
  /** Player. Time played and net result since the category's session began (anti-addiction reminders). */
  playSummary: 'game/playSummary',
  /** Player, idempotent. Moves money from the main wallet into a transfer platform's wallet (/InGameTransfer). */
  transferIn: 'game/transferIn',
  /** Player, idempotent. Moves money from a transfer platform's wallet back to the main wallet (amount 0 = all). */
  transferOut: 'game/transferOut',
  /** Player. A transfer platform's balance of this player, as the platform reports it. */
  transferBalance: 'game/queryTransferBalance',
  /** Anyone. The progressive jackpot's last amount, the ticker's start before /topic/jackpot speaks. */
  queryJackpot: 'game/queryJackpot',
} as const;
export type GameCall = (typeof GameCall)[keyof typeof GameCall];

export const GAME_HISTORY_MAX = 30;
export const GAME_LIKES_MAX = 200;
export const SEARCH_HISTORY_MAX = 10;
/** The currency of real-money play, and Hub88's demo currency. */
export const DEMO_CURRENCY = 'XXX';

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
