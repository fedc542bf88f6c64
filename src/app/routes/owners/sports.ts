import { liveMatchSearch, sportsSearch } from '../../../features/sports/search';
import { routeOf, page } from '../route';
import type { Kit } from '../prefetch/sports';

const route = routeOf<Kit>();

/** The routes of features/sports. */
export const SPORTS_ROUTES = [
  route({
    path: '/foryou',
    name: 'Home_foryou',
    owner: 'sports',
    homeTab: true,
    page: page('ForYouPage', () => import('../../../features/sports/ForYouPage')),
  }),
  route({
    path: '/sports',
    name: 'Home_sports',
    owner: 'sports',
    homeTab: true,
    search: sportsSearch,
    page: page('SportsPage', () => import('../../../features/sports/SportsPage')),
    load: ({ queryClient, sportSwitchQuery, outrightsQuery }, { mode, sportId }) => {
      void queryClient.prefetchQuery(sportSwitchQuery);
      if (mode === 'outright') void queryClient.prefetchQuery(outrightsQuery(sportId ?? '1'));
    },
  }),
  route({
    path: '/liveSportGameV3',
    name: 'LiveSportGame',
    owner: 'sports',
    search: liveMatchSearch,
    page: page('LiveMatchRoute', () => import('../../pages/LiveMatchRoute')),
    children: [
      { path: 'bet', name: 'LiveSportGame_bet' },
      { path: 'builder', name: 'LiveSportGame_builder' },
      { path: 'chat', name: 'LiveSportGame_chat' },
      { path: 'picks', name: 'LiveSportGame_picks' },
      { path: 'standing', name: 'LiveSportGame_standing' },
      { path: 'analysis', name: 'LiveSportGame_analysis' },
      { path: 'line-up', name: 'LiveSportGame_lineup' },
    ],
  }),
  route({
    path: '/player',
    name: 'player',
    owner: 'sports',
    search: liveMatchSearch,
    page: page('PlayerPage', () => import('../../../features/sports/PlayerPage')),
  }),
  // The sports provider's page: our sportsbook is that widget.
  route({ path: '/saba', name: 'saba', owner: 'sports', page: page('SportsPage', () => import('../../../features/sports/SportsPage')) }),
] as const;
