import { messageSearch } from '../../../features/messages/search';
import { routeOf, L, page } from '../route';
import type { Kit } from '../prefetch/messages';

const route = routeOf<Kit>();

/** The routes of features/messages. */
export const MESSAGES_ROUTES = [
  route({
    path: '/messages',
    name: 'Notifications',
    owner: 'messages',
    ...L,
    page: page('MessagesRoute', () => import('../../pages/MessagesRoute')),
    load: ({ queryClient, unreadQuery, messagesQuery }) => {
      void queryClient.prefetchQuery(unreadQuery);
      void queryClient.prefetchInfiniteQuery(messagesQuery(1));
    },
  }),
  route({
    path: '/MessageDetails',
    name: 'MessageDetails',
    owner: 'messages',
    ...L,
    search: messageSearch,
    page: page('MessageDetailsPage', () => import('../../../features/messages/MessageDetailsPage')),
    // Reading a message marks it read: only a real visit fetches it, not a hover.
    load: ({ queryClient, messageQuery }, { id }, { preload }) => {
      if (id && !preload) void queryClient.prefetchQuery(messageQuery(Number(id)));
    },
  }),
] as const;
