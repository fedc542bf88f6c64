import { queryClient } from '../../../api/instance';
import { gameQuery, gameRecordDetailQuery, gameListQuery as bingoRoomsQuery } from '../../../features/casino/api';
import { gameSearch as playSearch, roundSearch } from '../../../features/casino/search';
import { type RoutesData, data } from '../data';

/** A game card or a game: the game from the lists (precached static files). */
const game = data({
  search: playSearch,
  prefetch: ({ gameId }) => {
    if (gameId) void queryClient.prefetchQuery(gameQuery(Number(gameId)));
  },
});

export const ROUTE_DATA: RoutesData = {
  game,
  newGame: game,
  newGameV2: game,
  ingame: game,
  ingameV2: game,
  glifeingame: game,
  testgame: game,
  trial: game,
  gameRecordDetail: data({
    search: roundSearch,
    prefetch: ({ roundId }) => {
      if (roundId) void queryClient.prefetchQuery(gameRecordDetailQuery(roundId));
    },
  }),
  bingo_gamezone: data({ prefetch: () => void queryClient.prefetchQuery(bingoRoomsQuery) }),
};
