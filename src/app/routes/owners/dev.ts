import { route } from '../route';

/** The routes of the development tools (non-production builds only). */
export const DEV_ROUTES = [
  route({ path: '/qrcode', name: 'qrcode', owner: 'dev', nonProductionOnly: true }),
  route({ path: '/demo', name: 'demo', owner: 'dev', nonProductionOnly: true }),
  route({ path: '/gamesss', name: 'gamesss', owner: 'dev', nonProductionOnly: true }),
  route({ path: '/abTest', name: 'abTest', owner: 'dev', nonProductionOnly: true }),
] as const;
