import { withdrawConfig } from '../../server/config';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { creditDeposit, insertDepositOrder } from '../../server/modules/deposits/repository';
import { ledgerTotal } from '../../server/modules/wallet/ledger';
import { GatewayCode } from '../../src/contract/errorCodes';
import { manilaDate } from '../../src/contract/people';
import { call, encrypt, fundedPlayer, idempotencyKey } from './player';
import { type TestServer, startServer } from './server';
import { WITHDRAW_PASSWORD, readyToWithdraw } from './withdrawing';

let server: TestServer;

/** The server's clock (the payout simulator's too): a test moves it to let a payout settle. */
let now = Date.now();

beforeAll(async () => {
  server = await startServer(
    {
      withdraw: withdrawConfig({ WITHDRAW_TURNOVER_PERCENT: '0' }),
    },
    undefined,
    { clock: () => now },
  );
});

afterAll(async () => {
  await server.close();
});

afterEach(async () => {
  // Let a transfer in flight finish, then the ledger sums to zero.
  await new Promise((r) => setTimeout(r, 600));
  expect(await ledgerTotal(server.database.db)).toEqual({ entries: 0, balances: 0 });
});

interface Bill {
  billNo: string;
  type: number;
  title: string;
  amount: number;
  balanceAfter: number;
  orderNo?: string;
}

const DAY = 24 * 60 * 60_000;
const today = () => manilaDate(new Date());
const daysAgo = (n: number) => manilaDate(new Date(Date.now() - n * DAY));

describe('bills', () => {
  it('lists every movement of the main wallet with its sign, type and the balance after it', async () => {
    const { token } = await fundedPlayer(server, 1_000);
    const moved = await call(server, 'main', 'game/sabaInBalance', { amount: 20_000 }, { token, idempotencyKey: idempotencyKey() });
    expect(moved.code, moved.message).toBe('0000');

    const bills = await call<{ total: number; list: Bill[] }>(
      server,
      'main',
      'transactionRecord/queryCustBill',
      { beginDate: daysAgo(6), endDate: today() },
      { token },
    );
    expect(bills.code, bills.message).toBe('0000');
    expect(bills.data.total).toBe(2);
    expect(bills.data.list).toMatchObject([
      { type: 7, title: 'Transfer to sports wallet', amount: -20_000, balanceAfter: 80_000 },
      { type: 1, title: 'Deposit', amount: 100_000, balanceAfter: 100_000 },
    ]);

    const deposits = await call<{ total: number; list: Bill[] }>(
      server,
      'main',
      'transactionRecord/queryCustBill',
      { beginDate: today(), endDate: today(), type: 1 },
      { token },
    );
    expect(deposits.data.list.map((b) => b.amount)).toEqual([100_000]);
    // Several types at once (the history's wallet rows without bets), counted and paged in the database.
    const some = await call<{ total: number; list: Bill[] }>(
      server,
      'main',
      'transactionRecord/queryCustBill',
      { beginDate: today(), endDate: today(), types: [1, 2, 4], pageSize: 1 },
      { token },
    );
    expect(some.data).toMatchObject({ total: 1, list: [{ type: 1, amount: 100_000 }] });
    const tooMany = await call(
      server,
      'main',
      'transactionRecord/queryCustBill',
      { beginDate: today(), endDate: today(), types: Array.from({ length: 17 }, (_, i) => i + 1) },
      { token },
    );
    expect(tooMany.code).not.toBe('0000');
    const paged = await call<{ total: number; list: Bill[] }>(
      server,
      'main',
      'transactionRecord/queryCustBill',
      { beginDate: today(), endDate: today(), pageNo: 2, pageSize: 1 },
      { token },
    );
    expect(paged.data).toMatchObject({ total: 2, list: [{ type: 1 }] });

    const detail = await call<{ bill: Bill }>(
      server,
      'main',
      'transactionRecord/billDetail',
      { billNo: bills.data.list[0]!.billNo },
      { token },
    );
    expect(detail.data.bill).toEqual(bills.data.list[0]);

    // Another player's bill is not found.
    const other = await fundedPlayer(server, 10);
    const stolen = await call(
      server,
      'main',
      'transactionRecord/billDetail',
      { billNo: bills.data.list[0]!.billNo },
      { token: other.token },
    );
    expect(stolen.code).toBe(GatewayCode.OrderNotFound);
  });

  it('refuses date spans in the player’s words', async () => {
    const { token } = await fundedPlayer(server, 10);
    const tooLong = await call(
      server,
      'main',
      'transactionRecord/querySubList',
      { beginDate: daysAgo(30), endDate: today(), type: 1 },
      { token },
    );
    expect(tooLong.code).toBe(GatewayCode.InvalidRequest);
    expect(tooLong.message).toBe('Please choose at most 30 days at a time.');
    const backwards = await call(server, 'main', 'transactionRecord/queryCustBill', { beginDate: today(), endDate: daysAgo(1) }, { token });
    expect(backwards.message).toBe('The start date must not be after the end date.');
    const month = await call<{ total: number; withdrawals: unknown[] }>(
      server,
      'main',
      'transactionRecord/querySubList',
      { beginDate: daysAgo(29), endDate: today(), type: 2 },
      { token },
    );
    expect(month.data).toEqual({ total: 0, withdrawals: [] });
    const missing = await call(server, 'main', 'transactionRecord/queryWithdrawalStatus', { orderNo: 'WD-NOPE' }, { token });
    expect(missing.code).toBe(GatewayCode.OrderNotFound);
  });
});

describe('deposit and withdrawal records', () => {
  it('lists deposits and withdrawals of the last 30 days, and a bill’s order in its detail', async () => {
    const player = await readyToWithdraw(server, 1_000);
    // A deposit credited as the payments core credits one (deposit_orders, then the ledger).
    const deposit = await server.database.db.transaction(async (tx) => {
      const order = await insertDepositOrder(tx, {
        customerId: player.customerId,
        payType: 'gcash',
        channelId: 'gcash',
        provider: 'paymongo',
        amount: 30_000,
      });
      await creditDeposit(tx, order);
      return order;
    });
    const created = await call<{ orderNo: string }>(
      server,
      'main',
      'withdraw/createWithdrawalRequest',
      { bankAccountId: player.bankAccountId, amount: 50_000, withdrawPassword: await encrypt(server, WITHDRAW_PASSWORD) },
      { token: player.token, idempotencyKey: idempotencyKey() },
    );
    expect(created.code, created.message).toBe('0000');

    const range = { beginDate: daysAgo(29), endDate: today() };
    const withdrawals = await call<{ total: number; withdrawals: { orderNo: string; status: string }[] }>(
      server,
      'main',
      'transactionRecord/querySubList',
      { ...range, type: 2 },
      { token: player.token },
    );
    expect(withdrawals.data).toMatchObject({ total: 1, withdrawals: [{ orderNo: created.data.orderNo, status: 'processing' }] });
    const deposits = await call<{ total: number; deposits: { orderNo: string; status: string }[] }>(
      server,
      'main',
      'transactionRecord/querySubList',
      { ...range, type: 1 },
      { token: player.token },
    );
    expect(deposits.data).toMatchObject({ total: 1, deposits: [{ orderNo: deposit.orderNo, status: 'paid', amount: 30_000 }] });

    const bills = await call<{ list: (Bill & { status?: string })[] }>(
      server,
      'main',
      'transactionRecord/queryCustBill',
      { beginDate: today(), endDate: today() },
      { token: player.token },
    );
    expect(bills.data.list.slice(0, 2)).toMatchObject([
      { type: 2, title: 'Withdrawal', amount: -50_000, balanceAfter: 80_000, orderNo: created.data.orderNo, status: 'processing' },
      { type: 1, title: 'Deposit', amount: 30_000, balanceAfter: 130_000, orderNo: deposit.orderNo },
    ]);
    const detail = await call<{ bill: Bill; withdrawal: { orderNo: string } }>(
      server,
      'main',
      'transactionRecord/billDetail',
      { billNo: bills.data.list[0]!.billNo },
      { token: player.token },
    );
    expect(detail.data.withdrawal.orderNo).toBe(created.data.orderNo);
    const byOrder = await call<{ deposit: { orderNo: string } }>(
      server,
      'main',
      'transactionRecord/billDetail',
      { orderNo: deposit.orderNo },
      { token: player.token },
    );
    expect(byOrder.data.deposit.orderNo).toBe(deposit.orderNo);

    // Settled: the withdrawal's bill says so.
    for (let i = 0; i < 4; i++) {
      now += 60_000;
      await server.app.jobs.tick(now);
    }
    const after = await call<{ list: (Bill & { status?: string })[] }>(
      server,
      'main',
      'transactionRecord/queryCustBill',
      { beginDate: today(), endDate: today(), type: 2 },
      { token: player.token },
    );
    expect(after.data.list).toMatchObject([{ orderNo: created.data.orderNo, status: 'paid' }]);
  });
});
