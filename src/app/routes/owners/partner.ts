import { route, P } from '../route';

/** The routes of features/partner. */
export const PARTNER_ROUTES = [
  route({ path: '/bobotSwitch', name: 'bobotSwitch', owner: 'partner', ...P }),
  route({ path: '/miniAccount', name: 'miniAccount', owner: 'partner' }),
  route({ path: '/mayaAccount', name: 'MayaStart', owner: 'partner' }),
  route({ path: '/panalo_landingpage', name: 'product_landingpage', owner: 'partner' }),
] as const;
