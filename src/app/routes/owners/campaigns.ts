import { masskaraSearch } from '../../../features/campaigns/search';
import { route, page } from '../route';

/**
 * The routes of features/campaigns: missions (issue 35). /sportActivity/quests/:eventId lists an event's
 * missions with the player's progress; /sportActivity/:id shows one mission; /rtgGameTournament the slot
 * tournaments with their standings; /sportActivity-nba-live the NBA live activity; /campaign/masskara the
 * Masskara campaign (spec §2: its children mask-collection and my-prizes need login) with the raffles on its
 * main page.
 */
export const CAMPAIGNS_ROUTES = [
  route({
    path: '/sportActivity/$id',
    name: 'sportActivity',
    owner: 'campaigns',
    page: page('MissionPage', () => import('../../../features/campaigns/MissionsPage')),
  }),
  route({
    path: '/sportActivity/quests/$eventId',
    name: 'sportActivity-quests',
    owner: 'campaigns',
    page: page('MissionsPage', () => import('../../../features/campaigns/MissionsPage')),
  }),
  // The NBA live activity (issue 35): its live missions beside the basketball games in play, and one of them.
  route({
    path: '/sportActivity-nba-live',
    name: 'sportActivity-nba-live',
    owner: 'campaigns',
    page: page('NbaLiveRoute', () => import('../../pages/SportCampaignRoutes')),
  }),
  route({
    path: '/sportActivity-nba-live/$id',
    name: 'sportActivity-nba-live-detail',
    owner: 'campaigns',
    page: page('NbaLiveActivityPage', () => import('../../../features/campaigns/MissionsPage')),
  }),
  route({
    path: '/rtgGameTournament',
    name: 'rtgGameTournament',
    owner: 'campaigns',
    page: page('TournamentPage', () => import('../../../features/campaigns/TournamentPage')),
  }),
  route({
    path: '/campaign/masskara',
    name: 'masskara',
    owner: 'campaigns',
    search: masskaraSearch,
    page: page('MasskaraPage', () => import('../../../features/campaigns/MasskaraPage')),
    children: [
      { path: 'main', name: 'masskara_main' },
      { path: 'records', name: 'masskara_records' },
      { path: 'rules', name: 'masskara_rules' },
      { path: 'mask-collection', name: 'masskara_mask-collection', loginRequired: true },
      { path: 'my-prizes', name: 'masskara_my-prizes', loginRequired: true },
    ],
  }),
] as const;
