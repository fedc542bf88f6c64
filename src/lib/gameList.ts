import type { GameKind } from '../contract/gameConstants';
import type { GameEntry, GameListIndex, GamePlatform } from '../contract/games';

/**
 * The lobby's game lists (loaded by src/api/gameList.ts) and what the pages ask of them: the visible
 * games, a kind's games and platforms, search.
 */
export interface GameList {
  index: GameListIndex;
  games: GameEntry[];
  byId: ReadonlyMap<number, GameEntry>;
  platforms: ReadonlyMap<string, GamePlatform>;
}

/** Lower case without accents or extra spaces: 'Fortuné  GEMS' and 'fortune gems' compare equal. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The games a visitor may see: none of a platform hidden from them (game/queryGrayPlatformList). */
export function visibleGames(games: readonly GameEntry[], hiddenPlatforms: readonly string[]): GameEntry[] {
  if (hiddenPlatforms.length === 0) return [...games];
  const hidden = new Set(hiddenPlatforms);
  return games.filter((game) => !hidden.has(game.platformCode));
}

/** One kind's games in lobby order (rank, then name), optionally of one platform. */
export function gamesOfKind(games: readonly GameEntry[], kind: GameKind, platformCode?: string): GameEntry[] {
  return games
    .filter((game) => game.kind === kind && (!platformCode || game.platformCode === platformCode))
    .sort((a, b) => a.rank - b.rank || a.gameName.localeCompare(b.gameName));
}

/** The platforms that have games of this kind, in the index's order. */
export function platformsOfKind(games: readonly GameEntry[], kind: GameKind, platforms: readonly GamePlatform[]): GamePlatform[] {
  const present = new Set(games.filter((game) => game.kind === kind).map((game) => game.platformCode));
  return platforms.filter((platform) => present.has(platform.platformCode));
}

/**
 * Search over the whole catalogue by game name and platform (code or name), accent- and case-blind:
 * every word of the query must appear. Names that start with the query come first, then by rank.
 */
export function searchGames(
  games: readonly GameEntry[],
  query: string,
  platforms: ReadonlyMap<string, GamePlatform> = new Map(),
): GameEntry[] {
  const folded = foldText(query);
  if (!folded) return [];
  const words = folded.split(' ');
  const scored: { game: GameEntry; starts: boolean }[] = [];
  for (const game of games) {
    const name = foldText(game.gameName);
    const haystack = `${name} ${foldText(game.platformCode)} ${foldText(platforms.get(game.platformCode)?.name ?? '')}`;
    if (words.every((word) => haystack.includes(word))) scored.push({ game, starts: name.startsWith(folded) });
  }
  return scored
    .sort((a, b) => Number(b.starts) - Number(a.starts) || a.game.rank - b.game.rank || a.game.gameName.localeCompare(b.game.gameName))
    .map((entry) => entry.game);
}

/** The games of these ids, in the ids' order, skipping any the catalogue (or the visitor's view of it) lacks. */
export function gamesByIds(ids: readonly number[], visible: readonly GameEntry[]): GameEntry[] {
  const byId = new Map(visible.map((game) => [game.gameId, game]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
