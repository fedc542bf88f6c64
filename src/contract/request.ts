import { APP_ID, APP_VERSION, PRODUCT_ID, TENANT } from './constants';
import { HEADER, type SignInput, computeSign } from './sign';

/**
 * The one builder of a signed call (spec §7): the body fields every call carries and the contract
 * headers with the Sign. The page's API client (src/api) and the realtime worker (workers/realtime)
 * both send through it, so a call from the worker says who and where the player is exactly as a call
 * from the page does.
 */

/** Who is calling and from where: what the app knows and the call itself does not. */
export interface Caller {
  /** The deployment's app key (the Sign's key). */
  appKey: string;
  /** The session or visitor token; '' before one is fetched. */
  token: string;
  language: string;
  deviceId: string;
  /** `client` body field (h5, viber, miniapp_maya…). */
  client: string;
  /** `platform` header (H5, BOT_VIBER). */
  platform: string;
  /** Where the app runs: browser, pwa, native, miniapp. */
  container: string;
  /** The native or partner package name, '' in a browser. */
  packageName: string;
  domainName: string;
  pathname: string;
}

/** The caller of a page before it knows anything: a browser tab of the plain web app. */
export const ANONYMOUS_CALLER: Caller = {
  appKey: '',
  token: '',
  language: 'en',
  deviceId: '',
  client: 'h5',
  platform: 'H5',
  container: 'browser',
  packageName: '',
  domainName: '',
  pathname: '',
};

/** The fields every call's body carries (spec §7), under the call's own; the player's when logged in. */
export function callBody(
  body: Record<string, unknown>,
  caller: Pick<Caller, 'client'>,
  player: { loginName?: string | undefined; customerId?: string | undefined } = {},
): Record<string, unknown> {
  const base: Record<string, unknown> = { productId: PRODUCT_ID, tenant: TENANT, client: caller.client };
  if (player.loginName) base['loginName'] = player.loginName;
  if (player.customerId) base['customerId'] = player.customerId;
  return { ...base, ...body };
}

/** Header values must be Latin-1; a path with other characters is percent-encoded. */
function headerSafe(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : encodeURI(value);
}

/**
 * The contract headers of one call: the Sign over the exact body text, the request id (Qid), and who
 * and where the caller is. `language` overrides the caller's (the client checks it before sending).
 */
export function signedHeaders(
  bodyText: string,
  qid: string,
  caller: Caller,
  options: { language?: string; idempotencyKey?: string | undefined } = {},
): Record<string, string> {
  return headersWithSign(computeSign(caller.appKey, signInputOf(bodyText, qid, caller)), qid, caller, options);
}

/** What the Sign of a call covers (contract/sign.ts), for a signer of its own (the page signs with WebCrypto). */
export function signInputOf(bodyText: string, qid: string, caller: Pick<Caller, 'token'>): SignInput {
  return { body: bodyText, qid, appId: APP_ID, version: APP_VERSION, token: caller.token };
}

/** The contract headers of one call with a Sign computed elsewhere over `signInputOf(…)`. */
export function headersWithSign(
  sign: string,
  qid: string,
  caller: Caller,
  options: { language?: string; idempotencyKey?: string | undefined } = {},
): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    [HEADER.token]: caller.token,
    [HEADER.sign]: sign,
    [HEADER.qid]: qid,
    [HEADER.appId]: APP_ID,
    [HEADER.lang]: options.language ?? caller.language,
    [HEADER.platform]: caller.platform,
    [HEADER.deviceId]: caller.deviceId,
    [HEADER.container]: caller.container,
    [HEADER.package]: caller.packageName,
    [HEADER.domainName]: caller.domainName,
    [HEADER.pathname]: headerSafe(caller.pathname),
  };
  if (options.idempotencyKey) headers[HEADER.idempotencyKey] = options.idempotencyKey;
  return headers;
}
