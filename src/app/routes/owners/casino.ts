import { type GameSearch, gameSearch as playSearch, roundSearch, transferSearch } from '../../../features/casino/search';
import { type RouteLoad, routeOf, L, P, page } from '../route';
import type { Kit } from '../prefetch/casino';

const route = routeOf<Kit>();
type Load<S = unknown> = RouteLoad<Kit, S>;

/** A game card or a game: the game from the lists (precached static files). */
const game: Load<GameSearch> = ({ queryClient, gameQuery }, { gameId }) => {
  if (gameId) void queryClient.prefetchQuery(gameQuery(Number(gameId)));
};

/** The routes of features/casino. */
export const CASINO_ROUTES = [
  route({
    path: '/gameRecordDetail',
    name: 'gameRecordDetail',
    owner: 'casino',
    ...L,
    search: roundSearch,
    page: page('GameRecordDetailPage', () => import('../../../features/casino/GameRecordDetailPage')),
    load: ({ queryClient, gameRecordDetailQuery }, { roundId }) => {
      if (roundId) void queryClient.prefetchQuery(gameRecordDetailQuery(roundId));
    },
  }),
  route({
    path: '/game',
    name: 'game',
    owner: 'casino',
    search: playSearch,
    page: page('GamePage', () => import('../../../features/casino/GamePage')),
    load: game,
  }),
  route({
    path: '/newGame',
    name: 'newGame',
    owner: 'casino',
    search: playSearch,
    page: page('NewGamePage', () => import('../../../features/casino/GamePage')),
    load: game,
  }),
  route({
    path: '/newGameV2',
    name: 'newGameV2',
    owner: 'casino',
    search: playSearch,
    page: page('NewGameV2Page', () => import('../../../features/casino/GamePage')),
    load: game,
  }),
  route({
    path: '/ingame',
    name: 'ingame',
    owner: 'casino',
    ...L,
    search: playSearch,
    page: page('InGameRoute', () => import('../../pages/PlayRoutes')),
    load: game,
  }),
  route({
    path: '/ingameV2',
    name: 'ingameV2',
    owner: 'casino',
    ...L,
    search: playSearch,
    page: page('InGameV2Route', () => import('../../pages/PlayRoutes')),
    load: game,
  }),
  route({
    path: '/glifeingame',
    name: 'glifeingame',
    owner: 'casino',
    ...L,
    search: playSearch,
    page: page('InGameRoute', () => import('../../pages/PlayRoutes')),
    load: game,
  }),
  route({
    path: '/InGameTransfer',
    name: 'InGameTransfer',
    owner: 'casino',
    ...L,
    search: transferSearch,
    page: page('InGameTransferRoute', () => import('../../pages/PlayRoutes')),
  }),
  route({
    path: '/trial',
    name: 'trial',
    owner: 'casino',
    ...P,
    search: playSearch,
    page: page('TrialRoute', () => import('../../pages/PlayRoutes')),
    load: game,
  }),
  route({
    path: '/testgame',
    name: 'testgame',
    owner: 'casino',
    ...L,
    ...P,
    search: playSearch,
    page: page('InGameRoute', () => import('../../pages/PlayRoutes')),
    load: game,
  }),
  route({
    path: '/bingo_gamezone',
    name: 'bingo_gamezone',
    owner: 'casino',
    page: page('BingoZonePage', () => import('../../../features/casino/BingoZonePage')),
    load: ({ queryClient, bingoRoomsQuery }) => void queryClient.prefetchQuery(bingoRoomsQuery),
  }),
] as const;
