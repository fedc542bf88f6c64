import { ALIPAY_PLUS, HOST_API, NOTIFY_PATH, amountOf, centavosOf, signedHeaders, verifySigned, type ApiResult } from './alipayPlus';
import { HostError, type HostPayment, type HostPaymentStatus, type HostTransport, HostUnreachable, type SuperAppHost } from './types';

/**
 * Our side of a super-app host (GCash on Alipay+): every request signed with our key, every answer's
 * signature checked with the host's public key before a field of it is read. The same client talks to
 * the simulator (development, tests) and to the real host: only the transport, the client id, the keys
 * and the base path differ (configuration).
 */
export interface HostClientOptions {
  clientId: string;
  /** Our private key (the host holds its public half). */
  privateKeyPem: string;
  /** The host's public key: its answers and its notifyPayment callbacks are checked with it. */
  hostPublicKeyPem: string;
  /** Path of the host's API before HOST_API's ('' for a real host's base URL, /sim/host/gcash/api for the simulator). */
  basePath: string;
  transport: HostTransport;
  clock: () => number;
  /** Where the host posts notifyPayment (our site's origin + /webhooks/<provider>). */
  notifyUrl: string;
  /** The provider name of its orders and callbacks (default alipayplus, GCash's). */
  provider?: string;
}

const STATUSES: readonly HostPaymentStatus[] = ['SUCCESS', 'FAIL', 'PROCESSING', 'CANCELLED'];

export function alipayPlusClient(options: HostClientOptions): SuperAppHost {
  const { clientId, clock } = options;

  async function post(api: string, payload: Record<string, unknown>): Promise<Record<string, unknown>> {
    const uri = `${options.basePath}${api}`;
    const body = JSON.stringify(payload);
    let answer;
    try {
      answer = await options.transport(
        uri,
        { 'Content-Type': 'application/json; charset=UTF-8', ...signedHeaders(options.privateKeyPem, uri, clientId, clock(), body) },
        body,
      );
    } catch (error) {
      throw new HostUnreachable(`the host did not answer ${api}: ${(error as Error).message}`);
    }
    if (!verifySigned(options.hostPublicKeyPem, uri, clientId, answer.headers, answer.body, clock(), 'response-time')) {
      throw new HostUnreachable(`the host's answer to ${api} is not signed by the host (status ${answer.status})`);
    }
    const parsed = JSON.parse(answer.body) as Record<string, unknown>;
    const result = parsed['result'] as ApiResult | undefined;
    if (!result || result.resultStatus === 'F') throw new HostError(result?.resultCode ?? 'UNKNOWN', result?.resultMessage ?? 'refused');
    if (result.resultStatus === 'U') throw new HostUnreachable(`the host answered ${api} with an unknown result`);
    return parsed;
  }

  function payment(parsed: Record<string, unknown>, status: HostPaymentStatus): HostPayment {
    const amount = centavosOf(parsed['paymentAmount']);
    if (typeof parsed['paymentId'] !== 'string' || typeof parsed['paymentRequestId'] !== 'string' || amount === undefined)
      throw new HostUnreachable('the host answered a payment without its ids or amount');
    return { paymentId: parsed['paymentId'], paymentRequestId: parsed['paymentRequestId'], amount, status };
  }

  return {
    provider: options.provider ?? ALIPAY_PLUS,
    async applyToken(authCode) {
      const answer = await post(HOST_API.applyToken, { grantType: 'AUTHORIZATION_CODE', authCode });
      const scopes = Array.isArray(answer['authScopes']) ? answer['authScopes'].filter((s): s is string => typeof s === 'string') : [];
      if (typeof answer['customerId'] !== 'string' || typeof answer['accessToken'] !== 'string')
        throw new HostUnreachable('applyToken answered no user or token');
      return { hostUserId: answer['customerId'], accessToken: answer['accessToken'], scopes };
    },
    async userInfo(accessToken) {
      const answer = await post(HOST_API.inquiryUserInfo, { accessToken });
      const info = answer['userInfo'] as { userId?: unknown; mobilePhone?: unknown } | undefined;
      if (typeof info?.userId !== 'string' || typeof info.mobilePhone !== 'string')
        throw new HostUnreachable('inquiryUserInfo answered no user');
      return { hostUserId: info.userId, mobile: info.mobilePhone };
    },
    async pay({ paymentRequestId, amount, description }) {
      const answer = await post(HOST_API.pay, {
        productCode: 'CASHIER_PAYMENT',
        paymentRequestId,
        paymentAmount: amountOf(amount),
        order: { orderDescription: description },
        paymentNotifyUrl: options.notifyUrl,
      });
      if (typeof answer['paymentId'] !== 'string' || typeof answer['paymentUrl'] !== 'string')
        throw new HostUnreachable('pay answered no payment');
      return { paymentId: answer['paymentId'], paymentRequestId, amount, status: 'PROCESSING', paymentUrl: answer['paymentUrl'] };
    },
    async inquiry(paymentRequestId) {
      const answer = await post(HOST_API.inquiryPayment, { paymentRequestId });
      const status = STATUSES.find((s) => s === answer['paymentStatus']);
      if (!status) throw new HostUnreachable('inquiryPayment answered no status');
      return payment(answer, status);
    },
  };
}

export { NOTIFY_PATH };
