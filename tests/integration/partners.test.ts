import type { FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { depositOrders, paymentWebhookEvents } from '../../server/db/schema';
import { createSession } from '../../server/modules/auth/sessions';
import { createCustomer } from '../../server/modules/auth/users';
import { loadHostKeys } from '../../server/modules/partners/secrets';
import { ledgerTotal } from '../../server/modules/wallet/ledger';
import { NOTIFY_PATH, amountOf, signedHeaders } from '../../server/providers/hosts/alipayPlus';
import { HOST_USERS } from '../../server/providers/hosts/gcashHost';
import { mayaKeyPair } from '../../server/providers/payments/simulators';
import type { AppOptions } from '../../server/app';
import { withdrawConfig } from '../../server/config';
import type { depositOrderAnswer } from '../../src/contract/answers/money';
import { GatewayCode } from '../../src/contract/errorCodes';
import type { HostLoginAnswer } from '../../src/contract/partners';
import type * as z from 'zod/mini';
import { call, encrypt, idempotencyKey, mainBalance } from './player';
import { type TestServer, startServer } from './server';
import { WITHDRAW_PASSWORD, readyToWithdraw } from './withdrawing';

/**
 * The super-app host (GCash on Alipay+) against its simulator on a real server and database: the auth
 * code exchanged once on our server (a replay refused and revoking what it issued, an expired or forged
 * code refused), the signed server API, and host payments credited only on the host's verified callback
 * or its signed inquiry answer, once, whatever the page's result code says, the copies or their order;
 * 6001 cancels; the per-host withdraw-only switch refuses deposits while payouts still go.
 */

type Order = z.infer<typeof depositOrderAnswer>;

let now = Date.now();
const clock = () => now;
const appOptions: AppOptions = {
  clock,
  gameWallet: { transferIn: async () => 'accepted' as const },
  jobs: { run: false },
  payments: { delivery: { copies: 2, spreadMs: 10_000 }, processingMs: 5_000 },
};
let server: TestServer;
/** The host user the bound player is (its mobile number is the player's). */
const HOST_USER = HOST_USERS[1];

beforeAll(async () => {
  // Payouts here test the switch, not the turnover rule (withdrawals.test.ts): no turnover owed.
  server = await startServer({ withdraw: withdrawConfig({ WITHDRAW_TURNOVER_PERCENT: '0' }) }, undefined, appOptions);
  await createCustomer(server.database.db, { mobileNo: HOST_USER.mobile, birthday: '1990-01-02' });
});
afterAll(async () => server.close());
afterEach(async () => {
  expect(await ledgerTotal(server.database.db)).toEqual({ entries: 0, balances: 0 });
});

async function later(ms: number) {
  now += ms;
  await server.app.jobs.tick(now);
}

/** What the host page's bridge does for getAuthCode (the consent sheet's Allow is `consented`). */
async function authCode(scopes: string[], consented = false, userId: string = HOST_USER.userId): Promise<string> {
  const answer = await fetch(`${server.url}/sim/host/gcash/bridge/authCode`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userId, scopes, consented }),
  });
  const body = (await answer.json()) as { authCode?: string; error?: string };
  if (!body.authCode) throw new Error(`no auth code: ${body.error}`);
  return body.authCode;
}

const hostLogin = (code: string) => call<HostLoginAnswer>(server, 'main', 'partner/hostLogin', { host: 'gcash', authCode: code });

async function loggedIn(): Promise<string> {
  const answer = await hostLogin(await authCode(['auth_user'], true));
  expect(answer.code, answer.message).toBe('0000');
  if (answer.data.status !== 'loggedIn') throw new Error('not logged in');
  return answer.data.webToken.token;
}

/** The player's pay sheet choice, as the host page posts it; answers the page's result code. */
async function tradePay(order: Order, choice: string): Promise<string> {
  const paymentId = /\/pay\/(pay_[0-9a-f]{32})$/.exec(order.checkoutUrl ?? '')![1];
  const answer = await fetch(`${server.url}/sim/host/gcash/bridge/tradePay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ paymentId, choice }),
  });
  return ((await answer.json()) as { resultCode: string }).resultCode;
}

const payOrder = (token: string, amount: number, key = idempotencyKey()) =>
  call<Order>(server, 'main', 'partner/hostPayOrder', { host: 'gcash', amount }, { token, idempotencyKey: key });
const payResult = (token: string, orderNo: string, resultCode: string) =>
  call<Order>(server, 'main', 'partner/hostPayResult', { orderNo, resultCode }, { token });

describe('super-app login by auth code', () => {
  it('an unbound host user is asked for consent, bound by the verified number, then logged in silently', async () => {
    const quiet = await hostLogin(await authCode(['auth_base']));
    expect(quiet.code, quiet.message).toBe('0000');
    expect(quiet.data).toEqual({ status: 'needConsent' });

    const consented = await hostLogin(await authCode(['auth_user'], true));
    expect(consented.code, consented.message).toBe('0000');
    expect(consented.data.status).toBe('loggedIn');
    if (consented.data.status !== 'loggedIn') return;
    expect((consented.data.userInfo as { mobileNo: string }).mobileNo).toContain('0999');

    const silent = await hostLogin(await authCode(['auth_base']));
    expect(silent.data.status).toBe('loggedIn');
  });

  it('a code is spent once: the replay is refused and the host revokes the token it issued', async () => {
    const code = await authCode(['auth_base']);
    expect((await hostLogin(code)).data.status).toBe('loggedIn');
    const replay = await hostLogin(code);
    expect(replay.code).toBe(GatewayCode.TicketInvalid);
    expect(replay.message).toMatch(/expired or was already used/);
    const record = await server.app.payments.simulators!.store.get('hostAuthCode', code);
    expect(record!.data.tokens).toHaveLength(1);
    const issued = await server.app.payments.simulators!.store.get('hostToken', record!.data.tokens[0]!);
    expect(issued!.data.revoked).toBe(true);
  });

  it("an expired, a forged or another user's refused code logs nobody in", async () => {
    const old = await authCode(['auth_base']);
    now += 10 * 60_000 + 1;
    expect((await hostLogin(old)).code).toBe(GatewayCode.TicketInvalid);
    expect((await hostLogin('ac_forgedforgedforgedforged')).code).toBe(GatewayCode.TicketInvalid);
    // A host user with no Panalo account behind the verified number is told so, and nothing is bound.
    const stranger = await hostLogin(await authCode(['auth_user'], true, HOST_USERS[2].userId));
    expect(stranger.code).not.toBe('0000');
    expect(stranger.message).toMatch(/No Panalo account uses your GCash number/);
  });

  it('the host API refuses a request not signed with our key', async () => {
    const body = JSON.stringify({ grantType: 'AUTHORIZATION_CODE', authCode: await authCode(['auth_base']) });
    const uri = '/sim/host/gcash/api/v1/authorizations/applyToken';
    const keys = loadHostKeys(server.config.dataDir);
    const forged = mayaKeyPair();
    const answer = await fetch(`${server.url}${uri}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signedHeaders(forged.privateKeyPem, uri, keys.clientId, now, body) },
      body,
    });
    expect(answer.status).toBe(401);
    expect(((await answer.json()) as { result: { resultCode: string } }).result.resultCode).toBe('INVALID_SIGNATURE');
  });
});

describe('host payments', () => {
  it('the callback credits once, copies and all; the order is created before the host pay, once per key', async () => {
    const token = await loggedIn();
    const before = await mainBalance(server, token);
    const key = idempotencyKey();
    const order = await payOrder(token, 50_000, key);
    expect(order.code, order.message).toBe('0000');
    expect(order.data.status).toBe('pending');
    expect((await payOrder(token, 50_000, key)).data.orderNo).toBe(order.data.orderNo);

    expect(await tradePay(order.data, 'pay')).toBe('9000');
    // Nothing yet: the page's 9000 is not money; the callback is.
    expect(await mainBalance(server, token)).toBe(before);
    await later(11_000);
    await later(1_000);
    expect(await mainBalance(server, token)).toBe(before + 50_000);
    const [event] = await server.database.db
      .select()
      .from(paymentWebhookEvents)
      .where(
        and(
          eq(paymentWebhookEvents.provider, 'alipayplus'),
          eq(paymentWebhookEvents.eventId, `${order.data.checkoutUrl!.split('/').pop()}:S`),
        ),
      );
    expect(event!.copies).toBe(2);
    // The page reporting afterwards changes nothing either.
    expect((await payResult(token, order.data.orderNo, '9000')).data.status).toBe('paid');
    expect(await mainBalance(server, token)).toBe(before + 50_000);
  });

  it('a 9000 the host never paid credits nothing; 6001 cancels', async () => {
    const token = await loggedIn();
    const before = await mainBalance(server, token);
    const order = await payOrder(token, 20_000);
    const lied = await payResult(token, order.data.orderNo, '9000');
    expect(lied.data.status).toBe('pending');
    expect(await tradePay(order.data, 'cancel')).toBe('6001');
    const cancelled = await payResult(token, order.data.orderNo, '6001');
    expect(cancelled.data.status).toBe('cancelled');
    await later(30_000);
    expect(await mainBalance(server, token)).toBe(before);
  });

  it('6004 (paid, the page does not know) is settled by the signed inquiry; 8000 by the poll job and the late callback, once', async () => {
    const token = await loggedIn();
    const before = await mainBalance(server, token);
    const unknown = await payOrder(token, 30_000);
    expect(await tradePay(unknown.data, 'unknown')).toBe('6004');
    expect((await payResult(token, unknown.data.orderNo, '6004')).data.status).toBe('paid');
    expect(await mainBalance(server, token)).toBe(before + 30_000);

    const processing = await payOrder(token, 40_000);
    expect(await tradePay(processing.data, 'processing')).toBe('8000');
    expect((await payResult(token, processing.data.orderNo, '8000')).data.status).toBe('pending');
    for (let i = 0; i < 4; i++) await later(6_000);
    expect(await mainBalance(server, token)).toBe(before + 70_000);
    // Both orders' callbacks arrived late, after the inquiry had credited: nothing twice.
    await later(30_000);
    expect(await mainBalance(server, token)).toBe(before + 70_000);
  });

  it('a callback not signed by the host is refused and moves nothing', async () => {
    const token = await loggedIn();
    const before = await mainBalance(server, token);
    const order = await payOrder(token, 10_000);
    const paymentId = order.data.checkoutUrl!.split('/').pop()!;
    const body = JSON.stringify({
      paymentRequestId: order.data.orderNo,
      paymentId,
      paymentAmount: amountOf(10_000),
      paymentResult: { resultCode: 'SUCCESS', resultStatus: 'S', resultMessage: 'success' },
      paymentTime: new Date(now).toISOString(),
    });
    const keys = loadHostKeys(server.config.dataDir);
    const forged = mayaKeyPair();
    const answer = await fetch(`${server.url}${NOTIFY_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signedHeaders(forged.privateKeyPem, NOTIFY_PATH, keys.clientId, now, body) },
      body,
    });
    expect(answer.status).toBe(401);
    expect(await mainBalance(server, token)).toBe(before);
    const [row] = await server.database.db.select().from(depositOrders).where(eq(depositOrders.orderNo, order.data.orderNo));
    expect(row!.status).toBe('pending');
  });
});

/** The operator's switch, as the operator's page posts it. */
async function hostSwitch(withdrawOnly: boolean) {
  const answer = await fetch(`${server.url}/dev/responsible-gaming/switch`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key: 'host:gcash', withdrawOnly }),
  });
  expect(answer.status).toBe(200);
}

describe('the per-host withdraw-only switch', () => {
  it('refuses deposits through the host with its message, and payouts still go', async () => {
    const token = await loggedIn();
    await hostSwitch(true);
    try {
      const refused = await payOrder(token, 50_000);
      expect(refused.code).toBe(GatewayCode.RgWithdrawOnlyChannel);
      expect(refused.message).toMatch(/withdrawals only inside this app/);
      // An e-wallet deposit from a session opened through the host is refused too.
      const ewallet = await call<Order>(
        server,
        'main',
        'deposit/createOnlineOrder',
        { payType: 'maya', channelId: 'maya-checkout', amount: 50_000 },
        { token, idempotencyKey: idempotencyKey() },
      );
      expect(ewallet.code).toBe(GatewayCode.RgWithdrawOnlyChannel);

      // A withdrawal from a host session goes through.
      const player = await readyToWithdraw(server, 2_000);
      const policy = { idleMs: server.config.sessionIdleMs, maxMs: server.config.sessionMaxMs, events: server.app.playerEvents };
      const hostSession = await createSession(
        server.database.db,
        policy,
        player.customerId,
        { ip: '127.0.0.1', headers: {} } as FastifyRequest,
        null,
        'gcash',
      );
      const hostToken = hostSession.webToken.token;
      const deposit = await call<Order>(
        server,
        'main',
        'deposit/createOnlineOrder',
        { payType: 'gcash', channelId: 'paymongo-gcash', amount: 50_000 },
        { token: hostToken, idempotencyKey: idempotencyKey() },
      );
      expect(deposit.code).toBe(GatewayCode.RgWithdrawOnlyChannel);
      const before = await mainBalance(server, hostToken);
      const payout = await call<{ status: string }>(
        server,
        'main',
        'withdraw/createWithdrawalRequest',
        { bankAccountId: player.bankAccountId, amount: 50_000, withdrawPassword: await encrypt(server, WITHDRAW_PASSWORD) },
        { token: hostToken, idempotencyKey: idempotencyKey() },
      );
      expect(payout.code, payout.message).toBe('0000');
      expect(await mainBalance(server, hostToken)).toBe(before - 50_000);
    } finally {
      await hostSwitch(false);
    }
  });
});

describe('the messaging bot (Viber style)', () => {
  /** The bot's chat as the simulator page serves it: share a number, then the buttons' links. */
  async function botLinks(phone: string): Promise<string[]> {
    const shared = await fetch(`${server.url}/sim/host/viber/share`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ phone }).toString(),
      redirect: 'manual',
    });
    expect(shared.status).toBe(303);
    const chat = await fetch(`${server.url}${shared.headers.get('location')}`);
    return [...(await chat.text()).matchAll(/href="([^"]*sessionId=[^"]*)"/g)].map((m) => m[1]!.replaceAll('&#38;', '&'));
  }
  const sessionOf = (href: string) => new URL(href, server.url).searchParams.get('sessionId')!;
  const checkBind = (sessionId: string) =>
    call<{ webToken: { token: string } }>(server, 'main', 'viberCheckBind', { sessionId, relogin: '1' });

  it("a bound user's link logs in once, in a session of the viber host; the replay and a forgery are refused", async () => {
    const links = await botLinks(HOST_USER.mobile);
    expect(links).toHaveLength(3);
    expect(links[0]).toMatch(/^\/sports\?sessionId=.+&relogin=1$/);
    const sessionId = sessionOf(links[0]!);
    const first = await checkBind(sessionId);
    expect(first.code, first.message).toBe('0000');
    expect(await mainBalance(server, first.data.webToken.token)).toBeGreaterThanOrEqual(0);
    const again = await checkBind(sessionId);
    expect(again.code).toBe(GatewayCode.TicketInvalid);
    expect(again.message).toMatch(/expired or was already used/);
    expect((await checkBind('forged-session-id-0000')).code).toBe(GatewayCode.TicketInvalid);
  });

  it('a link expires after 10 minutes; a number with no account gets no link', async () => {
    const [link] = await botLinks(HOST_USER.mobile);
    now += 10 * 60_000 + 1;
    // The tickets' clock is the database's: the expiry is read against real time, so the row is aged instead.
    await server.database.db.execute(
      sql`UPDATE tickets SET expires_at = now() - interval '1 second' WHERE purpose = 'viber' AND consumed_at IS NULL`,
    );
    expect((await checkBind(sessionOf(link!))).code).toBe(GatewayCode.TicketInvalid);
    expect(await botLinks('+639175550777')).toEqual([]);
  });
});
