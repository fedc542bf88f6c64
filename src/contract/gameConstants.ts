/**
 * The casino's constants (contract/games.ts re-exports them): the game categories and kinds, the
 * engines, the play currency, the calls and the lists' address. Without zod, so the shell (guards,
 * HomeLayout) and the lobby's first screen can use them and the first load stays without zod (issue 14).
 */

/** Game categories of spec §3 (the anti-addiction settings and records are per category). */
export const GameCategory = {
  Slot: 5,
  Poker: 3,
  Casino: 17,
  Bingo: 27,
  Arcade: 8,
} as const;
export type GameCategory = (typeof GameCategory)[keyof typeof GameCategory];
export const GAME_CATEGORIES = Object.values(GameCategory);

/** The game kinds shown as tabs, in tab order; the first one is where /games and an unknown kind land. Fishing games count as Arcade. */
export const GAME_KINDS = [
  { kind: 'slot', category: GameCategory.Slot },
  { kind: 'casino', category: GameCategory.Casino },
  { kind: 'poker', category: GameCategory.Poker },
  { kind: 'bingo', category: GameCategory.Bingo },
  { kind: 'fishing', category: GameCategory.Arcade },
  { kind: 'arcade', category: GameCategory.Arcade },
] as const;
export type GameKind = (typeof GAME_KINDS)[number]['kind'];
export const FIRST_GAME_KIND: GameKind = GAME_KINDS[0].kind;

export function isGameKind(value: string): value is GameKind {
  return GAME_KINDS.some((entry) => entry.kind === value);
}

export function categoryOfKind(kind: GameKind): GameCategory {
  return GAME_KINDS.find((entry) => entry.kind === kind)!.category;
}

/**
 * The game engines the provider simulator runs (each states its RTP; `npm run bench` measures it).
 * A catalogue game is an engine with a theme and a paytable variant, as studios reskin their engines.
 */
export const GameEngine = {
  /** 5 reels × 3 rows, fixed paylines, wilds and scatters. */
  Slot: 'slot',
  /** A live table: European roulette, rounds on a timer shared by every player at the table, a simulated dealer. */
  Roulette: 'roulette',
  /** Jacks or Better video poker: deal, hold, draw. */
  VideoPoker: 'video-poker',
  /** A crash game: a multiplier rises until it crashes; cash out before. */
  Crash: 'crash',
  /** A fishing shooter: each shot costs the bet; a hit fish pays its multiplier. */
  Fishing: 'fishing',
  /** 75-ball bingo: cards bought for a scheduled draw shared by the room. */
  Bingo: 'bingo',
} as const;
export type GameEngine = (typeof GameEngine)[keyof typeof GameEngine];

export const PLAY_CURRENCY = 'PHP';

/** How a platform's money works: seamless (the provider calls our wallet per bet) or transfer (money moved into the provider before play). */
export const WalletMode = ['seamless', 'transfer'] as const;
export type WalletMode = (typeof WalletMode)[number];

/** The game lists' index (contract/games.ts says how the static lists work). */
export const GAME_LIST_INDEX_URL = '/static/games/index.json';

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
