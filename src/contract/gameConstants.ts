/**
 * The casino's constants (contract/games.ts re-exports them): the game categories and kinds, the
 * engines, the play currency. Without zod, so the shell (guards, HomeLayout) can use them and the first
 * load stays without zod (issue 14).
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
