/** Game categories of spec §3 and the game kinds of the /games/:gameKind tab, in tab order. */

export const GameCategory = {
  Slot: 5,
  Poker: 3,
  Casino: 17,
  Bingo: 27,
  Arcade: 8,
} as const;
export type GameCategory = (typeof GameCategory)[keyof typeof GameCategory];

/** The game kinds shown as tabs; the first one is where /games and an unknown kind land. */
export const GAME_KINDS = [
  { kind: 'slot', category: GameCategory.Slot },
  { kind: 'casino', category: GameCategory.Casino },
  { kind: 'poker', category: GameCategory.Poker },
  { kind: 'bingo', category: GameCategory.Bingo },
  { kind: 'arcade', category: GameCategory.Arcade },
] as const;
export type GameKind = (typeof GAME_KINDS)[number]['kind'];
export const FIRST_GAME_KIND: GameKind = GAME_KINDS[0].kind;

export function isGameKind(value: string): value is GameKind {
  return GAME_KINDS.some((entry) => entry.kind === value);
}
