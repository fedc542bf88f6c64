import { useSyncExternalStore } from 'react';

function subscribe(callback: () => void) {
  addEventListener('online', callback);
  addEventListener('offline', callback);
  return () => {
    removeEventListener('online', callback);
    removeEventListener('offline', callback);
  };
}

/** Whether the device has a network now (playing needs one; the lists open without). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}
