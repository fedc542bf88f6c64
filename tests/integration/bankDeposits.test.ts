import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { agentCashIns, customers, depositOrders, depositReceipts, messages } from '../../server/db/schema';
import { ledgerTotal } from '../../server/modules/wallet/ledger';
import { AGENT_SIGNATURE_HEADER, signAgentCallback } from '../../server/providers/agents/cashIn';
import { GatewayCode } from '../../src/contract/errorCodes';
import { IMAGE_TOO_LARGE } from '../../server/lib/images';
import { ICON_PNG, SMALL_JPEG, dataUrl, makePng, pixelBomb } from './images';
import { call, idempotencyKey, mainBalance, quickCustomer } from './player';
import { type TestServer, startServer } from './server';

let server: TestServer;
/** The server's clock runs this far ahead of the wall clock (a test moves it to expire orders). */
let shift = 0;
const now = () => Date.now() + shift;

beforeAll(async () => {
  server = await startServer({}, undefined, { clock: now });
});
afterAll(async () => server.close());
afterEach(async () => {
  shift = 0;
  expect(await ledgerTotal(server.database.db)).toEqual({ entries: 0, balances: 0 });
});

interface Order {
  orderNo: string;
  payType: string;
  amount: number;
  status: string;
  bank?: { bankName: string; accountName: string; accountNo: string; reference: string };
  agentCode?: string;
  message?: string;
  expiresAt?: string;
}

const createDeposit = (token: string, amount: number, bankInfoId = 1) =>
  call<Order>(server, 'main', 'deposit/createDeposit', { bankInfoId, amount }, { token, idempotencyKey: idempotencyKey() });
const upload = (token: string, orderNo: string, image: string) =>
  call<Order>(server, 'main', 'deposit/uploadDepositReceipt', { orderNo, image }, { token });
const review = (orderNo: string, decision: 'approve' | 'reject', reason = '') =>
  fetch(`${server.url}/dev/deposits`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ orderNo, decision, reason, reviewer: 'test' }).toString(),
  });
const inbox = async (customerId: number) =>
  (await server.database.db.select().from(messages).where(eq(messages.customerId, customerId))).map((m) => `${m.title}: ${m.body}`);
const receiptOf = async (orderNo: string) => {
  const [order] = await server.database.db.select().from(depositOrders).where(eq(depositOrders.orderNo, orderNo));
  const [receipt] = await server.database.db.select().from(depositReceipts).where(eq(depositReceipts.orderId, order!.id));
  return receipt;
};

/** A player with a bank deposit of `amount` whose receipt is uploaded. */
async function inReview(amount: number) {
  const player = await quickCustomer(server);
  const order = (await createDeposit(player.token, amount)).data;
  expect((await upload(player.token, order.orderNo, dataUrl('image/png', ICON_PNG))).data.status).toBe('reviewing');
  return { player, order };
}

describe('bank transfer deposits', () => {
  it('lists the house’s receiving accounts and opens an order with the account and a reference to write', async () => {
    const player = await quickCustomer(server);
    const infos = await call<{ list: { bankInfoId: number; bankName: string }[] }>(
      server,
      'main',
      'deposit/queryDepositBankInfos',
      {},
      { token: player.token },
    );
    expect(infos.data.list.map((b) => b.bankName)).toEqual(['BDO Unibank', 'BPI', 'UnionBank']);
    const order = await createDeposit(player.token, 150_000, 2);
    expect(order.data).toMatchObject({
      payType: 'bank',
      amount: 150_000,
      status: 'pending',
      bank: { bankName: 'BPI', accountName: 'Panalo Gaming Corp.', accountNo: '3089 1234 56', reference: order.data.orderNo },
    });
    expect(new Date(order.data.expiresAt!).getTime() - now()).toBeGreaterThan(23 * 3_600_000);
    expect(await createDeposit(player.token, 5_000)).toMatchObject({
      code: GatewayCode.InvalidAmount,
      message: expect.stringContaining('₱100.00'),
    });
    expect(await createDeposit(player.token, 10_000, 99)).toMatchObject({ code: GatewayCode.ChannelClosed });
  });

  it('accepts a real PNG and a real JPEG receipt, checked by their bytes, and puts the order in review', async () => {
    const player = await quickCustomer(server);
    const first = (await createDeposit(player.token, 20_000)).data;
    // Declared as a JPEG, but its bytes are a PNG: the bytes decide.
    expect((await upload(player.token, first.orderNo, dataUrl('image/jpeg', ICON_PNG))).data.status).toBe('reviewing');
    expect(await receiptOf(first.orderNo)).toMatchObject({ contentType: 'image/png', width: 192, height: 192 });
    const second = (await createDeposit(player.token, 30_000)).data;
    expect((await upload(player.token, second.orderNo, dataUrl('image/jpeg', SMALL_JPEG))).data.status).toBe('reviewing');
    expect(await receiptOf(second.orderNo)).toMatchObject({ contentType: 'image/jpeg', width: 16, height: 16 });
    // The operator's page shows it under an unguessable key.
    const page = await (await fetch(`${server.url}/dev/deposits`)).text();
    const key = (await receiptOf(second.orderNo))!.mediaKey;
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(page).toContain(`/dev/deposits/receipt/${key}`);
    const image = await fetch(`${server.url}/dev/deposits/receipt/${key}`);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await image.arrayBuffer()).equals(SMALL_JPEG)).toBe(true);
  });

  it('refuses a text file named like a picture, and a broken picture, with GW_800458', async () => {
    const player = await quickCustomer(server);
    const order = (await createDeposit(player.token, 20_000)).data;
    for (const image of [
      dataUrl('image/jpeg', Buffer.from('receipt.jpg: I paid, trust me\n')),
      dataUrl('image/png', ICON_PNG.subarray(0, 20)),
      'not a data url',
    ]) {
      expect(await upload(player.token, order.orderNo, image)).toMatchObject({
        status: 400,
        code: GatewayCode.ReceiptInvalid,
        message: expect.stringContaining('not a picture'),
      });
    }
    expect((await receiptOf(order.orderNo)) ?? null).toBeNull();
  });

  it('refuses a pixel bomb receipt by its header (issue 30), and keeps the order waiting for a real one', async () => {
    const player = await quickCustomer(server);
    const order = (await createDeposit(player.token, 20_000)).data;
    expect(await upload(player.token, order.orderNo, dataUrl('image/png', pixelBomb()))).toMatchObject({
      status: 400,
      code: GatewayCode.ReceiptInvalid,
      message: IMAGE_TOO_LARGE,
    });
    expect((await receiptOf(order.orderNo)) ?? null).toBeNull();
    expect((await upload(player.token, order.orderNo, dataUrl('image/jpeg', SMALL_JPEG))).data.status).toBe('reviewing');
  });

  it('fits a large receipt within 750 px (spec §9)', async () => {
    const player = await quickCustomer(server);
    const order = (await createDeposit(player.token, 20_000)).data;
    expect((await upload(player.token, order.orderNo, dataUrl('image/png', makePng(1500, 1000)))).data.status).toBe('reviewing');
    expect(await receiptOf(order.orderNo)).toMatchObject({ contentType: 'image/jpeg', width: 750, height: 500 });
  });

  it('lets the player cancel before sending a receipt; every view of the order keeps the account and the reference', async () => {
    const player = await quickCustomer(server);
    const order = (await createDeposit(player.token, 20_000)).data;
    const cancelled = await call<Order>(server, 'main', 'deposit/cancelDeposit', { orderNo: order.orderNo }, { token: player.token });
    expect(cancelled.data).toMatchObject({ status: 'cancelled', bank: order.bank });
    expect(await upload(player.token, order.orderNo, dataUrl('image/png', ICON_PNG))).toMatchObject({
      code: GatewayCode.InvalidRequest,
      message: expect.stringContaining('cancelled'),
    });
  });

  it('keeps one player’s order from another', async () => {
    const owner = await quickCustomer(server);
    const stranger = await quickCustomer(server);
    const order = (await createDeposit(owner.token, 20_000)).data;
    expect(await upload(stranger.token, order.orderNo, dataUrl('image/png', ICON_PNG))).toMatchObject({ code: GatewayCode.OrderNotFound });
  });

  it('credits an approved deposit once, however many approvals race, and tells the player', async () => {
    const { player, order } = await inReview(250_000);
    const answers = await Promise.all(Array.from({ length: 4 }, () => review(order.orderNo, 'approve')));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await mainBalance(server, player.token)).toBe(250_000);
    const [customer] = await server.database.db.select().from(customers).where(eq(customers.id, player.customerId));
    expect(customer!.firstDepositAt).not.toBeNull();
    expect(await inbox(player.customerId)).toContainEqual(
      `Deposit received: Your bank transfer deposit of ₱2,500.00 is in your wallet (order ${order.orderNo}). Good luck!`,
    );
    // Decided: no new receipt, no rejection.
    expect(await upload(player.token, order.orderNo, dataUrl('image/png', ICON_PNG))).toMatchObject({ code: GatewayCode.InvalidRequest });
    expect((await review(order.orderNo, 'reject', 'late')).status).toBe(409);
    expect(await mainBalance(server, player.token)).toBe(250_000);
  });

  it('rejects with the reason in the player’s inbox, and credits nothing', async () => {
    const { player, order } = await inReview(80_000);
    expect((await review(order.orderNo, 'reject', 'The receipt does not show the reference.')).status).toBe(200);
    expect(await inbox(player.customerId)).toContainEqual(
      expect.stringContaining('did not go through. The receipt does not show the reference. Nothing was added to your wallet.'),
    );
    expect((await review(order.orderNo, 'approve')).status).toBe(409);
    expect(await mainBalance(server, player.token)).toBe(0);
    const [row] = await server.database.db.select().from(depositOrders).where(eq(depositOrders.orderNo, order.orderNo));
    expect(row).toMatchObject({
      status: 'rejected',
      message: expect.stringContaining('The receipt does not show the reference.'),
      creditTransactionId: null,
    });
  });

  it('expires a pending deposit without a receipt after its time (24 h by default)', async () => {
    const player = await quickCustomer(server);
    const order = (await createDeposit(player.token, 20_000)).data;
    shift = 24 * 3_600_000 + 60_000;
    expect(await upload(player.token, order.orderNo, dataUrl('image/png', ICON_PNG))).toMatchObject({
      code: GatewayCode.InvalidRequest,
      message: expect.stringContaining('expired'),
    });
    // The shared job (run by the leader) closes it.
    expect(await server.app.jobs.tick(now(), ['manual-deposits'])).toMatchObject({
      'manual-deposits': { expired: expect.any(Number) },
    });
    const [row] = await server.database.db.select().from(depositOrders).where(eq(depositOrders.orderNo, order.orderNo));
    expect(row).toMatchObject({ status: 'expired', message: expect.stringContaining('expired') });
    expect(await inbox(player.customerId)).toContainEqual(expect.stringContaining('did not go through. This deposit expired'));
  });

  it('answers GW_801104 while the bank channel is down, and lists bank, agent and voucher in the pay ways', async () => {
    const player = await quickCustomer(server);
    interface PayWays {
      payTypes: { payType: string; minAmount: number; amountList: number[]; channels: { channelId: string; available: boolean }[] }[];
    }
    const payWays = async () => (await call<PayWays>(server, 'main', 'deposit/queryPayWays', {}, { token: player.token })).data.payTypes;
    const ways = await payWays();
    expect(ways.map((p) => p.payType)).toEqual(['gcash', 'maya', 'bank', 'agent', 'voucher']);
    const bank = ways.find((p) => p.payType === 'bank')!;
    expect(bank.channels.map((c) => [c.channelId, c.available])).toEqual([
      ['bank-1', true],
      ['bank-2', true],
      ['bank-3', true],
    ]);
    expect(bank.amountList.every((a) => a >= bank.minAmount)).toBe(true);
    await server.app.payments.simulators!.setChannelDown('bank', true);
    try {
      expect(await createDeposit(player.token, 20_000)).toMatchObject({ code: 'GW_801104' });
      expect((await payWays()).find((p) => p.payType === 'bank')!.channels.every((c) => !c.available)).toBe(true);
    } finally {
      await server.app.payments.simulators!.setChannelDown('bank', false);
    }
    expect((await createDeposit(player.token, 20_000)).code).toBe('0000');
  });
});

describe('cash-in at an agent or store', () => {
  const secret = () => server.config.manualDeposits.agentCallbackSecret;
  const cashier = (body: Record<string, string>) =>
    fetch(`${server.url}/sim/agent/cash-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body).toString(),
    });
  const callback = (body: string, signature: string) =>
    fetch(`${server.url}/webhooks/agent/cash-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [AGENT_SIGNATURE_HEADER]: signature },
      body,
    });
  const paidBody = async (orderNo: string) => {
    const [order] = await server.database.db.select().from(depositOrders).where(eq(depositOrders.orderNo, orderNo));
    return JSON.stringify({
      event: 'payment.paid',
      paymentId: order!.providerCheckoutId,
      reference: orderNo,
      amount: order!.amount,
      paidAt: new Date().toISOString(),
      store: 'Test',
    });
  };
  const byAgent = (token: string, amount: number) =>
    call<Order>(server, 'main', 'deposit/depositByAgent', { amount }, { token, idempotencyKey: idempotencyKey() });

  it('gives a payment code valid 24 h; the cashier takes the cash; the signed callback credits once however often it comes', async () => {
    const player = await quickCustomer(server);
    const order = (await byAgent(player.token, 100_000)).data;
    expect(order).toMatchObject({ payType: 'agent', status: 'pending', agentCode: expect.stringMatching(/^\d{10}$/) });
    expect(Math.round((new Date(order.expiresAt!).getTime() - now()) / 3_600_000)).toBe(24);

    const lookup = await cashier({ code: order.agentCode!, action: 'lookup' });
    expect(await lookup.text()).toContain('₱1,000.00');
    expect(await mainBalance(server, player.token)).toBe(0); // shown to the cashier, not paid yet
    expect((await cashier({ code: order.agentCode!, action: 'pay', store: 'Store 7' })).status).toBe(200);
    expect(await mainBalance(server, player.token)).toBe(100_000);

    // The network repeats the callback, and a captured one is replayed: nothing more.
    const body = await paidBody(order.orderNo);
    const signature = signAgentCallback(body, secret(), Date.now());
    for (let i = 0; i < 5; i++) expect((await callback(body, signature)).status).toBe(200);
    expect((await cashier({ code: order.agentCode!, action: 'pay' })).status).toBe(409);
    expect(await mainBalance(server, player.token)).toBe(100_000);
    const [row] = await server.database.db.select().from(depositOrders).where(eq(depositOrders.orderNo, order.orderNo));
    expect(row).toMatchObject({ status: 'paid', creditTransactionId: expect.any(Number) });
  });

  it('sends a callback that was not answered again from the network’s job, and credits once', async () => {
    const player = await quickCustomer(server);
    const order = (await byAgent(player.token, 70_000)).data;
    // Paid at the counter while our side was unreachable: the first callback got no answer.
    await server.database.db
      .update(agentCashIns)
      .set({ status: 'paid', paidAt: new Date(now()), store: 'Store 9', callbackAttempts: 1, callbackDueAt: new Date(now()) })
      .where(eq(agentCashIns.reference, order.orderNo));
    expect(await mainBalance(server, player.token)).toBe(0);
    expect(await server.app.jobs.tick(now(), ['manual-deposits'])).toMatchObject({ 'manual-deposits': { callbacks: 1 } });
    expect(await mainBalance(server, player.token)).toBe(70_000);
    expect(await server.app.jobs.tick(now(), ['manual-deposits'])).toMatchObject({ 'manual-deposits': { callbacks: 0 } });
    expect(await mainBalance(server, player.token)).toBe(70_000);
  });

  it('refuses a forged callback (no, wrong or stale signature) and credits nothing', async () => {
    const player = await quickCustomer(server);
    const order = (await byAgent(player.token, 50_000)).data;
    const body = await paidBody(order.orderNo);
    for (const signature of [
      '',
      signAgentCallback(body, 'not-the-secret', Date.now()),
      signAgentCallback(body, secret(), Date.now() - 3_600_000),
    ]) {
      expect((await callback(body, signature)).status).toBe(401);
    }
    // A body changed after signing.
    const signed = signAgentCallback(body, secret(), Date.now());
    expect((await callback(body.replace('50000', '5000000'), signed)).status).toBe(401);
    expect(await mainBalance(server, player.token)).toBe(0);
  });

  it('refuses an amount outside the agent limits, and a code after 24 h', async () => {
    const player = await quickCustomer(server);
    expect(await byAgent(player.token, 5_000)).toMatchObject({ code: GatewayCode.InvalidAmount });
    const order = (await byAgent(player.token, 20_000)).data;
    shift = 24 * 3_600_000 + 1_000;
    const paid = await cashier({ code: order.agentCode!, action: 'pay' });
    expect(paid.status).toBe(409);
    expect(await paid.text()).toContain('expired');
    expect(await mainBalance(server, player.token)).toBe(0);
  });
});
