import { queryClient } from '../../../api/instance';
import { messageQuery, messagesQuery, unreadQuery } from '../../../features/messages/api';
import { messageSearch } from '../../../features/messages/search';
import { type RoutesData, data } from '../data';

export const ROUTE_DATA: RoutesData = {
  Notifications: data({
    prefetch: () => {
      void queryClient.prefetchQuery(unreadQuery);
      void queryClient.prefetchInfiniteQuery(messagesQuery(1));
    },
  }),
  MessageDetails: data({
    search: messageSearch,
    // Reading a message marks it read: only a real visit fetches it, not a hover.
    prefetch: ({ id }, { preload }) => {
      if (id && !preload) void queryClient.prefetchQuery(messageQuery(Number(id)));
    },
  }),
};
