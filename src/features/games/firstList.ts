import * as z from 'zod/mini';
import { gameListChunkSchema, gameListIndexSchema } from '../../contract/games';
import type { GameList } from '../../lib/gameList';
import { GAME_LIST_ID } from '../../lib/gameTiles';

/**
 * The catalogue the server put into a /games page (server/plugins/firstTiles.ts, `#panalo-game-list`,
 * the same index and chunks /static/games serves): the lobby's first render draws the tiles the page
 * came with from it, without a skeleton or a round trip first. Read once: the element goes with it.
 */
const carriedSchema = z.object({ index: gameListIndexSchema, chunks: z.array(gameListChunkSchema) });

let carried: { list: GameList; at: number } | null | undefined;

function read(): { list: GameList; at: number } | null {
  const element = typeof document === 'undefined' ? null : document.getElementById(GAME_LIST_ID);
  if (!element) return null;
  element.remove();
  try {
    const { index, chunks } = carriedSchema.parse(JSON.parse(element.textContent ?? ''));
    const games = chunks.flat();
    return {
      at: Date.now(),
      list: {
        index,
        games,
        byId: new Map(games.map((game) => [game.gameId, game])),
        platforms: new Map(index.platforms.map((platform) => [platform.platformCode, platform])),
      },
    };
  } catch {
    // Not what the server writes: the lobby fetches the lists as it would without.
    return null;
  }
}

/** The catalogue the page carried, if it did. */
export function carriedGameList(): GameList | undefined {
  carried ??= read();
  return carried?.list;
}

/** When the page's catalogue was read (its age for the lobby's query), if it carried one. */
export function carriedGameListAt(): number | undefined {
  carried ??= read();
  return carried?.at;
}
