import { StorageKey } from '../contract/storageKeys';
import { uuid } from './ids';
import { local } from './storage';

/** A stable id for this browser, made once and kept in localStorage (the `deviceId` header). */
export function deviceId(): string {
  const saved = local.get<unknown>(StorageKey.deviceId, '');
  if (typeof saved === 'string' && saved.length >= 16) return saved;
  const id = uuid();
  local.set(StorageKey.deviceId, id);
  return id;
}

/** Where the app runs, for the `container` header. */
export function containerKind(opts: { native: boolean; miniApp: boolean }): 'native' | 'miniapp' | 'pwa' | 'browser' {
  if (opts.native) return 'native';
  if (opts.miniApp) return 'miniapp';
  if (typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches) return 'pwa';
  return 'browser';
}
