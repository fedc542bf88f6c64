import { GAME_LIST_INDEX_URL } from '../contract/gameConstants';
import type { GameEntry } from '../contract/games';
import type { GameList } from '../lib/gameList';

/**
 * The lobby's game lists, read from the static scripts (GAME_LIST_INDEX_URL; their shape in
 * src/contract/games.ts): the index names the version and its chunks of at most 100 games. The service
 * worker precaches and refreshes them, so this works offline once the lists were seen. One load at a time.
 */
let loading: { promise: Promise<GameList> } | undefined;

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

async function load(): Promise<GameList> {
  // The schemas (zod) load with the lists, not with the page: a /games page starts from the list it carried.
  const [{ gameListChunkSchema, gameListIndexSchema }, indexJson] = await Promise.all([
    import('../contract/games'),
    fetchJson(GAME_LIST_INDEX_URL),
  ]);
  const index = gameListIndexSchema.parse(indexJson);
  const chunks = await Promise.all(index.chunks.map(async (url) => gameListChunkSchema.parse(await fetchJson(url))));
  const games = chunks.flat();
  return {
    index,
    games,
    byId: new Map(games.map((game) => [game.gameId, game])),
    platforms: new Map(index.platforms.map((platform) => [platform.platformCode, platform])),
  };
}

/** The whole catalogue; `fresh` asks the index again (the chunks of an unchanged version come from cache). */
export function loadGameList(fresh = false): Promise<GameList> {
  if (!loading || fresh) {
    const promise = load();
    loading = { promise };
    promise.catch(() => {
      if (loading?.promise === promise) loading = undefined;
    });
  }
  return loading.promise;
}

export async function findGame(gameId: number): Promise<GameEntry | undefined> {
  return (await loadGameList()).byId.get(gameId);
}
