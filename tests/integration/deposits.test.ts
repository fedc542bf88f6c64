import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { customers, depositOrders, messages, paymentWebhookEvents } from '../../server/db/schema';
import { createSession } from '../../server/modules/auth/sessions';
import { createCustomer } from '../../server/modules/auth/users';
import { SIMULATOR_SECRETS_FILE, loadSimulatorSecrets } from '../../server/modules/payments/secrets';
import { ledgerTotal } from '../../server/modules/wallet/ledger';
import { paymongoGcash } from '../../server/providers/payments/paymongo';
import { paymongoSignature } from '../../server/providers/payments/signatures';
import type { AppOptions } from '../../server/app';
import type { payWaysAnswer, depositOrderAnswer } from '../../src/contract/answers/money';
import type * as z from 'zod/mini';
import { call, idempotencyKey, newPhone } from './player';
import { type TestServer, startServer } from './server';

/**
 * E-wallet deposits end to end on a real server and database: the player creates an order, pays on the
 * simulator's hosted checkout page, and the wallet is credited by the provider's signed webhook only,
 * exactly once, whatever the copies, their order, forgeries, outages or a restart. The clock is the
 * test's: it moves, then the shared jobs take one step (the simulators deliver what is due).
 */

type Order = z.infer<typeof depositOrderAnswer>;
type PayWays = z.infer<typeof payWaysAnswer>;

let now = Date.now();
const clock = () => now;
// A game wallet that answers at once: a restart's resume of transfers is over before the test looks.
const gameWallet = { transferIn: async () => 'accepted' as const };
const appOptions: AppOptions = {
  clock,
  gameWallet,
  jobs: { run: false },
  payments: { delivery: { copies: 2, spreadMs: 10_000 }, processingMs: 5_000 },
};
let server: TestServer;

/** When set, the next deposit event's handling fails once (as a database hiccup would). */
let failNextEvent = false;

beforeAll(async () => {
  server = await startServer({}, undefined, appOptions);
  server.app.payments.onDepositEvent(async () => {
    if (!failNextEvent) return;
    failNextEvent = false;
    throw new Error('the database went away for a moment');
  });
});
afterAll(async () => server.close());
afterEach(async () => {
  expect(await ledgerTotal(server.database.db)).toEqual({ entries: 0, balances: 0 });
});

/** Moves the clock and lets the shared jobs (simulators, inbox, expiry) take their step. */
async function later(ms: number, on = server) {
  now += ms;
  await on.app.jobs.tick(now);
}

async function player(on = server): Promise<{ token: string; customerId: number }> {
  const db = on.database.db;
  const customer = await createCustomer(db, { mobileNo: newPhone().e164, birthday: '1995-03-14' });
  const policy = { idleMs: on.config.sessionIdleMs, maxMs: on.config.sessionMaxMs, events: on.app.playerEvents };
  const session = await createSession(db, policy, customer.id, { ip: '127.0.0.1', headers: {} } as FastifyRequest);
  return { token: session.webToken.token, customerId: customer.id };
}

async function balance(token: string, on = server) {
  return (await call<{ balance: number; balanceFlag: 0 | 1 }>(on, 'main', 'customer/getBalance', {}, { token })).data;
}

async function deposit(token: string, amount: number, payType: 'gcash' | 'maya' = 'gcash', on = server) {
  const channelId = payType === 'gcash' ? 'paymongo-gcash' : 'maya-checkout';
  return call<Order>(on, 'main', 'deposit/createOnlineOrder', { payType, channelId, amount }, { token, idempotencyKey: idempotencyKey() });
}

/** The player taps Pay (or Cancel) on the hosted checkout page, as a browser posts its form. */
async function tap(checkoutUrl: string, action: 'pay' | 'cancel', on = server) {
  const page = await fetch(`${on.url}${checkoutUrl}`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(`value="${action}"`);
  return fetch(`${on.url}${checkoutUrl}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `action=${action}`,
    redirect: 'manual',
  });
}

async function order(orderNo: string, on = server) {
  const [row] = await on.database.db.select().from(depositOrders).where(eq(depositOrders.orderNo, orderNo));
  return row!;
}

async function inboxTitles(customerId: number, on = server) {
  const rows = await on.database.db
    .select({ title: messages.title, body: messages.body })
    .from(messages)
    .where(eq(messages.customerId, customerId));
  return rows;
}

describe('e-wallet deposits', () => {
  it('lists GCash and Maya with limits, presets and the turnover rule; Maya first in the Maya mini-app', async () => {
    const { token } = await player();
    const ways = (await call<PayWays>(server, 'main', 'deposit/queryPayWays', {}, { token })).data;
    // The e-wallets first; bank transfer, agents and vouchers follow (their own tests).
    expect(ways.payTypes.map((type) => type.payType)).toEqual(['gcash', 'maya', 'bank', 'agent', 'voucher']);
    expect(ways.payTypes[0]!.amountList).toEqual([10_000, 20_000, 50_000, 100_000, 200_000, 1_000_000]);
    expect(ways.payTypes[0]!.channels[0]).toMatchObject({
      available: true,
      minAmount: 10_000,
      maxAmount: 5_000_000,
      logo: '/payments/gcash.svg',
    });
    expect(ways.firstDeposit).toBe(true);
    expect(ways.turnoverPercent).toBe(100);
    const inMaya = (await call<PayWays>(server, 'main', 'deposit/queryPayWays', { terminal: 'MAYAMINIAPP_AP' }, { token })).data;
    expect(inMaya.payTypes[0]!.payType).toBe('maya');
  });

  it('credits a GCash deposit on the signed webhook, not on the return from the checkout', async () => {
    const { token, customerId } = await player();
    const created = await deposit(token, 50_000);
    expect(created.code).toBe('0000');
    expect(created.data).toMatchObject({ status: 'pending', amount: 50_000, payType: 'gcash' });
    expect((await balance(token)).balanceFlag).toBe(0);

    const back = await tap(created.data.checkoutUrl!, 'pay');
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`/gpoorder?orderNo=${created.data.orderNo}`);
    // Back on our site, the money is not there until the provider says so.
    expect(await balance(token)).toEqual({ balance: 0, balanceFlag: 0 });

    await later(5_000); // the payment processes…
    await later(10_000); // …and its webhook copies arrive
    expect(await balance(token)).toEqual({ balance: 50_000, balanceFlag: 1 });
    expect((await order(created.data.orderNo)).status).toBe('paid');
    const [customer] = await server.database.db.select().from(customers).where(eq(customers.id, customerId));
    expect(customer!.firstDepositAt).not.toBeNull();
    expect((await inboxTitles(customerId)).map((m) => m.title)).toContain('Deposit received');
    const ways = (await call<PayWays>(server, 'main', 'deposit/queryPayWays', {}, { token })).data;
    expect(ways.firstDeposit).toBe(false);
  });

  it('credits once however many copies arrive, in whatever order, with a failed attempt in between', async () => {
    const { token } = await player();
    const created = await deposit(token, 20_000);
    const checkoutId = (await order(created.data.orderNo)).providerCheckoutId!;
    const sims = server.app.payments.simulators!;
    // The first attempt is declined (PayMongo keeps the intent payable), the second is paid.
    await sims.gcash.declineNextAttempt(checkoutId);
    await tap(created.data.checkoutUrl!, 'pay');
    await later(5_000);
    expect((await order(created.data.orderNo)).status).toBe('pending');
    await tap(created.data.checkoutUrl!, 'pay');
    await later(5_000);
    await later(10_000);
    expect(await balance(token)).toEqual({ balance: 20_000, balanceFlag: 1 });

    // Every event's body again, 12 times each, newest first, freshly signed, over HTTP.
    const { paymongoWebhookSecret } = loadSimulatorSecrets(server.config.dataDir);
    const events = await server.database.db
      .select({ payload: paymentWebhookEvents.payload })
      .from(paymentWebhookEvents)
      .where(and(eq(paymentWebhookEvents.provider, 'paymongo'), eq(paymentWebhookEvents.verdict, 'accepted')));
    const mine = events.map((e) => e.payload).filter((body) => body.includes(checkoutId));
    expect(mine).toHaveLength(2);
    for (let copy = 0; copy < 12; copy++) {
      for (const body of [...mine].reverse()) {
        const answer = await fetch(`${server.url}/webhooks/paymongo`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'paymongo-signature': paymongoSignature(body, paymongoWebhookSecret, now) },
          body,
        });
        expect(answer.status).toBe(200);
      }
    }
    expect(await balance(token)).toEqual({ balance: 20_000, balanceFlag: 1 });
    expect((await order(created.data.orderNo)).status).toBe('paid');
  });

  it('lets the provider deliver again an event whose handling failed, and credits it once', async () => {
    const { token } = await player();
    const created = await deposit(token, 60_000, 'maya');
    await tap(created.data.checkoutUrl!, 'pay');
    failNextEvent = true;
    await later(5_000);
    await later(10_000); // both copies: the first fails (answered 503, nothing moved), the second is handled
    expect(failNextEvent).toBe(false);
    expect(await balance(token)).toEqual({ balance: 60_000, balanceFlag: 1 });
    const checkoutId = (await order(created.data.orderNo)).providerCheckoutId!;
    const [event] = await server.database.db
      .select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.eventId, `${checkoutId}:PAYMENT_SUCCESS`));
    expect(event).toMatchObject({ failures: 1, copies: 2 });
    expect(event!.handledAt).not.toBeNull();
  });

  it('never credits on a poll: a lost webhook leaves the order pending until the webhook comes', async () => {
    const { token } = await player();
    const created = await deposit(token, 80_000);
    await tap(created.data.checkoutUrl!, 'pay');
    await later(5_000); // paid at the provider; its webhook copies are queued…
    const checkoutId = (await order(created.data.orderNo)).providerCheckoutId!;
    // …and lost on the way.
    const lost = await server.database.db.execute(
      sql`DELETE FROM payment_sim_records WHERE kind = 'delivery' AND data->>'body' LIKE ${`%${checkoutId}%`} RETURNING data->>'body' AS body`,
    );
    const body = (lost as unknown as { rows: { body: string }[] }).rows[0]!.body;
    await later(4 * 3_600_000 + 10 * 60_000); // past the checkout's expiry and our grace: the expiry job asks
    expect((await order(created.data.orderNo)).status).toBe('pending');
    expect(await balance(token)).toEqual({ balance: 0, balanceFlag: 0 });
    // The provider's retry arrives at last.
    const { paymongoWebhookSecret } = loadSimulatorSecrets(server.config.dataDir);
    const answer = await fetch(`${server.url}/webhooks/paymongo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'paymongo-signature': paymongoSignature(body, paymongoWebhookSecret, now) },
      body,
    });
    expect(answer.status).toBe(200);
    expect(await balance(token)).toEqual({ balance: 80_000, balanceFlag: 1 });
  });

  it('refuses a forged webhook, keeps it on record, and moves nothing', async () => {
    const { token } = await player();
    const created = await deposit(token, 100_000);
    const row = await order(created.data.orderNo);
    const record = (await server.app.payments.simulators!.gcash.find(row.providerCheckoutId!))!;
    const paid = paymongoGcash.webhook(record.id, { ...record.data, stage: 'paid' }, now)!;
    const { paymongoWebhookSecret } = loadSimulatorSecrets(server.config.dataDir);
    const forgeries: Record<string, string>[] = [
      { 'paymongo-signature': paymongoSignature(paid.body, 'whsk_guessed_secret', now) },
      // Signed for another body: the amount was changed after signing.
      { 'paymongo-signature': paymongoSignature(paid.body.replace('100000', '999900'), paymongoWebhookSecret, now) },
      // A real signature, but captured long ago.
      { 'paymongo-signature': paymongoSignature(paid.body, paymongoWebhookSecret, now - 3_600_000) },
      {},
    ];
    for (const headers of forgeries) {
      const answer = await fetch(`${server.url}/webhooks/paymongo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: paid.body,
      });
      expect(answer.status).toBe(401);
    }
    expect(await balance(token)).toEqual({ balance: 0, balanceFlag: 0 });
    expect((await order(created.data.orderNo)).status).toBe('pending');
    const refused = await server.database.db
      .select({ verdict: paymentWebhookEvents.verdict })
      .from(paymentWebhookEvents)
      .where(and(eq(paymentWebhookEvents.provider, 'paymongo')));
    expect(refused.map((r) => r.verdict)).toEqual(expect.arrayContaining(['bad-signature', 'stale', 'no-signature']));
    await call(server, 'main', 'deposit/cancelDeposit', { orderNo: created.data.orderNo }, { token });
  });

  it('refuses a webhook holding a NUL without a 5xx: a forged one kept on record, a signed one as malformed', async () => {
    const { token } = await player();
    const created = await deposit(token, 100_000);
    const row = await order(created.data.orderNo);
    const record = (await server.app.payments.simulators!.gcash.find(row.providerCheckoutId!))!;
    const paid = paymongoGcash.webhook(record.id, { ...record.data, stage: 'paid' }, now)!;
    const { paymongoWebhookSecret } = loadSimulatorSecrets(server.config.dataDir);
    // Raw NUL bytes from an outsider (PostgreSQL text cannot hold them), and a NUL in the ids of a body
    // the provider's own key signed.
    const withNul = paid.body.replaceAll(record.id, `${record.id}\\u0000`);
    const attempts = [
      { body: `${paid.body}\u0000\u0000`, headers: {} as Record<string, string> },
      { body: withNul, headers: { 'paymongo-signature': paymongoSignature(withNul, paymongoWebhookSecret, now) } },
    ];
    for (const { body, headers } of attempts) {
      const answer = await fetch(`${server.url}/webhooks/paymongo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
      expect(answer.status).toBe(401);
    }
    expect(await balance(token)).toEqual({ balance: 0, balanceFlag: 0 });
    expect((await order(created.data.orderNo)).status).toBe('pending');
    const kept = await server.database.db
      .select({ verdict: paymentWebhookEvents.verdict, payload: paymentWebhookEvents.payload })
      .from(paymentWebhookEvents)
      .where(and(eq(paymentWebhookEvents.provider, 'paymongo'), sql`${paymentWebhookEvents.payload} LIKE ${`%${record.id}%`}`));
    expect(kept.map((r) => r.verdict).sort()).toEqual(['malformed', 'no-signature']);
    expect(kept.find((r) => r.verdict === 'no-signature')!.payload.endsWith('\\u0000\\u0000')).toBe(true);
    await call(server, 'main', 'deposit/cancelDeposit', { orderNo: created.data.orderNo }, { token });
  });

  it('closes an expired GCash checkout and a cancelled Maya one, with a message, crediting nothing', async () => {
    const { token, customerId } = await player();
    const gcash = await deposit(token, 30_000);
    const maya = await deposit(token, 40_000, 'maya');
    expect(maya.code).toBe('0000');
    const back = await tap(maya.data.checkoutUrl!, 'cancel');
    expect(back.headers.get('location')).toBe(`/gpoorder?orderNo=${maya.data.orderNo}&result=cancelled`);
    await later(10_000);
    expect((await order(maya.data.orderNo)).status).toBe('cancelled');
    expect((await balance(token)).balanceFlag).toBe(0); // the GCash order is still open

    await later(4 * 3_600_000 + 1_000); // GCash checkouts expire after 4 hours
    await later(10_000);
    const expired = await order(gcash.data.orderNo);
    expect(expired.status).toBe('expired');
    expect(expired.message).toMatch(/expired/);
    expect(await balance(token)).toEqual({ balance: 0, balanceFlag: 1 });
    expect((await inboxTitles(customerId)).filter((m) => m.title === 'Deposit not completed')).toHaveLength(2);
  });

  it('answers GW_801104 while the provider is down, and shows the channel unavailable', async () => {
    const { token } = await player();
    const sims = server.app.payments.simulators!;
    await sims.setChannelDown('gcash', true);
    try {
      const ways = (await call<PayWays>(server, 'main', 'deposit/queryPayWays', {}, { token })).data;
      expect(ways.payTypes.find((type) => type.payType === 'gcash')!.channels[0]!.available).toBe(false);
      expect(ways.payTypes.find((type) => type.payType === 'maya')!.channels[0]!.available).toBe(true);
      const refused = await deposit(token, 50_000);
      expect(refused.code).toBe('GW_801104');
      expect(refused.message).toMatch(/payment provider/);
      expect(await balance(token)).toEqual({ balance: 0, balanceFlag: 1 });
    } finally {
      await sims.setChannelDown('gcash', false);
    }
  });

  it("lets a developer take a channel down and bring it back on /sim, and keeps the simulators' secrets in the data folder", async () => {
    const { token } = await player();
    const page = await fetch(`${server.url}/sim`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).not.toContain('unsafe-inline');
    const toggle = (state: 'up' | 'down') =>
      fetch(`${server.url}/sim/channels/maya`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `state=${state}`,
        redirect: 'manual',
      });
    expect((await toggle('down')).status).toBe(303);
    const maya = async () =>
      (await call<PayWays>(server, 'main', 'deposit/queryPayWays', {}, { token })).data.payTypes.find((type) => type.payType === 'maya')!;
    expect((await maya()).channels[0]!.available).toBe(false);
    expect((await deposit(token, 50_000, 'maya')).code).toBe('GW_801104');
    await toggle('up');
    expect((await maya()).channels[0]!.available).toBe(true);
    const secrets = join(server.config.dataDir, SIMULATOR_SECRETS_FILE);
    expect(statSync(secrets).mode & 0o077).toBe(0);
  });

  it('refuses amounts outside the channel limits and says why; magic amounts fail as documented', async () => {
    const { token } = await player();
    const small = await deposit(token, 5_000);
    expect(small.code).toBe('GW_800442');
    expect(small.message).toBe('The smallest GCash deposit is ₱100.00.');
    const large = await deposit(token, 6_000_000, 'maya');
    expect(large.message).toMatch(/largest Maya deposit is ₱50,000.00/);
    const unavailable = await deposit(token, 1_010_100);
    expect(unavailable.code).toBe('GW_800456');
    expect(unavailable.message).toMatch(/GCash is not taking payments/);

    const blocked = await deposit(token, 2_010_300, 'maya');
    await tap(blocked.data.checkoutUrl!, 'pay');
    await later(5_000);
    await later(10_000);
    const failed = await order(blocked.data.orderNo);
    expect(failed.status).toBe('failed');
    expect(failed.message).toMatch(/Maya refused the payment/);
    expect(await balance(token)).toEqual({ balance: 0, balanceFlag: 1 });
  });

  it('answers a retry with the same key after a provider timeout with the checkout the provider made', async () => {
    const { token } = await player();
    const body = { payType: 'gcash', channelId: 'paymongo-gcash', amount: 3_030_300 };
    const key = idempotencyKey();
    const timedOut = await call<Order>(server, 'main', 'deposit/createOnlineOrder', body, { token, idempotencyKey: key });
    expect(timedOut.code).toBe('GW_800456');
    expect(timedOut.message).toMatch(/did not answer in time/);
    const retried = await call<Order>(server, 'main', 'deposit/createOnlineOrder', body, { token, idempotencyKey: key });
    expect(retried.code).toBe('0000');
    expect(retried.data.checkoutUrl).toMatch(/^\/sim\/paymongo\/checkout\/pi_/);
    const again = await call<Order>(server, 'main', 'deposit/createOnlineOrder', body, { token, idempotencyKey: key });
    expect(again.data).toEqual(retried.data);
    expect((await call<Order>(server, 'main', 'deposit/cancelDeposit', { orderNo: again.data.orderNo }, { token })).data.status).toBe(
      'cancelled',
    );
    expect(await balance(token)).toEqual({ balance: 0, balanceFlag: 1 });
  });

  it('credits once a payment made before a restart whose webhook arrives after it', async () => {
    const own = await startServer({}, undefined, appOptions);
    try {
      const { token } = await player(own);
      const created = await deposit(token, 70_000, 'gcash', own);
      await tap(created.data.checkoutUrl!, 'pay', own);
      const restarted = await own.restart();
      await later(5_000, restarted);
      await later(10_000, restarted);
      expect(await balance(token, restarted)).toEqual({ balance: 70_000, balanceFlag: 1 });
      await later(60_000, restarted);
      expect(await balance(token, restarted)).toEqual({ balance: 70_000, balanceFlag: 1 });
      // The restart's resume of game-wallet transfers left the deposit alone (it is no transfer).
      const wallets = await call<{ sabaBalance: number; totalBalance: number }>(restarted, 'main', 'customer/getBalanceV3', {}, { token });
      expect(wallets.data).toMatchObject({ sabaBalance: 0, totalBalance: 70_000 });
      expect(await ledgerTotal(restarted.database.db)).toEqual({ entries: 0, balances: 0 });
      await restarted.close();
    } finally {
      await own.close();
    }
  });

  it('runs no simulator in production: no /sim pages, every channel unavailable, GW_801104', async () => {
    const production = await startServer({ production: true }, undefined, appOptions);
    try {
      expect(production.app.payments.simulators).toBeUndefined();
      expect(await (await fetch(`${production.url}/sim`)).text()).not.toContain('Payment simulators');
      const { token } = await player(production);
      const ways = (await call<PayWays>(production, 'main', 'deposit/queryPayWays', {}, { token })).data;
      const ewallets = ways.payTypes.filter((type) => type.payType === 'gcash' || type.payType === 'maya');
      expect(ewallets.flatMap((type) => type.channels.map((channel) => channel.available))).toEqual([false, false]);
      // No agent network in production, and never the development's demo bank accounts.
      expect(ways.payTypes.map((type) => type.payType)).toEqual(['gcash', 'maya', 'voucher']);
      expect((await deposit(token, 50_000, 'gcash', production)).code).toBe('GW_801104');
      expect((await fetch(`${production.url}/webhooks/paymongo`, { method: 'POST', body: '{}' })).status).toBe(404);
    } finally {
      await production.close();
    }
  });
});
