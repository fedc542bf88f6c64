/**
 * Messages from the page to the product's native app shell (spec §2: error-back signal, deep links; §8:
 * native home after a session expiry). The shell injects one of three bridges; the first present wins.
 */

export type NativeEvent = 'errorBack' | 'home' | 'deepLink';

interface Bridges {
  ReactNativeWebView?: { postMessage(message: string): void };
  webkit?: { messageHandlers?: { panalo?: { postMessage(message: unknown): void } } };
  PanaloAndroid?: { postMessage(message: string): void };
}

export function sendToNative(event: NativeEvent, payload: Record<string, unknown> = {}, target: Bridges = globalThis as Bridges): boolean {
  const message = JSON.stringify({ event, ...payload });
  if (target.ReactNativeWebView) {
    target.ReactNativeWebView.postMessage(message);
    return true;
  }
  const ios = target.webkit?.messageHandlers?.panalo;
  if (ios) {
    ios.postMessage(message);
    return true;
  }
  if (target.PanaloAndroid) {
    target.PanaloAndroid.postMessage(message);
    return true;
  }
  return false;
}

/** The native app's deep-link targets (spec §2 "Deep-link schemes"). */
export const DEEP_LINKS = {
  login: 'panalo://login',
  register: 'panalo://register',
  deposit: 'panalo://deposit',
  withdrawal: 'panalo://withdrawal',
  game: 'panalo://game',
  customerService: 'panalo://customer-service',
  bindPaymentAccounts: 'panalo://bind-payment-accounts',
  home: 'panalo://home',
  promo: 'panalo://promo',
  kyc: 'panalo://kyc',
  bindPhone: 'panalo://bind-phone',
  userCenter: 'panalo://user-center',
  safeCenter: 'panalo://safe-center',
} as const;
export type DeepLinkTarget = keyof typeof DEEP_LINKS;

/** The deep-link URL for a target, with its query (e.g. the game to open). */
export function deepLink(target: DeepLinkTarget, query: Record<string, string> = {}): string {
  const qs = new URLSearchParams(query).toString();
  return qs ? `${DEEP_LINKS[target]}?${qs}` : DEEP_LINKS[target];
}
