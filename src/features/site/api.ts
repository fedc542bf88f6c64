import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/instance';
import { SITE_INFO_CACHE_MS, SITE_MAINTENANCE_POLL_MS } from '../../contract/constants';
import type { SiteInfo, SiteMaintenance } from '../../contract/site';
import { setSiteInfo } from '../../stores/siteInfo';

/**
 * The answers' schemas (and zod with them) load with the first answer, beside its request: every page
 * asks for the site info at start, and the first screen should not wait for zod to download (issue 14).
 */
const siteSchemas = () => import('../../contract/site');

/** front/siteinfo, cached 2 minutes (spec §4, §9); each answer also lands in the siteInfo store. */
export const siteInfoQuery = queryOptions({
  queryKey: ['front', 'siteinfo'],
  queryFn: async (): Promise<SiteInfo> => {
    const [answer, { siteInfoSchema }] = await Promise.all([api.call('front', 'front/siteinfo', {}, { quiet: true }), siteSchemas()]);
    const data = siteInfoSchema.parse(answer);
    setSiteInfo(data);
    return data;
  },
  staleTime: SITE_INFO_CACHE_MS,
  gcTime: SITE_INFO_CACHE_MS * 2,
});

/** front/siteMaintenance, polled every 5 minutes (spec §4, §9). */
export const siteMaintenanceQuery = queryOptions({
  queryKey: ['front', 'siteMaintenance'],
  queryFn: async (): Promise<SiteMaintenance> => {
    const [answer, { siteMaintenanceSchema }] = await Promise.all([
      api.call('front', 'front/siteMaintenance', {}, { quiet: true }),
      siteSchemas(),
    ]);
    return siteMaintenanceSchema.parse(answer);
  },
  refetchInterval: SITE_MAINTENANCE_POLL_MS,
  staleTime: 0,
});
