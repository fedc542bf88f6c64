import { useSyncExternalStore } from 'react';

function subscribe(callback: () => void) {
  addEventListener('online', callback);
  addEventListener('offline', callback);
  return () => {
    removeEventListener('online', callback);
    removeEventListener('offline', callback);
  };
}

/** Whether the device says it has a network now (the offline banner, the lobby's offline notice, playing). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}
