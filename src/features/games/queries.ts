import { loadGameList } from '../../lib/gameList';

/** The catalogue from the static lists (the service worker's cache answers when there is no network). */
export const gameListQuery = {
  queryKey: ['games', 'list'] as const,
  queryFn: () => loadGameList(true),
  staleTime: 5 * 60_000,
  // The lists come from the service worker's cache when there is no network: never wait for one.
  networkMode: 'always' as const,
};
