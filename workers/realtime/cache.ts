import { createStore, get, set } from 'idb-keyval';
import type { CachedSnapshot, SnapshotCache } from './core';

/**
 * The last snapshot of every list and match the worker loaded, in IndexedDB (database
 * `panalo-realtime`, store `snapshots`, keyed as the core keys its views), for a reload with no
 * network. A device without IndexedDB (private modes) keeps nothing: reads find nothing.
 */
export function indexedDbCache(): SnapshotCache {
  let store: ReturnType<typeof createStore> | null = null;
  const open = () => {
    if (typeof indexedDB === 'undefined') throw new Error('no IndexedDB');
    store ??= createStore('panalo-realtime', 'snapshots');
    return store;
  };
  return {
    read: async (key) => {
      try {
        return await get<CachedSnapshot>(key, open());
      } catch {
        return undefined;
      }
    },
    write: (key, value) => set(key, value, open()),
  };
}
