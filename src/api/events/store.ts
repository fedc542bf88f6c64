import { type UseStore, createStore, delMany, setMany, values } from 'idb-keyval';
import type { WireEvent } from '../../contract/events';
import type { EventStore } from './pipe';

/**
 * The events waiting on the device, in IndexedDB (idb-keyval's own database, one object store): they
 * survive a closed tab, an offline spell and a reload, and leave once the server has them. Keys sort
 * by time, so `all()` is oldest first. Without IndexedDB (a private window that refuses it) the events
 * wait in memory for the page's life.
 */
const key = (event: WireEvent) => `${String(event.at).padStart(15, '0')}:${event.id}`;

export function indexedDbStore(): EventStore {
  let store: UseStore;
  try {
    store = createStore('panalo-events', 'queue');
  } catch {
    return memoryStore();
  }
  const keys = new Map<string, string>();
  return {
    async all() {
      const events = await values<WireEvent>(store);
      for (const event of events) keys.set(event.id, key(event));
      return events.sort((a, b) => a.at - b.at);
    },
    async add(events) {
      for (const event of events) keys.set(event.id, key(event));
      await setMany(
        events.map((event) => [key(event), event]),
        store,
      );
    },
    async remove(ids) {
      const gone = ids.map((id) => keys.get(id)).filter((k): k is string => k !== undefined);
      for (const id of ids) keys.delete(id);
      await delMany(gone, store);
    },
  };
}

export function memoryStore(): EventStore {
  const held = new Map<string, WireEvent>();
  return {
    all: () => Promise.resolve([...held.values()].sort((a, b) => a.at - b.at)),
    add: (events) => {
      for (const event of events) held.set(event.id, event);
      return Promise.resolve();
    },
    remove: (ids) => {
      for (const id of ids) held.delete(id);
      return Promise.resolve();
    },
  };
}
