import { TRADE_PAY_RESULT } from '../../../src/contract/partners';
import { checkSignature, isFresh, signatureHeader } from '../kyc/signing';

/**
 * The Alipay+ mini-program wire, which GCash speaks (PARTNERS.md): the server API's paths, its result
 * words, the page bridge's tradePay result codes, and the signatures both ways (Client-Id, Request-Time
 * or Response-Time, Signature: algorithm=RSA256 over "POST <uri>\n<clientId>.<time>.<body>", each side
 * with its own RSA key; the same scheme as ZOLOZ, Ant's KYC service).
 */

export const ALIPAY_PLUS = 'alipayplus';

/** The host's server API, relative to its base URL. */
export const HOST_API = {
  applyToken: '/v1/authorizations/applyToken',
  inquiryUserInfo: '/v1/users/inquiryUserInfo',
  pay: '/v1/payments/pay',
  inquiryPayment: '/v1/payments/inquiryPayment',
} as const;

/** Where the host posts notifyPayment: our webhook route, through the payments inbox. */
export const NOTIFY_PATH = `/webhooks/${ALIPAY_PLUS}`;

/** Authorization codes live at most this long, and once (RFC 6749 §4.1.2). */
export const AUTH_CODE_TTL_MS = 10 * 60_000;

/** my.tradePay's result codes (docs.antom.com, jsapitradepay): the contract's, which the page reports. */
export const TRADE_PAY = TRADE_PAY_RESULT;
export type TradePayCode = (typeof TRADE_PAY)[keyof typeof TRADE_PAY];
export const TRADE_PAY_CODES: readonly string[] = Object.values(TRADE_PAY);

/** Every answer of the server API: S success, F failed, U unknown (ask again), A accepted (pay: in process). */
export interface ApiResult {
  resultCode: string;
  resultStatus: 'S' | 'F' | 'U' | 'A';
  resultMessage: string;
}

/** The signed headers of a request (timeHeader Request-Time) or an answer (Response-Time). */
export function signedHeaders(
  privateKeyPem: string,
  uri: string,
  clientId: string,
  now: number,
  body: string,
  timeHeader: 'Request-Time' | 'Response-Time' = 'Request-Time',
): Record<string, string> {
  const time = new Date(now).toISOString();
  return { 'Client-Id': clientId, [timeHeader]: time, Signature: signatureHeader(privateKeyPem, uri, clientId, time, body) };
}

/** Whether a request or an answer is signed by the key's owner for this uri, fresh, and from this client. */
export function verifySigned(
  publicKeyPem: string,
  uri: string,
  clientId: string,
  headers: Record<string, string | undefined>,
  body: string,
  now: number,
  timeHeader: 'request-time' | 'response-time' = 'request-time',
): boolean {
  const time = headers[timeHeader];
  if (headers['client-id'] !== clientId || !time || !isFresh(time, now)) return false;
  return checkSignature(headers['signature'], publicKeyPem, uri, clientId, time, body);
}

/** Centavos as Alipay+ writes an amount: the value in the currency's minor unit, as a string. */
export const amountOf = (centavos: number) => ({ currency: 'PHP', value: String(centavos) });

/** An amount from the wire; undefined when it is not a whole PHP minor-unit amount. */
export function centavosOf(amount: unknown): number | undefined {
  if (!amount || typeof amount !== 'object') return undefined;
  const { currency, value } = amount as { currency?: unknown; value?: unknown };
  if (currency !== 'PHP' || typeof value !== 'string' || !/^\d{1,12}$/.test(value)) return undefined;
  return Number(value);
}

/** Lower-cased header names, one value each (what a verifier reads). */
export function headerMap(headers: Record<string, string | string[] | undefined>): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  return out;
}
