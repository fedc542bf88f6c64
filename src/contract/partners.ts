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
  /** Player: whether deposits and withdrawals are open through a super-app host now (the operator's switches). */
  hostSwitches: 'partner/hostSwitches',
  /** Public: the messaging bot's sessionId (with relogin), exchanged once for a login (spec §2, §7). */
  viberCheckBind: 'viberCheckBind',
  /** Player: whether this account is linked to the messaging bot, and the bot's link (/bobotSwitch). */
  botStatus: 'partner/botStatus',
  /** Player: unlinks the messaging bot; the bot's links not yet used stop working. */
  botUnlink: 'partner/botUnlink',
  /** Player: a single-use link (≤ 10 minutes) that carries a flow the host cannot run to a browser or the native app. */
  handoff: 'partner/handoff',
  /** Public: the hand-off link's ticket, spent once: the player logged in and where the flow stopped. */
  resumeHandoff: 'partner/resumeHandoff',
} as const;

/**
 * The wallet mini-app (Maya style, spec §7 maya/*): the host POSTs its encrypted token to our Session URL,
 * we answer a one-time sessionId, the host opens /mayaAccount?sessionId=…, and the page spends it here.
 */
export const MayaCall = {
  /** Public: the landing's one-time sessionId, spent once, for a login. */
  initiateSession: 'maya/initiateSession',
  /** Player: whether this account is bound to a Maya wallet user (and which number, masked). */
  checkBindV4: 'maya/checkBindV4',
  /** Player: whether deposits and withdrawals are open inside Maya now (the operator's per-host switch). */
  checkDepositFlag: 'maya/checkDepositFlag',
  /** Player: a mini-app event (the hand-off, a capability the host lacks), for the operator's statistics. */
  eventTracking: 'maya/eventTracking',
  /** Player: a Maya deposit from inside Maya (idempotent; credited only on the provider's verified webhook). */
  createOnlineOrder: 'maya/createOnlineOrder',
} as const;

/** The Maya host's partner name (sessions.host, the kill switch `host:maya`). */
export const MAYA_HOST = 'maya';

/** The hosts with a pay bridge (tradePay): the super-app (GCash) and the e-commerce app (Lazada). */
export const SUPER_APP_HOSTS = ['gcash', 'lazada'] as const;
export type SuperAppHostName = (typeof SUPER_APP_HOSTS)[number];

const authCode = z.string().check(z.minLength(8), z.maxLength(200), z.regex(/^[\w-]+$/));
const orderNo = z.string().check(z.minLength(8), z.maxLength(64));

export const PartnerBody = {
  hostLogin: z.object({ host: z.enum(SUPER_APP_HOSTS), authCode }),
  hostPayOrder: z.object({ host: z.enum(SUPER_APP_HOSTS), amount: amountField }),
  hostPayResult: z.object({ orderNo, resultCode: z.string().check(z.regex(/^\d{4}$/)) }),
  hostSwitches: z.object({ host: z.enum(SUPER_APP_HOSTS) }),
  handoff: z.object({
    /** Where the flow resumes: one of the app's own paths. */
    path: z.string().check(z.regex(/^\/[\w\-/]{0,80}$/)),
    /** The flow's own state to carry (small JSON text). */
    state: z.string().check(z.maxLength(4_000)),
  }),
  resumeHandoff: z.object({ ticket: z.string().check(z.minLength(8), z.maxLength(200)) }),
  botStatus: z.object({}),
  botUnlink: z.object({}),
  viberCheckBind: z.object({
    sessionId: z.string().check(z.minLength(8), z.maxLength(200)),
    relogin: z.optional(z.string().check(z.maxLength(8))),
  }),
};

export const MAYA_EVENTS = ['landing', 'handoffOffered', 'handoffOpened', 'capabilityMissing', 'depositStarted'] as const;

export const MayaBody = {
  initiateSession: z.object({ sessionId: z.string().check(z.minLength(8), z.maxLength(200), z.regex(/^[\w-]+$/)) }),
  checkBindV4: z.object({}),
  checkDepositFlag: z.object({}),
  eventTracking: z.object({ event: z.enum(MAYA_EVENTS), detail: z.optional(z.string().check(z.maxLength(80))) }),
  createOnlineOrder: z.object({ amount: amountField }),
};

export interface HandoffAnswer {
  /** The link to open outside the host (this site, with a one-time ticket). */
  url: string;
  /** The native app's deep link for the same ticket. */
  appUrl: string;
  expiresIn: number;
}

export interface ResumeAnswer {
  webToken: { token: string; u2token: string };
  userInfo: unknown;
  path: string;
  state: string;
}

export interface BotStatusAnswer {
  linked: boolean;
  /** When the bot linked this account (ISO), '' when not linked. */
  linkedAt: string;
  /** Where the player opens the bot: Viber's deep link (viber://pa?chatURI=…), the simulator's chat, or '' when no bot runs. */
  botUrl: string;
}

export interface MayaBindAnswer {
  bound: boolean;
  /** The Maya number, masked (+63 917 *** 0123), when bound. */
  mobile: string;
}

export interface DepositFlagAnswer {
  deposit: boolean;
  withdraw: boolean;
  /** Why deposits are closed, in the player's words. */
  message: string;
}

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

export { HOST_CAPABILITIES, type HostCapabilities } from './hostCapabilities';

export { BRIDGE_VERSION, type BridgeEnvelope, isEnvelope } from './bridgeEnvelope';
