import { createHash, randomBytes } from 'node:crypto';
import type { SimulatorStore } from '../payments/store';
import { type DeliveryOptions, queueWebhook } from '../payments/webhooks';
import { AUTH_CODE_TTL_MS, type ApiResult, HOST_API, TRADE_PAY, type TradePayCode, amountOf, centavosOf } from './alipayPlus';
import type { HostPaymentRecord } from './records';
import { GCASH_SPEC, type SuperAppSpec } from './superApps';

/**
 * The super-app host simulator (GCash on Alipay+ mini programs; Lazada's mini apps with another spec,
 * superApps.ts), development and tests only: its users,
 * the page bridge's getAuthCode and tradePay, and its server API (applyToken, inquiryUserInfo, pay,
 * inquiryPayment) as the routes in modules/partners/simRoutes.ts serve them, signed both ways. It keeps
 * everything in the payment simulators' store (shared by every instance, kept across restarts) and sends
 * notifyPayment through their webhook deliveries: each event twice, spread over seconds, retried.
 */

/** The GCash host's users the simulator page can be logged in as. */
export const HOST_USERS = GCASH_SPEC.users;

export const TOKEN_TTL_MS = 60 * 60_000;
/** How long an 8000 (processing) payment takes before it ends in success. */
export const PROCESSING_MS = 5_000;

/** What the page's pay sheet did: the player's choice, or a fault the test asks for. */
export type PaySheetChoice = 'pay' | 'cancel' | 'fail' | 'processing' | 'networkError' | 'unknown';

const ok = (extra: Record<string, unknown> = {}) => ({
  result: { resultCode: 'SUCCESS', resultStatus: 'S', resultMessage: 'success' } as ApiResult,
  ...extra,
});
const failed = (resultCode: string, resultMessage: string) => ({ result: { resultCode, resultStatus: 'F', resultMessage } as ApiResult });
const token = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;

export interface GcashHostOptions {
  store: SimulatorStore;
  clock: () => number;
  delivery: DeliveryOptions;
  /** The site's origin for the page's payment URL. */
  baseUrl: string;
  processingMs?: number;
  /** Which host it plays (default GCash). */
  spec?: SuperAppSpec;
}

export type GcashHost = ReturnType<typeof gcashHost>;

export function gcashHost(options: GcashHostOptions) {
  const { store, clock } = options;
  const processingMs = options.processingMs ?? PROCESSING_MS;
  const spec = options.spec ?? GCASH_SPEC;
  // Records of one host are nothing to another (records from before a second host are GCash's).
  /** A host user: one of the list, or any Philippine number as `P63…` (the page's ?mobile=, a test's new player). */
  const userOf = (userId: string) => {
    const digits = /^P(63\d{10})$/.exec(userId)?.[1];
    return digits ? { userId, mobile: `+${digits}` } : spec.users.find((candidate) => candidate.userId === userId);
  };
  const ours = (record: { host?: string | undefined }) => (record.host ?? GCASH_SPEC.name) === spec.name;

  async function notify(tx: SimulatorStore, payment: HostPaymentRecord, now: number) {
    const status = payment.stage === 'SUCCESS' ? 'S' : 'F';
    const body = JSON.stringify({
      notifyType: 'PAYMENT_RESULT',
      paymentRequestId: payment.paymentRequestId,
      paymentId: payment.paymentId,
      paymentAmount: amountOf(payment.amount),
      paymentResult: {
        resultCode: status === 'S' ? 'SUCCESS' : 'PAYMENT_FAILED',
        resultStatus: status,
        resultMessage: status === 'S' ? 'success' : 'The payment failed.',
      },
      paymentCreateTime: new Date(payment.createdAt).toISOString(),
      paymentTime: new Date(payment.paidAt ?? now).toISOString(),
    });
    await queueWebhook(tx, { provider: spec.provider, eventId: `${payment.paymentId}:${status}`, body }, now, options.delivery);
  }

  const api = {
    /** applyToken: a code once, within 10 minutes; a replay is refused and revokes the tokens it issued. */
    async [HOST_API.applyToken](body: Record<string, unknown>) {
      const code = typeof body['authCode'] === 'string' ? body['authCode'] : '';
      if (body['grantType'] !== 'AUTHORIZATION_CODE' || !code) return failed('PARAM_ILLEGAL', 'grantType and authCode are required.');
      const now = clock();
      return store.transaction(async (tx) => {
        const found = await tx.get('hostAuthCode', code);
        if (!found || !ours(found.data) || found.data.expiresAt <= now)
          return failed('INVALID_CODE', 'The authorization code is unknown or expired.');
        if (found.data.usedAt !== null) {
          for (const issued of found.data.tokens) {
            const row = await tx.get('hostToken', issued);
            if (row) await tx.put('hostToken', { ...row, data: { ...row.data, revoked: true } });
          }
          return failed('AUTH_CODE_ALREADY_USED', 'The authorization code was used before; the tokens it issued are revoked.');
        }
        const accessToken = token('at_');
        await tx.insert('hostToken', {
          id: accessToken,
          dueAt: null,
          data: {
            host: spec.name,
            userId: found.data.userId,
            scopes: found.data.scopes,
            authCode: code,
            expiresAt: now + TOKEN_TTL_MS,
            revoked: false,
          },
        });
        await tx.put('hostAuthCode', { ...found, data: { ...found.data, usedAt: now, tokens: [...found.data.tokens, accessToken] } });
        return ok({
          accessToken,
          accessTokenExpiryTime: new Date(now + TOKEN_TTL_MS).toISOString(),
          customerId: found.data.userId,
          authScopes: found.data.scopes,
        });
      });
    },

    async [HOST_API.inquiryUserInfo](body: Record<string, unknown>) {
      const accessToken = typeof body['accessToken'] === 'string' ? body['accessToken'] : '';
      const row = accessToken ? await store.get('hostToken', accessToken) : undefined;
      if (!row || !ours(row.data) || row.data.revoked || row.data.expiresAt <= clock())
        return failed('INVALID_ACCESS_TOKEN', 'The access token is not valid.');
      if (!row.data.scopes.includes('auth_user')) return failed('NO_AUTH_SCOPE', 'The user did not consent to share their profile.');
      const user = userOf(row.data.userId);
      return ok({ userInfo: { userId: row.data.userId, mobilePhone: user?.mobile ?? '' } });
    },

    /** pay: idempotent on paymentRequestId; accepted (A), then the page's tradePay confirms it. */
    async [HOST_API.pay](body: Record<string, unknown>) {
      const paymentRequestId = typeof body['paymentRequestId'] === 'string' ? body['paymentRequestId'] : '';
      const amount = centavosOf(body['paymentAmount']);
      if (!paymentRequestId || amount === undefined || amount <= 0)
        return failed('PARAM_ILLEGAL', 'paymentRequestId and a PHP paymentAmount are required.');
      const now = clock();
      const paymentId = paymentIdOf(paymentRequestId);
      const { record } = await store.insert('hostPayment', {
        id: paymentId,
        dueAt: null,
        data: {
          host: spec.name,
          paymentId,
          paymentRequestId,
          amount,
          description: String((body['order'] as { orderDescription?: unknown } | undefined)?.orderDescription ?? '').slice(0, 200),
          stage: 'created',
          createdAt: now,
          paidAt: null,
        },
      });
      if (!ours(record.data)) return failed('PARAM_ILLEGAL', 'This paymentRequestId belongs to another merchant.');
      if (record.data.amount !== amount) return failed('REPEAT_REQ_INCONSISTENT', 'This paymentRequestId was used with another amount.');
      return {
        result: { resultCode: 'PAYMENT_IN_PROCESS', resultStatus: 'A', resultMessage: 'accepted' } as ApiResult,
        paymentId: record.data.paymentId,
        paymentUrl: `${options.baseUrl}${spec.pagePath}/pay/${record.data.paymentId}`,
      };
    },

    async [HOST_API.inquiryPayment](body: Record<string, unknown>) {
      const paymentRequestId = typeof body['paymentRequestId'] === 'string' ? body['paymentRequestId'] : '';
      const payment = paymentRequestId ? await findByRequest(paymentRequestId) : undefined;
      if (!payment) return failed('ORDER_NOT_EXIST', 'No payment has this paymentRequestId.');
      const status = payment.stage === 'created' || payment.stage === 'processing' ? 'PROCESSING' : payment.stage;
      return ok({
        paymentId: payment.paymentId,
        paymentRequestId: payment.paymentRequestId,
        paymentAmount: amountOf(payment.amount),
        paymentStatus: status,
      });
    },
  };

  /** The host's payment id of a request id: one payment per host and paymentRequestId, found again by it. */
  const paymentIdOf = (paymentRequestId: string) =>
    `pay_${createHash('sha256')
      .update(spec.name === GCASH_SPEC.name ? paymentRequestId : `${spec.name}:${paymentRequestId}`)
      .digest('hex')
      .slice(0, 32)}`;

  async function findByRequest(paymentRequestId: string): Promise<HostPaymentRecord | undefined> {
    const data = (await store.get('hostPayment', paymentIdOf(paymentRequestId)))?.data;
    return data && ours(data) ? data : undefined;
  }

  return {
    /** The server API (our signed requests land here once the routes checked the signature). */
    async call(path: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
      const handler = Object.hasOwn(api, path) ? api[path as keyof typeof api] : undefined;
      return handler ? handler(body) : failed('API_NOT_FOUND', 'No such API.');
    },

    /** The bridge's getAuthCode: auth_base is silent; auth_user only after the consent sheet's Allow. */
    async authCode(userId: string, scopes: string[], consented: boolean): Promise<{ authCode: string } | { error: string }> {
      if (!userOf(userId)) return { error: 'No such host user.' };
      const wanted = scopes.filter((scope) => scope === 'auth_base' || scope === 'auth_user');
      if (wanted.length === 0) return { error: 'Unknown scope.' };
      if (wanted.includes('auth_user') && !consented) return { error: 'USER_CANCELLED' };
      const authCode = token('ac_');
      await store.insert('hostAuthCode', {
        id: authCode,
        dueAt: null,
        data: { host: spec.name, userId, scopes: wanted, expiresAt: clock() + AUTH_CODE_TTL_MS, usedAt: null, tokens: [] },
      });
      return { authCode };
    },

    /** The pay sheet: the player's choice ends (or starts) the payment, and the page learns a result code. */
    async tradePay(paymentId: string, choice: PaySheetChoice): Promise<TradePayCode> {
      const now = clock();
      return store.transaction(async (tx) => {
        const row = await tx.get('hostPayment', paymentId);
        if (!row || !ours(row.data)) return TRADE_PAY.failed;
        const payment = row.data;
        if (payment.stage !== 'created') return payment.stage === 'SUCCESS' ? TRADE_PAY.success : TRADE_PAY.failed;
        const end = async (stage: HostPaymentRecord['stage']) => {
          const next = { ...payment, stage, paidAt: stage === 'SUCCESS' ? now : null };
          await tx.put('hostPayment', { ...row, dueAt: null, data: next });
          if (stage === 'SUCCESS' || stage === 'FAIL') await notify(tx, next, now);
        };
        switch (choice) {
          case 'pay':
            await end('SUCCESS');
            return TRADE_PAY.success;
          case 'unknown':
            // Paid, but the page never learns it: only the callback or an inquiry tells.
            await end('SUCCESS');
            return TRADE_PAY.unknown;
          case 'fail':
            await end('FAIL');
            return TRADE_PAY.failed;
          case 'cancel':
            await end('CANCELLED');
            return TRADE_PAY.cancelled;
          case 'processing':
            await tx.put('hostPayment', { ...row, dueAt: now + processingMs, data: { ...payment, stage: 'processing' } });
            return TRADE_PAY.processing;
          case 'networkError':
            return TRADE_PAY.networkError;
        }
      });
    },

    /** Payments in processing end in success when their time comes (the job step). */
    async tick(now: number): Promise<number> {
      let ended = 0;
      for (const due of await store.due('hostPayment', now, 100)) {
        await store.transaction(async (tx) => {
          const row = await tx.get('hostPayment', due.id);
          if (!row || !ours(row.data) || row.data.stage !== 'processing') return;
          const next = { ...row.data, stage: 'SUCCESS' as const, paidAt: now };
          await tx.put('hostPayment', { ...row, dueAt: null, data: next });
          await notify(tx, next, now);
          ended++;
        });
      }
      return ended;
    },

    async payment(paymentId: string): Promise<HostPaymentRecord | undefined> {
      const data = (await store.get('hostPayment', paymentId))?.data;
      return data && ours(data) ? data : undefined;
    },

    spec,
  };
}
