import { ticketSearch } from '../../../features/bets/search';
import { routeOf, L, page } from '../route';
import type { Kit } from '../prefetch/bets';

const route = routeOf<Kit>();

/** The routes of features/bets. */
export const BETS_ROUTES = [
  route({
    path: '/betRecord',
    name: 'betRecord',
    owner: 'bets',
    ...L,
    page: page('BetRecordPage', () => import('../../../features/bets/BetRecordPage')),
    load: ({ queryClient, betListQuery }) => void queryClient.prefetchInfiniteQuery(betListQuery({ status: 'running' })),
  }),
  route({
    path: '/history-detail',
    name: 'history-detail',
    owner: 'bets',
    ...L,
    search: ticketSearch,
    page: page('BetDetailPage', () => import('../../../features/bets/BetDetailPage')),
    load: ({ queryClient, ticketQuery }, { transId }) => {
      if (transId) void queryClient.prefetchQuery(ticketQuery(transId));
    },
  }),
] as const;
