import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTotal } from '../../server/modules/wallet/ledger';
import { GatewayCode } from '../../src/contract/errorCodes';
import { manilaDate } from '../../src/contract/people';
import { call, fundedPlayer, idempotencyKey } from './player';
import { type TestServer, startServer } from './server';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
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
