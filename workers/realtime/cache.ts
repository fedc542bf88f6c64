import { createStore, del, entries, get, set } from 'idb-keyval';
import type { CachedSnapshot, SnapshotCache } from './core';
import type { StoredOutgoing, SupportOutboxStore } from './support';

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

/**
 * The queue in IndexedDB (database `panalo-support`, one entry per message, so two workers of one
 * browser, where SharedWorker is missing, never overwrite each other's). Without IndexedDB (a private
 * mode) the queue lives as long as the worker.
 */
export function indexedDbOutbox(): SupportOutboxStore {
  let store: ReturnType<typeof createStore> | null = null;
  const open = () => {
    if (typeof indexedDB === 'undefined') throw new Error('no IndexedDB');
    store ??= createStore('panalo-support', 'outbox');
    return store;
  };
  return {
    all: async () => {
      try {
        return (await entries<string, StoredOutgoing>(open())).map(([, item]) => item);
      } catch {
        return [];
      }
    },
    put: (item) => set(item.clientMessageId, item, open()),
    remove: (clientMessageId) => del(clientMessageId, open()),
  };
}
