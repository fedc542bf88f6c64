import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { navigateTo } from '../../lib/navigation';
import { ui } from '../../stores/ui';
import { siteMaintenanceQuery } from './api';
import { rememberMaintenance } from './maintenanceStore';

/** Where to go when maintenance ends: back where the offline fallback took the player from, else /. */
function returnPath(): string {
  const from = new URLSearchParams(location.search).get('from');
  return from && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}

/**
 * Site maintenance (spec §4): polled every 5 minutes. On → store the image and go to /maintenance.
 * Off while there → back to /.
 */
export function MaintenanceWatcher() {
  const { data } = useQuery(siteMaintenanceQuery);
  const { currentRouteName } = useSnapshot(ui);
  useEffect(() => {
    if (!data) return;
    void rememberMaintenance(data);
    if (data.maintenance && currentRouteName !== 'Maintenance') navigateTo('/maintenance', { replace: true });
    if (!data.maintenance && currentRouteName === 'Maintenance') navigateTo(returnPath(), { replace: true });
  }, [data, currentRouteName]);
  return null;
}
