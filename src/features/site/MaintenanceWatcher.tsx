import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { navigateTo } from '../../lib/navigation';
import { ui } from '../../stores/ui';
import { siteMaintenanceQuery } from './api';
import { rememberMaintenance } from './maintenanceStore';
import { maintenanceSearch } from './search';

/**
 * Where site maintenance sends the player (spec §4): on → /maintenance; off while there → back where
 * the offline fallback took them from (its `from` parameter), else /. Undefined: stay.
 */
export function maintenanceNavigation(maintenanceOn: boolean, currentRouteName: string, search: string): string | undefined {
  const onMaintenancePage = currentRouteName === 'Maintenance';
  if (maintenanceOn) return onMaintenancePage ? undefined : '/maintenance';
  if (!onMaintenancePage) return undefined;
  return maintenanceSearch.parse(Object.fromEntries(new URLSearchParams(search))).from ?? '/';
}

/** Polls front/siteMaintenance every 5 minutes and moves the player accordingly. */
export function MaintenanceWatcher() {
  const { data } = useQuery(siteMaintenanceQuery);
  const { currentRouteName } = useSnapshot(ui);
  useEffect(() => {
    if (!data) return;
    void rememberMaintenance(data);
    const target = maintenanceNavigation(data.maintenance, currentRouteName, location.search);
    if (target) navigateTo(target, { replace: true });
  }, [data, currentRouteName]);
  return null;
}
