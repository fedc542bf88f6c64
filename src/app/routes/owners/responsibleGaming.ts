import { rgSearch } from '../../../features/responsibleGaming/search';
import { type RouteLoad, routeOf, page } from '../route';
import type { Kit } from '../prefetch/responsibleGaming';

const route = routeOf<Kit>();
type Load<S = unknown> = RouteLoad<Kit, S>;

/** A player's limits, breaks and reminders (a visitor sees the text and the helpline: nothing to fetch). */
const tools: Load = ({ queryClient, rgStatusQuery, isLoggedIn, session }) => {
  if (isLoggedIn()) void queryClient.prefetchQuery(rgStatusQuery(session.webToken.token));
};

/** The routes of features/responsibleGaming. */
export const RESPONSIBLE_GAMING_ROUTES = [
  route({
    path: '/responsibleGaming',
    name: 'responsibleGaming',
    owner: 'responsibleGaming',
    search: rgSearch,
    page: page('ResponsibleGamingPage', () => import('../../../features/responsibleGaming/ResponsibleGamingPage')),
    load: tools,
  }),
  route({
    path: '/responsive-gaming',
    name: 'responsive-gaming',
    owner: 'responsibleGaming',
    search: rgSearch,
    page: page('ResponsibleGamingPage', () => import('../../../features/responsibleGaming/ResponsibleGamingPage')),
    load: tools,
  }),
] as const;
