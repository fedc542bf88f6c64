import { fetchFile } from '../../api/files';
import { del, get, set } from 'idb-keyval';
import { StorageKey } from '../../contract/storageKeys';
import type { SiteMaintenance } from '../../contract/site';
import { MAINTENANCE_IMAGE_ENTRY } from '../../contract/siteConstants';
import { local } from '../../lib/storage';

/**
 * What the app remembers of maintenance (spec §3 stored keys `maintenance`, `maintenanceImage`; §4: the
 * image of entry 'APH5'). The image itself is kept in IndexedDB so the maintenance page shows it with
 * no network at all.
 */
export interface StoredMaintenance {
  on: boolean;
  message: string;
  endTime: string | null;
}

const IMAGE_BLOB_KEY = 'maintenanceImageBlob';

export function readMaintenance(): StoredMaintenance {
  return local.get<StoredMaintenance>(StorageKey.maintenance, { on: false, message: '', endTime: null });
}

export function maintenanceImageUrl(status: SiteMaintenance): string | undefined {
  return status.entries.find((entry) => entry.code === MAINTENANCE_IMAGE_ENTRY)?.imageUrl;
}

/** Stores the status and, when the image changed, downloads and keeps it. */
export async function rememberMaintenance(status: SiteMaintenance): Promise<void> {
  local.set(StorageKey.maintenance, { on: status.maintenance, message: status.message, endTime: status.endTime });
  const url = maintenanceImageUrl(status);
  if (!url || local.get<string>(StorageKey.maintenanceImage, '') === url) return;
  try {
    const response = await fetchFile(url);
    if (!response.ok) return;
    await set(IMAGE_BLOB_KEY, await response.blob());
    local.set(StorageKey.maintenanceImage, url);
  } catch {
    // No image this time; the page falls back to the built-in illustration.
  }
}

export async function storedMaintenanceImage(): Promise<Blob | undefined> {
  try {
    return (await get<Blob>(IMAGE_BLOB_KEY)) ?? undefined;
  } catch {
    return undefined;
  }
}

export async function forgetMaintenanceImage(): Promise<void> {
  local.remove(StorageKey.maintenanceImage);
  await del(IMAGE_BLOB_KEY).catch(() => undefined);
}
