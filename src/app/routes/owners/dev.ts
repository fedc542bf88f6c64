import { route, page } from '../route';

/**
 * The routes of the development tools (features/dev): never in a production build (the router leaves
 * nonProductionOnly routes out when import.meta.env.PROD), so `npm run dev` has them and `npm start` not.
 */
export const DEV_ROUTES = [
  route({
    path: '/qrcode',
    name: 'qrcode',
    owner: 'dev',
    nonProductionOnly: true,
    page: page('QrCodePage', () => import('../../../features/dev/QrCodePage')),
  }),
  route({
    path: '/demo',
    name: 'demo',
    owner: 'dev',
    nonProductionOnly: true,
    page: page('DemoPage', () => import('../../../features/dev/DemoPage')),
  }),
  route({
    path: '/gamesss',
    name: 'gamesss',
    owner: 'dev',
    nonProductionOnly: true,
    page: page('GamesPage', () => import('../../../features/dev/GamesPage')),
  }),
  route({
    path: '/abTest',
    name: 'abTest',
    owner: 'dev',
    nonProductionOnly: true,
    page: page('AbTestPage', () => import('../../../features/dev/AbTestPage')),
  }),
] as const;
