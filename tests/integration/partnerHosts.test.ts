import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { depositOrders } from '../../server/db/schema';
import { createCustomer } from '../../server/modules/auth/users';
import { loadHostKeys, superAppKeys } from '../../server/modules/partners/secrets';
import { ledgerTotal } from '../../server/modules/wallet/ledger';
import { amountOf, signedHeaders } from '../../server/providers/hosts/alipayPlus';
import { GCASH_SPEC, LAZADA_SPEC, notifyPathOf } from '../../server/providers/hosts/superApps';
import type { AppOptions } from '../../server/app';
import type { depositOrderAnswer } from '../../src/contract/answers/money';
import { GatewayCode } from '../../src/contract/errorCodes';
import type { BotStatusAnswer, DepositFlagAnswer, HostLoginAnswer } from '../../src/contract/partners';
import type { UserInfo } from '../../src/contract/user';
import type * as z from 'zod/mini';
import { call, idempotencyKey, mainBalance } from './player';
import { type TestServer, startServer } from './server';

/**
 * The e-commerce host (Lazada style) on the super-app machinery, and the messaging bot's settings
 * (/bobotSwitch), against the simulators on a real server and database: a Lazada user logs in by auth
 * code and is marked isFromLazada; a code, a payment or a callback of one host is nothing to the other;
 * a Lazada deposit is credited once, on Lazada's signed callback only; the host's switches are told and
 * enforced per host; an unlinked bot's links stop working.
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
/** A Lazada user whose verified number is a Panalo player's. */
const SHOPPER = LAZADA_SPEC.users[1];

beforeAll(async () => {
  server = await startServer({}, undefined, appOptions);
  await createCustomer(server.database.db, { mobileNo: SHOPPER.mobile, birthday: '1990-01-02' });
});
afterAll(async () => server.close());
afterEach(async () => {
  expect(await ledgerTotal(server.database.db)).toEqual({ entries: 0, balances: 0 });
});

async function later(ms: number) {
  now += ms;
  await server.app.jobs.tick(now);
}

/** What a host page's bridge does for getAuthCode (the consent sheet's Allow is `consented`). */
async function authCode(pagePath: string, userId: string, scopes: string[], consented = false): Promise<string> {
  const answer = await fetch(`${server.url}${pagePath}/bridge/authCode`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userId, scopes, consented }),
  });
  const body = (await answer.json()) as { authCode?: string; error?: string };
  if (!body.authCode) throw new Error(`no auth code: ${body.error}`);
  return body.authCode;
}

const hostLogin = (host: string, code: string) => call<HostLoginAnswer>(server, 'main', 'partner/hostLogin', { host, authCode: code });

async function lazadaLogin(): Promise<{ token: string; userInfo: UserInfo }> {
  const answer = await hostLogin('lazada', await authCode(LAZADA_SPEC.pagePath, SHOPPER.userId, ['auth_user'], true));
  expect(answer.code, answer.message).toBe('0000');
  if (answer.data.status !== 'loggedIn') throw new Error('not logged in');
  return { token: answer.data.webToken.token, userInfo: answer.data.userInfo as UserInfo };
}

async function tradePay(pagePath: string, order: Order, choice: string): Promise<string> {
  const paymentId = /\/pay\/(pay_[0-9a-f]{32})$/.exec(order.checkoutUrl ?? '')![1];
  const answer = await fetch(`${server.url}${pagePath}/bridge/tradePay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ paymentId, choice }),
  });
  return ((await answer.json()) as { resultCode: string }).resultCode;
}

const payOrder = (token: string, host: string, amount: number) =>
  call<Order>(server, 'main', 'partner/hostPayOrder', { host, amount }, { token, idempotencyKey: idempotencyKey() });
const switches = (token: string, host: string) => call<DepositFlagAnswer>(server, 'main', 'partner/hostSwitches', { host }, { token });

async function operatorSwitch(key: string, withdrawOnly: boolean) {
  const answer = await fetch(`${server.url}/dev/responsible-gaming/switch`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key, withdrawOnly }),
  });
  expect(answer.status).toBe(200);
}

describe('the e-commerce host (Lazada style)', () => {
  it('its page opens the app as Lazada, and a Lazada user logs in by auth code, marked isFromLazada', async () => {
    const page = await fetch(`${server.url}${LAZADA_SPEC.pagePath}`);
    const html = await page.text();
    expect(html).toContain('src="/?isFrom=Lazada"');
    expect(html).toContain('Pay with Lazada');

    const quiet = await hostLogin('lazada', await authCode(LAZADA_SPEC.pagePath, SHOPPER.userId, ['auth_base']));
    expect(quiet.data).toEqual({ status: 'needConsent' });
    const { userInfo } = await lazadaLogin();
    expect(userInfo.mobileNo).toContain('0999');
    expect(userInfo.isFromLazada).toBe(true);
    expect(userInfo.isFromGlife).toBe(false);
  });

  it('a code of one host is refused by the other, and spent nothing there', async () => {
    const gcashCode = await authCode(GCASH_SPEC.pagePath, GCASH_SPEC.users[1].userId, ['auth_base']);
    const crossed = await hostLogin('lazada', gcashCode);
    expect(crossed.code).toBe(GatewayCode.TicketInvalid);
    expect(crossed.message).toMatch(/Lazada sign-in link has expired or was already used/);
    const lazadaCode = await authCode(LAZADA_SPEC.pagePath, SHOPPER.userId, ['auth_base']);
    expect((await hostLogin('gcash', lazadaCode)).code).toBe(GatewayCode.TicketInvalid);
    // Still unspent at its own host.
    const own = await hostLogin('lazada', lazadaCode);
    expect(own.code, own.message).toBe('0000');
    expect(own.data.status).toBe('loggedIn');
  });

  it("a deposit through Lazada's pay sheet is credited once, on Lazada's signed callback, as a Lazada payment", async () => {
    const { token } = await lazadaLogin();
    const before = await mainBalance(server, token);
    const order = await payOrder(token, 'lazada', 50_000);
    expect(order.code, order.message).toBe('0000');
    expect(order.data.payType).toBe('lazada');
    expect(order.data.checkoutUrl).toContain(`${LAZADA_SPEC.pagePath}/pay/`);
    // The other host's sheet knows nothing of this payment.
    expect(await tradePay(GCASH_SPEC.pagePath, order.data, 'pay')).toBe('4000');
    expect(await tradePay(LAZADA_SPEC.pagePath, order.data, 'pay')).toBe('9000');
    expect(await mainBalance(server, token)).toBe(before);
    await later(11_000);
    await later(1_000);
    expect(await mainBalance(server, token)).toBe(before + 50_000);
    const [row] = await server.database.db.select().from(depositOrders).where(eq(depositOrders.orderNo, order.data.orderNo));
    expect(row).toMatchObject({ status: 'paid', provider: 'lazadapay', channelId: 'lazada-miniapp' });
    const reported = await call<Order>(
      server,
      'main',
      'partner/hostPayResult',
      { orderNo: order.data.orderNo, resultCode: '9000' },
      { token },
    );
    expect(reported.data.status).toBe('paid');
    expect(await mainBalance(server, token)).toBe(before + 50_000);
  });

  it("a callback signed with GCash's key is refused on Lazada's route and moves nothing", async () => {
    const { token } = await lazadaLogin();
    const before = await mainBalance(server, token);
    const order = await payOrder(token, 'lazada', 10_000);
    const body = JSON.stringify({
      paymentRequestId: order.data.orderNo,
      paymentId: order.data.checkoutUrl!.split('/').pop(),
      paymentAmount: amountOf(10_000),
      paymentResult: { resultCode: 'SUCCESS', resultStatus: 'S', resultMessage: 'success' },
      paymentTime: new Date(now).toISOString(),
    });
    const gcash = superAppKeys(loadHostKeys(server.config.dataDir), 'gcash');
    const path = notifyPathOf(LAZADA_SPEC);
    const answer = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signedHeaders(gcash.hostPrivateKeyPem, path, gcash.clientId, now, body) },
      body,
    });
    expect(answer.status).toBe(401);
    await later(1_000);
    expect(await mainBalance(server, token)).toBe(before);
    const [row] = await server.database.db.select().from(depositOrders).where(eq(depositOrders.orderNo, order.data.orderNo));
    expect(row!.status).toBe('pending');
    // The player cancels on the sheet: closed, nothing taken.
    expect(await tradePay(LAZADA_SPEC.pagePath, order.data, 'cancel')).toBe('6001');
    const cancelled = await call<Order>(
      server,
      'main',
      'partner/hostPayResult',
      { orderNo: order.data.orderNo, resultCode: '6001' },
      { token },
    );
    expect(cancelled.data.status).toBe('cancelled');
  });

  it("each host's switches are its own: Lazada withdraw-only closes Lazada deposits with its message, GCash stays open", async () => {
    const { token } = await lazadaLogin();
    expect((await switches(token, 'lazada')).data).toEqual({ deposit: true, withdraw: true, message: '' });
    await operatorSwitch('host:lazada', true);
    try {
      const told = await switches(token, 'lazada');
      expect(told.data).toMatchObject({ deposit: false, withdraw: true });
      expect(told.data.message).toMatch(/Deposits through Lazada are paused/);
      expect((await switches(token, 'gcash')).data.deposit).toBe(true);
      const refused = await payOrder(token, 'lazada', 50_000);
      expect(refused.code).toBe(GatewayCode.RgWithdrawOnlyChannel);
      expect(refused.message).toMatch(/withdrawals only inside this app/);
    } finally {
      await operatorSwitch('host:lazada', false);
    }
    // The pay channel's own switch closes it too.
    await operatorSwitch('channel:lazada', true);
    try {
      expect((await switches(token, 'lazada')).data.deposit).toBe(false);
      expect((await payOrder(token, 'lazada', 50_000)).code).toBe(GatewayCode.RgWithdrawOnlyChannel);
    } finally {
      await operatorSwitch('channel:lazada', false);
    }
  });
});

describe("the messaging bot's settings (/bobotSwitch)", () => {
  async function botLinks(phone: string): Promise<string[]> {
    const shared = await fetch(`${server.url}/sim/host/viber/share`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ phone }).toString(),
      redirect: 'manual',
    });
    const chat = await fetch(`${server.url}${shared.headers.get('location')}`);
    return [...(await chat.text()).matchAll(/href="([^"]*sessionId=[^"]*)"/g)].map((m) => m[1]!.replaceAll('&#38;', '&'));
  }
  const sessionOf = (href: string) => new URL(href, server.url).searchParams.get('sessionId')!;
  const checkBind = (sessionId: string) =>
    call<{ webToken: { token: string } }>(server, 'main', 'viberCheckBind', { sessionId, relogin: '1' });

  it('tells whether the bot is linked; unlinking it makes its unused links refuse with a clear message', async () => {
    const { token } = await lazadaLogin();
    const status = await call<BotStatusAnswer>(server, 'main', 'partner/botStatus', {}, { token });
    expect(status.code, status.message).toBe('0000');
    expect(status.data).toEqual({ linked: false, linkedAt: '', botUrl: '/sim/host/viber' });

    const [sports, deposit] = await botLinks(SHOPPER.mobile);
    expect(sports).toMatch(/^\/sports\?sessionId=.+&relogin=1$/);
    const linked = await call<BotStatusAnswer>(server, 'main', 'partner/botStatus', {}, { token });
    expect(linked.data.linked).toBe(true);
    expect(Date.parse(linked.data.linkedAt)).not.toBeNaN();
    expect((await checkBind(sessionOf(sports!))).code).toBe('0000');

    const off = await call<BotStatusAnswer>(server, 'main', 'partner/botUnlink', {}, { token });
    expect(off.data.linked).toBe(false);
    const stale = await checkBind(sessionOf(deposit!));
    expect(stale.code).toBe(GatewayCode.TicketInvalid);
    expect(stale.message).toMatch(/no longer works: the Panalo bot was unlinked/);
    // Sharing the number again links it again.
    const [fresh] = await botLinks(SHOPPER.mobile);
    expect((await checkBind(sessionOf(fresh!))).code).toBe('0000');
  });

  it('a visitor may not read or change the bot link', async () => {
    expect((await call(server, 'main', 'partner/botStatus', {})).code).not.toBe('0000');
    expect((await call(server, 'main', 'partner/botUnlink', {})).code).not.toBe('0000');
  });
});
