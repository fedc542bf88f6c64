import { queryClient } from '../../../api/instance';
import { betListQuery, ticketQuery } from '../../../features/bets/api';
import { ticketSearch } from '../../../features/bets/search';
import { type RoutesData, data } from '../data';

export const ROUTE_DATA: RoutesData = {
  betRecord: data({ prefetch: () => void queryClient.prefetchInfiniteQuery(betListQuery({ status: 'running' })) }),
  'history-detail': data({
    search: ticketSearch,
    prefetch: ({ transId }) => {
      if (transId) void queryClient.prefetchQuery(ticketQuery(transId));
    },
  }),
};
