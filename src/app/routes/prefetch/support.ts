import { queryClient } from '../../../api/instance';
import { chatQuery } from '../../../features/support/api';
import { chatContextOf, supportSearch } from '../../../features/support/search';
import { type RoutesData, data } from '../data';

/** The support chat: its history (a real visit only: opened about a topic, the agent hears of it). */
const supportChat = (routeName: string) =>
  data({
    search: supportSearch,
    prefetch: (search, { preload }) => {
      if (!preload) void queryClient.prefetchQuery(chatQuery(chatContextOf(search, routeName), search.conversationId));
    },
  });

export const ROUTE_DATA: RoutesData = {
  'live-support': supportChat('live-support'),
  ocssLdpage: supportChat('ocssLdpage'),
};
