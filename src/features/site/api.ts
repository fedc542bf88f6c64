import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/instance';
import { SITE_INFO_CACHE_MS, SITE_MAINTENANCE_POLL_MS } from '../../contract/constants';
import { type SiteInfo, type SiteMaintenance, siteInfoSchema, siteMaintenanceSchema } from '../../contract/site';
import { setSiteInfo } from '../../stores/siteInfo';

/** front/siteinfo, cached 2 minutes (spec §4, §9); each answer also lands in the siteInfo store. */
export const siteInfoQuery = queryOptions({
  queryKey: ['front', 'siteinfo'],
  queryFn: async (): Promise<SiteInfo> => {
    const data = siteInfoSchema.parse(await api.call('front', 'front/siteinfo', {}, { quiet: true }));
    setSiteInfo(data);
    return data;
  },
  staleTime: SITE_INFO_CACHE_MS,
  gcTime: SITE_INFO_CACHE_MS * 2,
});

/** front/siteMaintenance, polled every 5 minutes (spec §4, §9). */
export const siteMaintenanceQuery = queryOptions({
  queryKey: ['front', 'siteMaintenance'],
  queryFn: async (): Promise<SiteMaintenance> =>
    siteMaintenanceSchema.parse(await api.call('front', 'front/siteMaintenance', {}, { quiet: true })),
  refetchInterval: SITE_MAINTENANCE_POLL_MS,
  staleTime: 0,
});
