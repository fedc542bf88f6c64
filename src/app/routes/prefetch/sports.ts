import { queryClient } from '../../../api/instance';
import { outrightsQuery, sportSwitchQuery } from '../../../features/sports/api';
import { sportsSearch } from '../../../features/sports/search';
import { type RoutesData, data } from '../data';

export const ROUTE_DATA: RoutesData = {
  Home_sports: data({
    search: sportsSearch,
    prefetch: ({ mode, sportId }) => {
      void queryClient.prefetchQuery(sportSwitchQuery);
      if (mode === 'outright') void queryClient.prefetchQuery(outrightsQuery(sportId ?? '1'));
    },
  }),
};
