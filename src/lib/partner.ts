/**
 * Partner hosts (spec §2, §6): the app runs inside partner mini-apps under their own host names.
 * The host says which partner; the partner decides the home page, the deposit page and the client tag.
 */

export type Partner = 'maya' | 'lazada' | 'glife' | 'viber';

/** Maya users bound through the Maya wallet carry this bindType. */
export const MAYA_BIND_TYPE = 6;

export function partnerFromHost(host: string): Partner | undefined {
  const name = host.toLowerCase();
  if (name.includes('maya')) return 'maya';
  if (name.includes('lazada')) return 'lazada';
  if (name.includes('glife') || name.includes('gcash')) return 'glife';
  if (name.includes('viber')) return 'viber';
  return undefined;
}

/** The mini-app hosts, which have a home page of their own. Viber is a messaging bot, not a mini-app. */
export function miniAppHome(partner: Partner | undefined): string | undefined {
  switch (partner) {
    case 'maya':
      return '/mayaAccount';
    case 'lazada':
    case 'glife':
      return '/miniAccount';
    default:
      return undefined;
  }
}

/** Where /wallet/deposit goes for a partner, if not to itself (spec §2). */
export function partnerDepositPage(partner: Partner | undefined, bindType: number | undefined): string | undefined {
  if (partner === 'maya' || bindType === MAYA_BIND_TYPE) return '/mayaAccount';
  // The super-app pays through its own pay sheet (tradePay), on /miniAccount.
  if (partner === 'lazada' || partner === 'glife') return '/miniAccount';
  return undefined;
}

/** The `client` body field and `platform` header for a host (spec §6: viber hosts are BOT_VIBER). */
export function clientTagsFor(partner: Partner | undefined): { client: string; platform: string; terminal: string } {
  switch (partner) {
    case 'viber':
      return { client: 'viber', platform: 'BOT_VIBER', terminal: 'VIBER' };
    case 'maya':
      return { client: 'miniapp_maya', platform: 'H5', terminal: 'MAYAMINIAPP_AP' };
    case 'lazada':
      return { client: 'miniapp_lazada', platform: 'H5', terminal: 'LAZADAMINIAPP_AP' };
    case 'glife':
      return { client: 'miniapp_glife', platform: 'H5', terminal: 'GLIFEMINIAPP_AP' };
    default:
      return { client: 'h5', platform: 'H5', terminal: 'H5' };
  }
}
