import { proxy } from 'valtio/vanilla';
import { StorageKey } from '../contract/storageKeys';
import { persistFields } from './persist';

/**
 * The casino's player state of spec §3: likeGameList, historyGameList and lastGamePlayed (the server's
 * for a logged-in player, refreshed from it), and the search history. Kept on the device, so the lobby's
 * likes and recent games show offline too.
 */
export const gamesStore = proxy({
  /** Liked game ids, newest first. */
  likeGameList: [] as number[],
  /** Recently played, newest first. */
  historyGameList: [] as { gameId: number; lastPlayedAt: string }[],
  lastGamePlayed: null as number | null,
  /** The player's recent searches, newest first (at most SEARCH_HISTORY_MAX). */
  searchHistory: [] as string[],
});

persistFields(gamesStore, StorageKey.games, ['likeGameList', 'historyGameList', 'lastGamePlayed', 'searchHistory']);
