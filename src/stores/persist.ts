import { subscribe } from 'valtio/vanilla';
import { local } from '../lib/storage';

/**
 * Loads a valtio store's persisted fields from localStorage and writes them back on every change.
 * Only the listed fields are stored; a stored value of the wrong type is ignored, not trusted.
 */
export function persistFields<T extends object, K extends keyof T & string>(store: T, key: string, fields: readonly K[]): () => void {
  const saved = local.get<Partial<Record<K, unknown>> | null>(key, null);
  if (saved && typeof saved === 'object') {
    for (const field of fields) {
      const value = saved[field];
      if (value !== undefined && typeof value === typeof store[field]) {
        (store as Record<K, unknown>)[field] = value;
      }
    }
  }
  return subscribe(store, () => {
    const snapshot: Partial<Record<K, unknown>> = {};
    for (const field of fields) snapshot[field] = store[field];
    local.set(key, snapshot);
  });
}
