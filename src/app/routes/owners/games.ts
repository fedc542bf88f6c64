import { gameSearch } from '../../../features/games/search';
import { type RouteLoad, routeOf, page } from '../route';
import type { Kit } from '../prefetch/games';

const route = routeOf<Kit>();
type Load<S = unknown> = RouteLoad<Kit, S>;

// The casino lobby and its search read the same static game lists (cached by the service worker; on a
// /games page the server carried them, which the query starts from).
const lists: Load = ({ queryClient, gameListQuery }) => void queryClient.prefetchQuery(gameListQuery);

/** The routes of features/games. */
export const GAMES_ROUTES = [
  route({
    path: '/games/$gameKind',
    name: 'Home_games',
    owner: 'games',
    homeTab: true,
    page: page('GamesTab', () => import('../../../features/games/GamesTab')),
    load: lists,
  }),
  route({
    path: '/search',
    name: 'search',
    owner: 'games',
    search: gameSearch,
    page: page('SearchPage', () => import('../../../features/games/GamesTab')),
    load: lists,
  }),
] as const;
