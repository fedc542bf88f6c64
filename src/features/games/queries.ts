import { loadGameList } from '../../api/gameList';
import { carriedGameList, carriedGameListAt } from './firstList';

/**
 * The catalogue from the static lists (the service worker's cache answers when there is no network); on
 * a /games page the server carried it (./firstList.ts), so the lobby starts from that copy.
 */
export const gameListQuery = {
  queryKey: ['games', 'list'] as const,
  queryFn: () => loadGameList(true),
  initialData: carriedGameList,
  initialDataUpdatedAt: carriedGameListAt,
  staleTime: 5 * 60_000,
  // The lists come from the service worker's cache when there is no network: never wait for one.
  networkMode: 'always' as const,
};
