import { queryClient } from '../../../api/instance';
import { gameListQuery } from '../../../features/games/queries';
import { type RoutesData, data } from '../data';

// The casino lobby and its search read the same static game lists (cached by the service worker; on a
// /games page the server carried them, which the query starts from).
const lists = data({ prefetch: () => void queryClient.prefetchQuery(gameListQuery) });

export const ROUTE_DATA: RoutesData = {
  Home_games: lists,
  search: lists,
};
