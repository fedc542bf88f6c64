import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { agentCashIns, depositOrders, reconciliationReports } from '../../server/db/schema';
import { insertDepositOrder, newOrderNo } from '../../server/modules/deposits/repository';
import { HOUSE, houseAccountId, ledgerTotal, post, walletAccountId } from '../../server/modules/wallet/ledger';
import { call, idempotencyKey, mainBalance, quickCustomer } from './player';
import { type TestServer, startServer } from './server';

let server: TestServer;
let now = Date.now();
beforeAll(async () => {
  server = await startServer({}, undefined, { clock: () => now, jobs: { run: false }, payments: { processingMs: 1_000 } });
});
afterAll(async () => server.close());
afterEach(async () => {
  expect(await ledgerTotal(server.database.db)).toEqual({ entries: 0, balances: 0 });
});

/** Runs reconciliation an hour from now: every payment is past the grace a webhook in flight gets. */
const reconcile = () => server.app.reconciliation.run(now + 3_600_000);
const about = async (orderNo: string) =>
  (await reconcile()).mismatches
    .filter((m) => m.reference === orderNo)
    .map((m) => m.kind)
    .sort();

/** An agent deposit, paid at the counter (or only created, with `pay: false`). */
async function agentDeposit(amount: number, pay = true) {
  const player = await quickCustomer(server);
  const order = (
    await call<{ orderNo: string; agentCode: string }>(
      server,
      'main',
      'deposit/depositByAgent',
      { amount },
      { token: player.token, idempotencyKey: idempotencyKey() },
    )
  ).data;
  if (pay) {
    const paid = await fetch(`${server.url}/sim/agent/cash-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ code: order.agentCode, action: 'pay' }).toString(),
    });
    expect(paid.status).toBe(200);
  }
  return { player, orderNo: order.orderNo };
}

describe('reconciliation', () => {
  it('reports nothing on a clean run, and keeps the report', async () => {
    await agentDeposit(30_000);
    await agentDeposit(40_000, false);
    // A GCash deposit paid on the hosted checkout and credited by the provider's webhook.
    const ewallet = await quickCustomer(server);
    const order = await call<{ orderNo: string; checkoutUrl: string }>(
      server,
      'main',
      'deposit/createOnlineOrder',
      { payType: 'gcash', channelId: 'paymongo-gcash', amount: 50_000 },
      { token: ewallet.token, idempotencyKey: idempotencyKey() },
    );
    expect(order.code, order.message).toBe('0000');
    const paid = await fetch(`${server.url}${order.data.checkoutUrl}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    for (let step = 0; step < 4; step++) {
      now += 10_000;
      await server.app.jobs.tick(now, ['payment-simulators']);
    }
    expect(await mainBalance(server, ewallet.token)).toBe(50_000);
    const run = await reconcile();
    expect(run.mismatches).toEqual([]);
    expect(run.checked).toBeGreaterThanOrEqual(4);
    const [stored] = await server.database.db.select().from(reconciliationReports).where(eq(reconciliationReports.id, run.reportId));
    expect(stored).toMatchObject({ mismatchCount: 0, mismatches: [] });
  });

  it('finds a payment the provider took but we never credited (no callback came)', async () => {
    const { player, orderNo } = await agentDeposit(25_000, false);
    // The network marks it paid, and its callback never reaches us.
    await server.database.db.update(agentCashIns).set({ status: 'paid', paidAt: new Date() }).where(eq(agentCashIns.reference, orderNo));
    expect(await about(orderNo)).toEqual(['paid-not-credited']);
    expect(await mainBalance(server, player.token)).toBe(0);
    // The operator's page shows it.
    expect(await (await fetch(`${server.url}/dev/reconciliation`)).text()).toContain(orderNo);
  });

  it('finds a GCash checkout the provider marked paid whose webhook never came', async () => {
    const player = await quickCustomer(server);
    const gcash = server.app.payments.simulators!.gcash;
    const orderNo = newOrderNo();
    const checkout = await gcash.createCheckout({
      amount: 50_000,
      reference: orderNo,
      idempotencyKey: idempotencyKey(),
      returnUrls: { success: '/', failure: '/', cancel: '/' },
    });
    await server.database.db.transaction((tx) =>
      insertDepositOrder(tx, {
        orderNo,
        customerId: player.customerId,
        payType: 'gcash',
        channelId: 'paymongo-gcash',
        provider: 'paymongo',
        amount: 50_000,
        providerCheckoutId: checkout.checkoutId,
      }),
    );
    expect(await about(orderNo)).toEqual([]);
    // The provider's record says paid; no webhook was sent.
    await server.database.db.execute(
      sql`UPDATE payment_sim_records SET data = jsonb_set(data, '{stage}', '"paid"') WHERE kind = 'checkout' AND id = ${checkout.checkoutId}`,
    );
    expect(await about(orderNo)).toEqual(['paid-not-credited']);
    expect(await mainBalance(server, player.token)).toBe(0);
  });

  it('finds an order whose amount was changed in the database after it was paid', async () => {
    const { orderNo } = await agentDeposit(60_000);
    await server.database.db
      .update(depositOrders)
      .set({ amount: sql`${depositOrders.amount} + 100` })
      .where(eq(depositOrders.orderNo, orderNo));
    // The provider's amount and the ledger's credit both disagree with the order now.
    expect(await about(orderNo)).toEqual(['amount-differs', 'amount-differs']);
  });

  it('finds an order credited twice, and one credited that the provider has not been paid for', async () => {
    const twice = await agentDeposit(10_000);
    await server.database.db.transaction(async (tx) => {
      await post(tx, {
        kind: 'deposit',
        customerId: twice.player.customerId,
        reference: `deposit:${twice.orderNo}`,
        metadata: { orderNo: twice.orderNo, payType: 'agent' },
        entries: [
          { accountId: await houseAccountId(tx, HOUSE.payments), amount: -10_000 },
          { accountId: await walletAccountId(tx, twice.player.customerId, 'main'), amount: 10_000 },
        ],
      });
    });
    expect(await about(twice.orderNo)).toContain('credited-twice');

    const unpaid = await agentDeposit(15_000);
    await server.database.db
      .update(agentCashIns)
      .set({ status: 'awaiting', paidAt: null })
      .where(eq(agentCashIns.reference, unpaid.orderNo));
    expect(await about(unpaid.orderNo)).toEqual(['credited-not-paid']);
  });

  it('runs from the operator’s page', async () => {
    const before = (await server.database.db.select({ n: sql<number>`count(*)::int` }).from(reconciliationReports))[0]!.n;
    const ran = await fetch(`${server.url}/dev/reconciliation`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(ran.status).toBe(200);
    const after = (await server.database.db.select({ n: sql<number>`count(*)::int` }).from(reconciliationReports))[0]!.n;
    expect(after).toBe(before + 1);
  });
});
