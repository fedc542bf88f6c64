import { proxy } from 'valtio/vanilla';
import type { SiteInfo } from '../contract/site';
import { local } from '../lib/storage';

/**
 * The last site information the server gave (spec §3 siteInfo). The query in features/site fetches it
 * (cached 2 minutes) and writes it here, so the route guards can read it synchronously and an offline
 * start still knows whether the regulator-compliant version is on.
 */
const KEY = 'siteInfo';

export const DEFAULT_SITE_INFO: SiteInfo = {
  pagcorVersion: false,
  completeRegis: false,
  gameList: 1,
  clientIp: '',
  PHONE_BIND_SWITCH: [],
  GLIFE_APPLETS_SWITCH: [],
  kycDays: 7,
  securityAmount: { game: 500_000, deposit: 500_000 },
};

const stored = local.get<Partial<SiteInfo> | null>(KEY, null);

/**
 * The site information the server wrote into the page (server/plugins/firstPaint.ts, `#panalo-site-info`):
 * a first visit knows it without a round trip. Not stored: the API's answer (with the player's address)
 * follows in the background and is.
 */
function inlined(): Partial<SiteInfo> | null {
  const element = typeof document === 'undefined' ? null : document.getElementById('panalo-site-info');
  if (!element) return null;
  element.remove();
  try {
    const value: unknown = JSON.parse(element.textContent ?? '');
    return value && typeof value === 'object' ? (value as Partial<SiteInfo>) : null;
  } catch {
    return null;
  }
}
const fromPage = inlined();

export const siteInfo = proxy({
  data: { ...DEFAULT_SITE_INFO, ...stored, ...fromPage } as SiteInfo,
  /** An earlier visit left site information on this device, or the page carried it. */
  known: stored !== null || fromPage !== null,
  /** Epoch ms of the last answer; 0 before one. */
  fetchedAt: 0,
});

export function setSiteInfo(data: SiteInfo, now = Date.now()): void {
  siteInfo.data = data;
  siteInfo.known = true;
  siteInfo.fetchedAt = now;
  local.set(KEY, data);
}
