import { type SupportSearch, chatContextOf, supportSearch } from '../../../features/support/search';
import { type RouteLoad, routeOf, page } from '../route';
import type { Kit } from '../prefetch/support';

const route = routeOf<Kit>();
type Load<S = unknown> = RouteLoad<Kit, S>;

/** The support chat: its history (a real visit only: opened about a topic, the agent hears of it). */
const supportChat =
  (routeName: string): Load<SupportSearch> =>
  ({ queryClient, chatQuery }, search, { preload }) => {
    if (!preload) void queryClient.prefetchQuery(chatQuery(chatContextOf(search, routeName), search.conversationId));
  };

/** The routes of features/support. */
export const SUPPORT_ROUTES = [
  route({
    path: '/live-support',
    name: 'live-support',
    owner: 'support',
    search: supportSearch,
    page: page('SupportChatPage', () => import('../../../features/support/SupportChatPage')),
    load: supportChat('live-support'),
  }),
  route({
    path: '/ocssLdpage',
    name: 'ocssLdpage',
    owner: 'support',
    search: supportSearch,
    page: page('OcssLandingPage', () => import('../../../features/support/SupportChatPage')),
    load: supportChat('ocssLdpage'),
  }),
] as const;
