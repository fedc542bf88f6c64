import { maintenanceSearch } from '../../../features/site/search';
import { route, P, page, SHELL_PAGE } from '../route';

/** The routes of features/site. */
export const SITE_ROUTES = [
  route({ path: '/', name: 'Home', owner: 'site' }),
  route({
    path: '/download',
    name: 'download',
    owner: 'site',
    page: page('InstallPage', () => import('../../../features/site/InstallPage')),
  }),
  route({
    path: '/appdownload',
    name: 'appdownload',
    owner: 'site',
    page: page('InstallPage', () => import('../../../features/site/InstallPage')),
  }),
  route({
    path: '/apkdownload',
    name: 'apkdownload',
    owner: 'site',
    ...P,
    page: page('ApkDownloadPage', () => import('../../../features/site/InstallPage')),
  }),
  route({
    path: '/pwadownload',
    name: 'pwadownload',
    owner: 'site',
    page: page('InstallPage', () => import('../../../features/site/InstallPage')),
  }),
  route({ path: '/maintenance', name: 'Maintenance', owner: 'site', search: maintenanceSearch, page: SHELL_PAGE }),
  route({
    path: '/notWork',
    name: 'notWork',
    owner: 'site',
    page: page('NotWorkPage', () => import('../../../features/site/NotWorkPage')),
  }),
  // /init: the entry a native shell or a partner opens first; the guards run its query rules, then send it home as / (routes/guards.ts).
  route({ path: '/init', name: 'init', owner: 'site' }),
] as const;
