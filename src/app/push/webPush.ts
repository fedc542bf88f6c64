import { api } from '../../api/instance';
import { PushCall } from '../../contract/pushKinds';
import { StorageKey } from '../../contract/storageKeys';
import { local } from '../../lib/storage';
import { preferences } from '../../stores/preferences';

/**
 * Web Push in the page (issue 38): the browser's subscription (pushManager, with the server's VAPID key)
 * handed to the server for the logged-in player. The server takes the player from the session. Nothing
 * here is in the entry bundle: the Watchers chunk and the settings page load it.
 */

/** Whether this browser can take push at all (iOS: only the app added to the home screen). */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

export function pushPermission(): NotificationPermission | 'unsupported' {
  return pushSupported() ? Notification.permission : 'unsupported';
}

/** The offer was made (accepted or not): it is not made again on this device. */
export function offerMade(): boolean {
  return local.get<boolean>(StorageKey.pushOffer, false);
}
export function rememberOffer(): void {
  local.set(StorageKey.pushOffer, true);
}

function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * With permission granted: this browser's subscription (made if there is none, or if it was made with
 * another server key) sent to the server. Every load does it, so a subscription the browser renewed,
 * or one the server pruned, is known again. Answers whether the server has it.
 */
export async function syncSubscription(): Promise<boolean> {
  if (pushPermission() !== 'granted') return false;
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await api.call<{ publicKey: string }>('push', PushCall.key, {}, { quiet: true });
  const key = applicationServerKey(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  const current = subscription?.options.applicationServerKey;
  if (subscription && current && !sameBytes(new Uint8Array(current), key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = subscription.toJSON();
  await api.call('push', PushCall.subscribe, { endpoint: json.endpoint, keys: json.keys, lang: preferences.language }, { quiet: true });
  return true;
}

/** Asks the browser's permission (from a tap) and subscribes: whether notifications are on now. */
export async function turnOnPush(): Promise<boolean> {
  if (!pushSupported()) return false;
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return false;
  return syncSubscription();
}

/** This browser's subscription dropped, here and on the server (a logout, or the player turning push off). */
export async function dropSubscription(): Promise<void> {
  if (!pushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await api.call('push', PushCall.unsubscribe, { endpoint: subscription.endpoint }, { quiet: true }).catch(() => undefined);
  await subscription.unsubscribe().catch(() => false);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}
