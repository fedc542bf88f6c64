import { proxy } from 'valtio/vanilla';
import { GAME_HISTORY_MAX, GAME_LIKES_MAX, SEARCH_HISTORY_MAX } from '../contract/gameConstants';
import { StorageKey } from '../contract/storageKeys';
import { foldText } from '../lib/gameList';
import { local } from '../lib/storage';
import { persistFields } from './persist';

/**
 * The casino's player state of spec §3: likeGameList, historyGameList and lastGamePlayed (the server's
 * for a logged-in player, refreshed from it), and the search history. Kept on the device, so the lobby's
 * likes and recent games show offline too.
 */
export const gamesStore = proxy({
  /** Whose likes and history these are (loginName); another player's are dropped when they log in. */
  owner: '',
  /** Liked game ids, newest first. */
  likeGameList: [] as number[],
  /** Recently played, newest first. */
  historyGameList: [] as { gameId: number; lastPlayedAt: string }[],
  /** The game last launched with real money (null before any). */
  lastGamePlayed: null as number | null,
  /** The player's recent searches, newest first (at most SEARCH_HISTORY_MAX). */
  searchHistory: [] as string[],
  /** Platforms hidden from this visitor (game/queryGrayPlatformList), kept for offline. */
  hiddenPlatforms: [] as string[],
});

persistFields(gamesStore, StorageKey.games, [
  'owner',
  'likeGameList',
  'historyGameList',
  'lastGamePlayed',
  'searchHistory',
  'hiddenPlatforms',
]);
// persistFields restores a field only when its stored type matches the initial one (null here).
const savedLast = local.get<{ lastGamePlayed?: unknown } | null>(StorageKey.games, null)?.lastGamePlayed;
if (typeof savedLast === 'number' && Number.isInteger(savedLast)) gamesStore.lastGamePlayed = savedLast;

/** The likes and history belong to `loginName` from now on ('' = a visitor: they are cleared). */
export function setGamesOwner(loginName: string): void {
  if (gamesStore.owner === loginName) return;
  gamesStore.owner = loginName;
  gamesStore.likeGameList = [];
  gamesStore.historyGameList = [];
  gamesStore.lastGamePlayed = null;
}

export function isLiked(gameId: number): boolean {
  return gamesStore.likeGameList.includes(gameId);
}

/** Sets one like locally (newest first, at most GAME_LIKES_MAX). */
export function setLiked(gameId: number, like: boolean): void {
  const rest = gamesStore.likeGameList.filter((id) => id !== gameId);
  gamesStore.likeGameList = like ? [gameId, ...rest].slice(0, GAME_LIKES_MAX) : rest;
}

export function setHistory(history: readonly { gameId: number; lastPlayedAt: string }[], last: number | null): void {
  gamesStore.historyGameList = history.slice(0, GAME_HISTORY_MAX).map((entry) => ({ ...entry }));
  gamesStore.lastGamePlayed = last;
}

/** Remembers a search (newest first, a repeat moves up, at most SEARCH_HISTORY_MAX). */
export function rememberSearch(term: string): void {
  const text = term.trim().replace(/\s+/g, ' ');
  if (!text) return;
  const folded = foldText(text);
  gamesStore.searchHistory = [text, ...gamesStore.searchHistory.filter((old) => foldText(old) !== folded)].slice(0, SEARCH_HISTORY_MAX);
}

export function clearSearchHistory(): void {
  gamesStore.searchHistory = [];
}
