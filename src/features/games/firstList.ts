import type { GameEntry, GameListIndex } from '../../contract/games';
import type { GameList } from '../../lib/gameList';
import { GAME_LIST_ID } from '../../lib/gameTiles';

/**
 * The catalogue the server put into a /games page (server/plugins/firstTiles.ts, `#panalo-game-list`,
 * the same index and chunks /static/games serves): the lobby's first render draws the tiles the page
 * came with from it, without a skeleton or a round trip first. Read once: the element goes with it.
 *
 * The page's own data, written by our server beside the page's scripts, as the site information and
 * the first match lists are: read as JSON with its shape checked, not through zod, so the lobby's first
 * screen evaluates none (issue 14). The lists the lobby fetches later are validated (lib/gameList.ts).
 */
interface Carried {
  index?: GameListIndex;
  chunks?: GameEntry[][];
}

let carried: { list: GameList; at: number } | null | undefined;

function read(): { list: GameList; at: number } | null {
  const element = typeof document === 'undefined' ? null : document.getElementById(GAME_LIST_ID);
  if (!element) return null;
  element.remove();
  try {
    const { index, chunks } = (JSON.parse(element.textContent ?? '') ?? {}) as Carried;
    if (!Array.isArray(index?.platforms) || !Array.isArray(chunks) || !chunks.every(Array.isArray)) return null;
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
