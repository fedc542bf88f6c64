/**
 * Whether the device says it has a network, and a way to hear when that changes (the offline banner,
 * the lobby's offline notice, the feed's offline state). React reads it with `useOnline` (src/hooks)
 * or `useFeedOffline` (src/realtime), both through these two.
 */
export function subscribeOnline(callback: () => void): () => void {
  addEventListener('online', callback);
  addEventListener('offline', callback);
  return () => {
    removeEventListener('online', callback);
    removeEventListener('offline', callback);
  };
}

export const isOnline = (): boolean => navigator.onLine;
