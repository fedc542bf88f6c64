import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { GameCall } from '../../contract/gameConstants';
import { api } from '../../api/instance';
import { i18next } from '../../i18n';
import { type GameList, visibleGames } from '../../lib/gameList';
import { gamesStore, setGamesOwner, setHistory, setLiked } from '../../stores/games';
import { isLoggedIn, session } from '../../stores/session';
import { openLogin, showToast } from '../../stores/ui';
import { gameListQuery } from './queries';

export { gameListQuery };

/**
 * The casino's answer schemas (zod), loaded with the first answer that needs them: the lobby's first
 * screen evaluates no zod (issue 14).
 */
export const gameAnswers = () => import('../../contract/answers/games');

/**
 * The lobby's data: the catalogue from the static lists (cached by the service worker, so it loads
 * offline too), the platforms hidden from this visitor, and the player's likes and history, which live
 * in gamesStore (kept on the device) and are refreshed from the server at login and when the player
 * comes back to the tab.
 */

/** The catalogue as this visitor may see it (gray platforms hidden). */
export function useGameList(): { list: GameList | undefined; visible: GameList['games']; error: boolean; loading: boolean } {
  const query = useQuery(gameListQuery);
  const { hiddenPlatforms } = useSnapshot(gamesStore);
  return {
    list: query.data,
    visible: query.data ? visibleGames(query.data.games, hiddenPlatforms) : [],
    error: query.isError && !query.data,
    loading: query.isPending,
  };
}

/** Keeps the hidden platforms current (kept in the store for offline visits). */
export function useGrayPlatforms(): void {
  const loginName = useSnapshot(session).user?.loginName ?? '';
  const query = useQuery({
    queryKey: ['games', 'gray', loginName],
    queryFn: async () => {
      const answer = await api.call('main', GameCall.queryGrayPlatformList, {}, { quiet: true });
      return (await gameAnswers()).grayPlatformAnswer.parse(answer);
    },
    staleTime: 5 * 60_000,
  });
  useEffect(() => {
    if (query.data) gamesStore.hiddenPlatforms = [...query.data.platformCodes];
  }, [query.data]);
}

/** Counts the likes the player makes: a refresh asked for before one must not put back its older list. */
let likesMade = 0;

async function refreshPlayerGames(): Promise<void> {
  if (!isLoggedIn()) return;
  const likesBefore = likesMade;
  const [answers, likeData, historyData] = await Promise.all([
    gameAnswers(),
    api.call('main', GameCall.queryLikeGameList, {}, { quiet: true }),
    api.call('main', GameCall.queryHistoryGameList, {}, { quiet: true }),
  ]);
  const likes = answers.likeGameListAnswer.parse(likeData);
  const history = answers.historyGameListAnswer.parse(historyData);
  if (!isLoggedIn()) return;
  // A heart tapped while this was on its way: its own answer carries the server's list after it.
  if (likesMade === likesBefore) gamesStore.likeGameList = [...likes.likeGameList];
  setHistory(history.historyGameList, history.lastGamePlayed);
}

/**
 * The player's likes and recently played, from the server at login and each time the player comes
 * back to the tab; a visitor's are cleared. Offline the stored ones stay.
 */
export function usePlayerGamesSync(): void {
  const loginName = useSnapshot(session).user?.loginName ?? '';
  useEffect(() => {
    setGamesOwner(loginName);
    if (!loginName) return;
    const refresh = () => void refreshPlayerGames().catch(() => undefined);
    refresh();
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [loginName]);
}

/**
 * The heart: a visitor is asked to log in; a player's like shows at once and is undone, with a toast,
 * if the server refuses it or cannot be reached.
 */
export async function toggleLike(gameId: number): Promise<void> {
  if (!isLoggedIn()) {
    openLogin();
    return;
  }
  const before = [...gamesStore.likeGameList];
  const like = !before.includes(gameId);
  likesMade++;
  setLiked(gameId, like);
  try {
    // Its schema first: a like the server took is never undone because a script did not load.
    const { likeGameAnswer } = await gameAnswers();
    const answer = likeGameAnswer.safeParse(await api.call('main', GameCall.likeGame, { gameId, like }, { quiet: true }));
    if (answer.success && answer.data?.likeGameList) gamesStore.likeGameList = [...answer.data.likeGameList];
  } catch (error) {
    gamesStore.likeGameList = before;
    const message = (error as { kind?: string }).kind === 'network' || !navigator.onLine ? 'games.likeOffline' : 'games.likeFailed';
    showToast('fail', i18next.t(message));
  }
}
