/**
 * The one place that touches localStorage and sessionStorage (raw access is banned by lint). Reads never
 * throw: private mode, a full quota or a corrupt value answer the fallback, so a bad byte on a player's
 * phone never stops the app from starting.
 */

type Area = 'local' | 'session';

const memory: Record<Area, Map<string, string>> = { local: new Map(), session: new Map() };

function area(kind: Area): Storage | undefined {
  try {
    const store = kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
    return store ?? undefined;
  } catch {
    return undefined;
  }
}

function readRaw(kind: Area, key: string): string | null {
  const store = area(kind);
  try {
    if (store) return store.getItem(key);
  } catch {
    // fall through to memory
  }
  return memory[kind].get(key) ?? null;
}

function writeRaw(kind: Area, key: string, value: string | null): void {
  const store = area(kind);
  try {
    if (store) {
      if (value === null) store.removeItem(key);
      else store.setItem(key, value);
      return;
    }
  } catch {
    // quota or private mode: keep it for this page's life at least
  }
  if (value === null) memory[kind].delete(key);
  else memory[kind].set(key, value);
}

function read<T>(kind: Area, key: string, fallback: T): T {
  const raw = readRaw(kind, key);
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

function write(kind: Area, key: string, value: unknown): void {
  writeRaw(kind, key, value === undefined ? null : JSON.stringify(value));
}

export const local = {
  get: <T>(key: string, fallback: T): T => read('local', key, fallback),
  set: (key: string, value: unknown): void => write('local', key, value),
  remove: (key: string): void => writeRaw('local', key, null),
};

export const session = {
  get: <T>(key: string, fallback: T): T => read('session', key, fallback),
  set: (key: string, value: unknown): void => write('session', key, value),
  remove: (key: string): void => writeRaw('session', key, null),
};
