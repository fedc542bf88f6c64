/**
 * Web Push (issue 38), the zod-free part: the kinds of notification a player can switch, what a
 * notification carries to the service worker, and the call names. Read by the service worker and the
 * opt-in code, which must not pull zod into their bundles (src/contract/push.ts has the body schemas).
 */

/** The kinds a player switches on or off in /settings (all on when first subscribed). */
export const PUSH_KINDS = ['betSettled', 'cashout', 'withdrawal', 'kyc', 'depositLimit'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];
export type PushSettings = Record<PushKind, boolean>;

export const PushCall = {
  /** Public: the server's VAPID public key (base64url), for pushManager.subscribe's applicationServerKey. */
  key: 'webPush/key',
  /** Player: this browser's subscription is the session's player's (an endpoint moves to whoever subscribes it last). */
  subscribe: 'webPush/subscribe',
  /** Player: this browser's subscription is dropped (the endpoint is enough). */
  unsubscribe: 'webPush/unsubscribe',
  /** Player: the per-kind switches and how many browsers are subscribed. */
  settings: 'webPush/settings',
  /** Player: switches some kinds on or off. */
  saveSettings: 'webPush/saveSettings',
} as const;

/** What a push message's payload is (JSON), as the service worker reads it. */
export interface PushPayload {
  kind: PushKind;
  title: string;
  body: string;
  /** The page a tap opens (same origin path with search), e.g. /history-detail?transId=… */
  url: string;
  /** Same tag: a newer notification replaces the older (a ticket's, a withdrawal's). */
  tag: string;
}

/**
 * Account events the push module turns into notifications (server/realtime/bus.ts `notice` events);
 * bets come as the `bet` events the realtime side already delivers. Amounts in centavos.
 */
export type AccountNotice =
  | { kind: 'withdrawal'; status: 'paid' | 'failed'; orderNo: string; amount: number }
  | { kind: 'kyc'; decision: 'approved' | 'rejected' | 'refused'; ref: number }
  | { kind: 'depositLimit'; limit: string; value: number; resetsAt: string | null };

/** The languages notifications are written in (the app's languages). */
export const PUSH_LANGS = ['en', 'cn'] as const;
export type PushLang = (typeof PUSH_LANGS)[number];
