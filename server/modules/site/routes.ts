import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import { DEFAULT_ANTI_ADDICTION, MAINTENANCE_IMAGE_ENTRY, type SiteInfo, type SiteMaintenance } from '../../../src/contract/site';
import type { SiteSettings, SiteSettingsStore } from './settings';

/** front/siteinfo's answer from the site settings (also inlined into the app's page: server/plugins/firstPaint.ts). */
export function siteInfoOf(s: SiteSettings, clientIp: string): SiteInfo {
  return {
    pagcorVersion: s.pagcorVersion,
    completeRegis: s.completeRegis,
    gameList: s.gameList,
    clientIp,
    PHONE_BIND_SWITCH: s.PHONE_BIND_SWITCH,
    GLIFE_APPLETS_SWITCH: s.GLIFE_APPLETS_SWITCH,
    kycDays: s.kycDays,
    securityAmount: s.securityAmount,
    antiAddiction: { ...DEFAULT_ANTI_ADDICTION, ...s.antiAddiction },
  };
}

/** front/siteinfo and front/siteMaintenance (spec §7), answered from the operator's site settings. */
export async function siteRoutes(app: FastifyInstance, options: { settings: SiteSettingsStore }) {
  app.call({
    prefix: 'front',
    name: 'front/siteinfo',
    auth: 'public',
    body: z.object({}).loose(),
    handler: ({ request }): SiteInfo => siteInfoOf(options.settings.read(), request.ip),
  });

  app.call({
    prefix: 'front',
    name: 'front/siteMaintenance',
    auth: 'public',
    body: z.object({}).loose(),
    handler: (): SiteMaintenance => {
      const { maintenance } = options.settings.read();
      return {
        maintenance: maintenance.on,
        message: maintenance.message,
        endTime: maintenance.endTime,
        entries: [{ code: MAINTENANCE_IMAGE_ENTRY, imageUrl: maintenance.imageUrl }],
      };
    },
  });
}
