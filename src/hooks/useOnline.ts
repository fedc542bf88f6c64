import { useSyncExternalStore } from 'react';
import { isOnline, subscribeOnline } from '../lib/online';

/** Whether the device says it has a network now (the offline banner, the lobby's offline notice, playing). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, () => true);
}
