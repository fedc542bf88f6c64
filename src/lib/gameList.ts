import { GAME_LIST_INDEX_URL, type GameEntry, type GameListIndex, gameListChunkSchema, gameListIndexSchema } from '../contract/games';

/**
 * The lobby's game lists, read from the static scripts (src/contract/games.ts GAME_LIST_INDEX_URL): the
 * index names the version and its chunks of at most 100 games. The service worker precaches and
 * refreshes them, so this works offline once the lists were seen. One load at a time per version.
 */
export interface GameList {
  index: GameListIndex;
  games: GameEntry[];
  byId: ReadonlyMap<number, GameEntry>;
}

let loading: { version: string | null; promise: Promise<GameList> } | undefined;

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

async function load(): Promise<GameList> {
  const index = gameListIndexSchema.parse(await fetchJson(GAME_LIST_INDEX_URL));
  const chunks = await Promise.all(index.chunks.map(async (url) => gameListChunkSchema.parse(await fetchJson(url))));
  const games = chunks.flat();
  return { index, games, byId: new Map(games.map((game) => [game.gameId, game])) };
}

/** The whole catalogue; `fresh` asks the index again (the chunks of an unchanged version come from cache). */
export function loadGameList(fresh = false): Promise<GameList> {
  if (!loading || fresh) {
    const promise = load();
    loading = { version: null, promise };
    promise.catch(() => {
      if (loading?.promise === promise) loading = undefined;
    });
  }
  return loading.promise;
}

export async function findGame(gameId: number): Promise<GameEntry | undefined> {
  return (await loadGameList()).byId.get(gameId);
}
