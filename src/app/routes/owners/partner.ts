import { route, P, page } from '../route';

/** The routes of features/partner. */
export const PARTNER_ROUTES = [
  route({ path: '/bobotSwitch', name: 'bobotSwitch', owner: 'partner', ...P }),
  // Inside a super-app: the deposit through the host's pay sheet (issue 36).
  route({
    path: '/miniAccount',
    name: 'miniAccount',
    owner: 'partner',
    page: page('HostDepositPage', () => import('../../../features/partner/HostDepositPage')),
  }),
  // Panalo's home inside the Maya wallet: the landing of its one-time session (issue 36).
  route({
    path: '/mayaAccount',
    name: 'MayaStart',
    owner: 'partner',
    page: page('MayaStartPage', () => import('../../../features/partner/MayaStartPage')),
  }),
  route({ path: '/panalo_landingpage', name: 'product_landingpage', owner: 'partner' }),
] as const;
