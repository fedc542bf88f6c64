import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SiteInfo } from '../../../src/contract/site';
import { siteInfoOf, siteRoutes } from './routes';
import { type SiteSettingsStore, fileSiteSettings } from './settings';

/**
 * The site module: the operator's site settings (`<dataDir>/site.json`, read by the modules that obey
 * them: KYC rules, casino maintenance, the sportsbook's switches) and front/siteinfo, front/siteMaintenance.
 */
export interface Site {
  readonly settings: SiteSettingsStore;
  /** front/siteinfo's answer for a client address ('' for the page the server draws). */
  info(clientIp: string): SiteInfo;
}

declare module 'fastify' {
  interface FastifyInstance {
    site: Site;
  }
}

export type { SiteSettings, SiteSettingsStore } from './settings';

export const site = fp(
  async (app: FastifyInstance) => {
    const settings = fileSiteSettings(app.config.dataDir, app.log);
    app.decorate('site', { settings, info: (clientIp: string) => siteInfoOf(settings.read(), clientIp) } satisfies Site);
    await app.register(siteRoutes, { settings });
  },
  { name: 'site', dependencies: ['core'] },
);
