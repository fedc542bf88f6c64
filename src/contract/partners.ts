import * as z from 'zod/mini';
import { amountField } from './money';

/**
 * The partner-host calls (issue 36, spec §2, §6, §7): the super-app's silent login by auth code and its
 * host payments (tradePay), and the message envelope the page and a host (or the native shell) exchange.
 * Every call is prefix 'main'. Auth codes, tickets and session ids are spent once, on our server.
 */

export const PartnerCall = {
  /** Public: the page's getAuthCode result, exchanged at the host's applyToken (never twice). */
  hostLogin: 'partner/hostLogin',
  /** Player: a deposit order for the host's pay sheet (idempotent), created before the host's pay. */
  hostPayOrder: 'partner/hostPayOrder',
  /** Player: what tradePay answered the page; the server asks the host (never credits on the code). */
  hostPayResult: 'partner/hostPayResult',
  /** Public: the messaging bot's sessionId (with relogin), exchanged once for a login (spec §2, §7). */
  viberCheckBind: 'viberCheckBind',
} as const;

/** The hosts with a pay bridge (tradePay): the super-app. */
export const SUPER_APP_HOSTS = ['gcash'] as const;

const authCode = z.string().check(z.minLength(8), z.maxLength(200), z.regex(/^[\w-]+$/));
const orderNo = z.string().check(z.minLength(8), z.maxLength(64));

export const PartnerBody = {
  hostLogin: z.object({ host: z.enum(SUPER_APP_HOSTS), authCode }),
  hostPayOrder: z.object({ host: z.enum(SUPER_APP_HOSTS), amount: amountField }),
  hostPayResult: z.object({ orderNo, resultCode: z.string().check(z.regex(/^\d{4}$/)) }),
  viberCheckBind: z.object({
    sessionId: z.string().check(z.minLength(8), z.maxLength(200)),
    relogin: z.optional(z.string().check(z.maxLength(8))),
  }),
};

export type HostLoginAnswer =
  | { status: 'loggedIn'; webToken: { token: string; u2token: string }; userInfo: unknown }
  /** The host user is not bound yet and auth_base does not say who they are: ask again with auth_user. */
  | { status: 'needConsent' };

/** tradePay result codes (Alipay+), as the page reports them: 9000 is no proof of payment. */
export const TRADE_PAY_RESULT = {
  success: '9000',
  processing: '8000',
  failed: '4000',
  cancelled: '6001',
  networkError: '6002',
  unknown: '6004',
} as const;

/**
 * One versioned envelope for every message between the page and its host or native shell:
 * `{ v: 1, type, id, payload }`. A reply carries the request's id.
 */
export const BRIDGE_VERSION = 1;
export interface BridgeEnvelope {
  v: typeof BRIDGE_VERSION;
  type: string;
  id: string;
  payload: Record<string, unknown>;
}

/** Whether a message has the envelope's shape (checked before any field is read). */
export function isEnvelope(data: unknown): data is BridgeEnvelope {
  if (!data || typeof data !== 'object') return false;
  const m = data as Record<string, unknown>;
  return (
    m['v'] === BRIDGE_VERSION &&
    typeof m['type'] === 'string' &&
    /^[a-zA-Z.:]{1,40}$/.test(m['type']) &&
    typeof m['id'] === 'string' &&
    /^[\w-]{1,64}$/.test(m['id']) &&
    !!m['payload'] &&
    typeof m['payload'] === 'object' &&
    !Array.isArray(m['payload'])
  );
}
