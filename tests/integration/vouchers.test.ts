import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { customers, depositOrders, ledgerAccounts } from '../../server/db/schema';
import { HOUSE, ledgerTotal } from '../../server/modules/wallet/ledger';
import { VoucherService } from '../../server/modules/vouchers/service';
import { DEMO_VOUCHERS } from '../../server/modules/dev/vouchers';
import { GatewayCode } from '../../src/contract/errorCodes';
import { call, idempotencyKey, mainBalance, quickCustomer } from './player';
import { type TestServer, startServer } from './server';

let server: TestServer;
let vouchers: VoucherService;
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000);

beforeAll(async () => {
  server = await startServer();
  vouchers = new VoucherService({ db: server.database.db, events: server.app.playerEvents });
});
afterAll(async () => server.close());
afterEach(async () => {
  expect(await ledgerTotal(server.database.db)).toEqual({ entries: 0, balances: 0 });
});

interface VoucherAnswer {
  amount: number;
  message: string;
}
const receive = (token: string, voucherCode: string, key = idempotencyKey()) =>
  call<VoucherAnswer>(server, 'main', 'customer/receiveVoucher', { voucherCode }, { token, idempotencyKey: key });
const depositBy = (token: string, voucherCode: string, key = idempotencyKey()) =>
  call<VoucherAnswer>(server, 'main', 'deposit/depositByVoucher', { voucherCode }, { token, idempotencyKey: key });

describe('vouchers', () => {
  it('credits a promo voucher to the main wallet, typed in any case and without dashes', async () => {
    const [code] = await vouchers.issue({ kind: 'promo', amount: 12_345, count: 1, expiresAt: inAMonth() });
    const player = await quickCustomer(server);
    const answer = await receive(player.token, code!.replaceAll('-', '').toLowerCase());
    expect(answer.code).toBe('0000');
    expect(answer.data).toEqual({ amount: 12_345, message: 'Voucher redeemed: ₱123.45 added to your wallet.' });
    expect(await mainBalance(server, player.token)).toBe(12_345);
  });

  it('makes a deposit voucher a deposit: an order of pay type voucher, and the first-deposit date', async () => {
    const [code] = await vouchers.issue({ kind: 'deposit', amount: 30_000, count: 1, expiresAt: inAMonth() });
    const player = await quickCustomer(server);
    expect((await depositBy(player.token, code!)).data).toEqual({
      amount: 30_000,
      message: 'Deposit voucher redeemed: ₱300.00 added to your wallet.',
    });
    const orders = await server.database.db.select().from(depositOrders).where(eq(depositOrders.customerId, player.customerId));
    expect(orders).toEqual([
      expect.objectContaining({ payType: 'voucher', status: 'paid', amount: 30_000, creditTransactionId: expect.any(Number) }),
    ]);
    const [customer] = await server.database.db.select().from(customers).where(eq(customers.id, player.customerId));
    expect(customer!.firstDepositAt).not.toBeNull();
    const [house] = await server.database.db
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(and(isNull(ledgerAccounts.customerId), eq(ledgerAccounts.kind, HOUSE.vouchers)));
    expect(house!.balance).toBeLessThanOrEqual(-30_000);
  });

  it('credits a single-use code once when many players race for it', async () => {
    const [code] = await vouchers.issue({ kind: 'deposit', amount: 50_000, count: 1, expiresAt: inAMonth() });
    const players = await Promise.all(Array.from({ length: 8 }, () => quickCustomer(server)));
    const answers = await Promise.all(players.map((p) => depositBy(p.token, code!)));
    expect(answers.filter((a) => a.code === '0000')).toHaveLength(1);
    for (const refused of answers.filter((a) => a.code !== '0000')) {
      expect(refused).toMatchObject({ status: 400, code: GatewayCode.VoucherInvalid, message: 'This voucher has already been used.' });
    }
    const balances = await Promise.all(players.map((p) => mainBalance(server, p.token)));
    expect(balances.reduce((a, b) => a + b, 0)).toBe(50_000);
  });

  it('credits a shared code once per player, even when one player sends it many times at once', async () => {
    const [code] = await vouchers.issue({ kind: 'promo', amount: 1_000, count: 1, maxUses: 100, expiresAt: inAMonth() });
    const player = await quickCustomer(server);
    const answers = await Promise.all(Array.from({ length: 6 }, () => receive(player.token, code!)));
    expect(answers.filter((a) => a.code === '0000')).toHaveLength(1);
    expect(answers.filter((a) => a.code !== '0000').map((a) => a.message)).toEqual(Array(5).fill('You have already used this voucher.'));
    expect(await mainBalance(server, player.token)).toBe(1_000);
    // Another player still can.
    const other = await quickCustomer(server);
    expect((await receive(other.token, code!)).code).toBe('0000');
  });

  it('answers a retry with the same Idempotency-Key with the first answer, moving the money once', async () => {
    const [code] = await vouchers.issue({ kind: 'promo', amount: 2_000, count: 1, expiresAt: inAMonth() });
    const player = await quickCustomer(server);
    const key = idempotencyKey();
    const first = await receive(player.token, code!, key);
    const again = await receive(player.token, code!, key);
    expect(again.data).toEqual(first.data);
    expect(await mainBalance(server, player.token)).toBe(2_000);
  });

  it('refuses unknown, used, expired and wrong-page codes with clear words, moving nothing', async () => {
    const player = await quickCustomer(server);
    const [used] = await vouchers.issue({ kind: 'promo', amount: 500, count: 1, expiresAt: inAMonth() });
    expect((await receive((await quickCustomer(server)).token, used!)).code).toBe('0000');
    const [expired] = await vouchers.issue({ kind: 'promo', amount: 500, count: 1, expiresAt: new Date(Date.now() - 1000) });
    const [deposit] = await vouchers.issue({ kind: 'deposit', amount: 500, count: 1, expiresAt: inAMonth() });
    const cases: [string, string][] = [
      ['ZZZZ-ZZZZ-ZZZZ', 'This voucher code is not valid. Please check the code and try again.'],
      [used!, 'This voucher has already been used.'],
      [expired!, 'This voucher has expired.'],
      [deposit!, 'This is a deposit voucher: please enter it on the Deposit page, under Voucher.'],
    ];
    for (const [code, message] of cases) {
      expect(await receive(player.token, code)).toMatchObject({ status: 400, code: GatewayCode.VoucherInvalid, message });
    }
    expect(await mainBalance(server, player.token)).toBe(0);
  });

  it('needs an Idempotency-Key: it moves money', async () => {
    const player = await quickCustomer(server);
    const answer = await call(server, 'main', 'customer/receiveVoucher', { voucherCode: DEMO_VOUCHERS.promo }, { token: player.token });
    expect(answer).toMatchObject({ status: 400, code: GatewayCode.InvalidRequest });
  });

  it('stops a player guessing codes after 10 tries in 10 minutes', async () => {
    const player = await quickCustomer(server);
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await receive(player.token, `GUES-SING-${String(i).padStart(4, '0')}`));
    expect(answers.slice(0, 10).every((a) => a.code === GatewayCode.VoucherInvalid)).toBe(true);
    expect(answers[10]).toMatchObject({ status: 429, code: GatewayCode.TooManyRequests });
  });

  it('answers the repeat of a redeemed code (its answer lost on the way) with its first answer, past the guess limit', async () => {
    const [code] = await vouchers.issue({ kind: 'deposit', amount: 1_500, count: 1, expiresAt: inAMonth() });
    const player = await quickCustomer(server);
    const key = idempotencyKey();
    const first = await depositBy(player.token, code!, key);
    expect(first.code).toBe('0000');
    for (let i = 0; i < 10; i++) await depositBy(player.token, `LOST-ANSW-${String(i).padStart(4, '0')}`);
    expect(await depositBy(player.token, 'LOST-ANSW-9999')).toMatchObject({ status: 429, code: GatewayCode.TooManyRequests });
    // The app asks again with the same key: the deposit went through, and the player is told so.
    const again = await depositBy(player.token, code!, key);
    expect(again).toMatchObject({ status: 200, code: '0000' });
    expect(again.data).toEqual(first.data);
    expect(await mainBalance(server, player.token)).toBe(1_500);
  });

  it('limits operator vouchers to 5 a day for one player', async () => {
    const player = await quickCustomer(server);
    const codes = await vouchers.issue({ kind: 'promo', amount: 100, count: 6, expiresAt: inAMonth() });
    const answers = [];
    for (const code of codes) answers.push(await receive(player.token, code));
    expect(answers.slice(0, 5).every((a) => a.code === '0000')).toBe(true);
    expect(answers[5]).toMatchObject({
      code: GatewayCode.VoucherInvalid,
      message: 'You can receive up to 5 vouchers a day. Please try again tomorrow.',
    });
    expect(await mainBalance(server, player.token)).toBe(500);
  });
});

describe('gift cards', () => {
  interface GiftCards {
    list: { giftCardId: number; code: string; amount: number; status: string; redeemedAt?: string }[];
  }
  const list = (token: string) => call<GiftCards>(server, 'main', 'giftCard/list', {}, { token });
  const redeem = (token: string, giftCardId: number) =>
    call<VoucherAnswer>(server, 'main', 'giftCard/redeem', { giftCardId }, { token, idempotencyKey: idempotencyKey() });

  it('lists a player’s gift cards masked, redeems one once, and never another player’s', async () => {
    const player = await quickCustomer(server);
    const [code] = await vouchers.issue({
      kind: 'giftcard',
      amount: 25_000,
      count: 1,
      customerId: player.customerId,
      expiresAt: inAMonth(),
    });
    const before = await list(player.token);
    expect(before.data.list).toEqual([expect.objectContaining({ code: `•••• ${code!.slice(-4)}`, amount: 25_000, status: 'active' })]);
    expect(JSON.stringify(before.data)).not.toContain(code!.slice(0, 9));
    const id = before.data.list[0]!.giftCardId;

    const stranger = await quickCustomer(server);
    expect(await redeem(stranger.token, id)).toMatchObject({ code: GatewayCode.VoucherInvalid });
    expect(await receive(stranger.token, code!)).toMatchObject({
      code: GatewayCode.VoucherInvalid,
      message: expect.stringContaining('not valid'),
    });

    const answers = await Promise.all([redeem(player.token, id), redeem(player.token, id), redeem(player.token, id)]);
    expect(answers.filter((a) => a.code === '0000')).toHaveLength(1);
    expect(await mainBalance(server, player.token)).toBe(25_000);
    expect((await list(player.token)).data.list[0]).toMatchObject({ status: 'redeemed', redeemedAt: expect.any(String) });
    expect(await mainBalance(server, stranger.token)).toBe(0);
  });
});

describe('the operator’s voucher page (development only)', () => {
  it('issues codes from a plain form and shows them once; the demo codes work', async () => {
    const page = await fetch(`${server.url}/dev/vouchers`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(DEMO_VOUCHERS.promo);
    const issued = await fetch(`${server.url}/dev/vouchers`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ kind: 'promo', amount: '75.50', count: '2', maxUses: '1', days: '7' }).toString(),
    });
    const html = await issued.text();
    const codes = [...html.matchAll(/\b([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})\b/g)].map((m) => m[1]!);
    expect(codes).toHaveLength(2);
    const player = await quickCustomer(server);
    expect((await receive(player.token, codes[0]!)).data.amount).toBe(7_550);
    expect((await receive(player.token, DEMO_VOUCHERS.promo)).data.amount).toBe(10_000);
    expect((await depositBy(player.token, DEMO_VOUCHERS.deposit)).data.amount).toBe(50_000);

    const forged = await fetch(`${server.url}/dev/vouchers`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example' },
      body: 'kind=promo&amount=1000',
    });
    expect(forged.status).toBe(403);
  });
});
