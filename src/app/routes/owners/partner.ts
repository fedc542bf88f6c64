import { route, P, page } from '../route';

/** The routes of features/partner. */
export const PARTNER_ROUTES = [
  // The messaging bot's settings: is the Viber bot linked, and its switch (issue 36).
  route({
    path: '/bobotSwitch',
    name: 'bobotSwitch',
    owner: 'partner',
    ...P,
    page: page('BotSwitchPage', () => import('../../../features/partner/BotSwitchPage')),
  }),
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
  // Where partner traffic lands: what Panalo is, the partner named, an account or the next step (issue 36).
  route({
    path: '/panalo_landingpage',
    name: 'product_landingpage',
    owner: 'partner',
    page: page('LandingPage', () => import('../../../features/partner/LandingPage')),
  }),
] as const;
