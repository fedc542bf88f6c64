import type { z } from 'zod';
import { queryClient } from '../../api/instance';
import { loginSearch } from '../../features/auth/search';
import { betListQuery, ticketQuery } from '../../features/bets/api';
import { ticketSearch } from '../../features/bets/search';
import { messageQuery, messagesQuery, unreadQuery } from '../../features/messages/api';
import { messageSearch } from '../../features/messages/search';
import { outrightsQuery, sportSwitchQuery } from '../../features/sports/api';
import { liveMatchSearch, sportsSearch } from '../../features/sports/search';
import type { RouteName } from './table';

/**
 * What a route knows about its address and its data, beside its page (pages.tsx):
 *  - `search`: the zod schema of its query (the router's validateSearch); the page receives the result
 *    as props and parses nothing by hand;
 *  - `prefetch`: the data its page will ask for, started by the route's loader so the request runs while
 *    the page's chunk downloads (and on hover, when the router preloads). It does not wait: the page
 *    shows its own skeleton and errors, as before; the page's query then finds the request under way.
 */
export interface RouteData<S extends z.ZodType = z.ZodType> {
  search?: S;
  prefetch?: (search: z.output<S>, preload: boolean) => void;
}

function data<S extends z.ZodType>(route: RouteData<S>): RouteData {
  return route as RouteData;
}

const ticket = data({
  search: ticketSearch,
  prefetch: ({ transId }) => {
    if (transId) void queryClient.prefetchQuery(ticketQuery(transId));
  },
});

export const ROUTE_DATA: Partial<Record<RouteName, RouteData>> = {
  login: data({ search: loginSearch }),
  Home_sports: data({
    search: sportsSearch,
    prefetch: ({ mode, sportId }) => {
      void queryClient.prefetchQuery(sportSwitchQuery);
      if (mode === 'outright') void queryClient.prefetchQuery(outrightsQuery(sportId ?? '1'));
    },
  }),
  LiveSportGame: data({ search: liveMatchSearch }),
  betRecord: data({ prefetch: () => void queryClient.prefetchInfiniteQuery(betListQuery({ status: 'running' })) }),
  'history-detail': ticket,
  recordDetail: ticket,
  Notifications: data({
    prefetch: () => {
      void queryClient.prefetchQuery(unreadQuery);
      void queryClient.prefetchInfiniteQuery(messagesQuery(1));
    },
  }),
  MessageDetails: data({
    search: messageSearch,
    // Reading a message marks it read: only a real visit fetches it, not a hover.
    prefetch: ({ id }, preload) => {
      if (id && !preload) void queryClient.prefetchQuery(messageQuery(Number(id)));
    },
  }),
};

export function routeDataFor(name: string): RouteData {
  return ROUTE_DATA[name as RouteName] ?? {};
}
