import { ALIPAY_PLUS } from './alipayPlus';

/**
 * The super-app hosts with a mini-program bridge (getAuthCode, tradePay) whose simulators share one
 * machinery (gcashHost.ts, hostPage.ts): GCash (built on Alipay+ mini programs) and Lazada (its mini apps
 * run on Alibaba's mini-program platform, the same bridge and server API shapes). Each has its own users,
 * page, client id, signing keys and callback path, so a code or a payment of one is nothing to the other.
 */
export interface HostUser {
  userId: string;
  name: string;
  mobile: string;
}

export interface SuperAppSpec {
  /** Our name of the host: sessions.host, the kill switch `host:<name>`, partner links. */
  name: 'gcash' | 'lazada';
  /** How the player knows it. */
  brand: string;
  /** The provider of its deposit orders and of its callback route (/webhooks/<provider>). */
  provider: string;
  /** The deposit orders' pay type (the records show it) and the channel kill switch `channel:<payType>`. */
  payType: 'gcash' | 'lazada';
  /** The simulator's page (development and tests only). */
  pagePath: string;
  /** The partner origin the host opens the app with (spec §2 isFrom). */
  isFrom: string;
  users: readonly [HostUser, HostUser, HostUser];
  /** The host bar's colour on the simulator page. */
  color: string;
}

export const GCASH_SPEC: SuperAppSpec = {
  name: 'gcash',
  brand: 'GCash',
  provider: ALIPAY_PLUS,
  payType: 'gcash',
  pagePath: '/sim/host/gcash',
  isFrom: 'Glife',
  users: [
    { userId: '2166100000000001', name: 'Demo Player (GCash)', mobile: '+639175550123' },
    { userId: '2166100000000002', name: 'Second GCash user', mobile: '+639175550999' },
    { userId: '2166100000000003', name: 'GCash user without Panalo', mobile: '+639175550888' },
  ],
  color: '#0b5cff',
};

export const LAZADA_SPEC: SuperAppSpec = {
  name: 'lazada',
  brand: 'Lazada',
  provider: 'lazadapay',
  payType: 'lazada',
  pagePath: '/sim/host/lazada',
  isFrom: 'Lazada',
  users: [
    { userId: 'LZD6300000001', name: 'Demo Player (Lazada)', mobile: '+639175550123' },
    { userId: 'LZD6300000002', name: 'Second Lazada shopper', mobile: '+639175550999' },
    { userId: 'LZD6300000003', name: 'Lazada shopper without Panalo', mobile: '+639175550888' },
  ],
  color: '#0f146d',
};

export const SUPER_APP_SPECS: readonly SuperAppSpec[] = [GCASH_SPEC, LAZADA_SPEC];

/** Where a host's notifyPayment lands: our webhook route for its provider, through the payments inbox. */
export const notifyPathOf = (spec: Pick<SuperAppSpec, 'provider'>) => `/webhooks/${spec.provider}`;
