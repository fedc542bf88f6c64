import { eq } from 'drizzle-orm';
import { withdrawConfig } from '../../server/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentAccounts, withdrawalOrders } from '../../server/db/schema';
import { GatewayCode } from '../../src/contract/errorCodes';
import { call, encrypt, internalId, quickPlayer, registerPlayer } from './player';
import { type TestServer, startServer } from './server';

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ withdraw: withdrawConfig({ PAYMENT_ACCOUNTS_MAX: '2' }) });
});

afterAll(async () => {
  await server.close();
});

interface Account {
  bankAccountId: number;
  accountType: number;
  accountNo: string;
  accountName: string;
  bankCode?: string;
  bankName?: string;
}
interface AccountList {
  list: Account[];
  isFirstBindCard: boolean;
  maxAccounts: number;
}

const list = (token: string, accountType: number) =>
  call<AccountList>(server, 'main', 'account/bankAccountList', { accountType }, { token });

async function bind(token: string, accountType: number, accountNo: string, extra: Record<string, unknown> = {}) {
  return call<{ account: Account; isFirstBindCard: boolean }>(
    server,
    'main',
    'account/createBankAccount',
    { accountType, accountNo: await encrypt(server, accountNo), accountName: 'Juan Dela Cruz', ...extra },
    { token },
  );
}

describe('payment accounts', () => {
  it('binds a GCash number: answered masked, stored encrypted, the first bind said once', async () => {
    const token = await quickPlayer(server);
    expect((await list(token, 11)).data).toEqual({ list: [], isFirstBindCard: true, maxAccounts: 2 });

    const first = await bind(token, 11, '0917 555 1234');
    expect(first.code, first.message).toBe('0000');
    expect(first.data.isFirstBindCard).toBe(true);
    expect(first.data.account).toMatchObject({ accountType: 11, accountNo: '•••• 1234', accountName: 'Juan Dela Cruz' });

    const after = await list(token, 11);
    expect(after.data.isFirstBindCard).toBe(false);
    expect(after.data.list.map((a) => a.accountNo)).toEqual(['•••• 1234']);
    expect(JSON.stringify(after.data)).not.toContain('5551234');
    // Other types see that the player has bound before.
    expect((await list(token, 0)).data).toMatchObject({ list: [], isFirstBindCard: false });

    const [row] = await server.database.db.select().from(paymentAccounts).where(eq(paymentAccounts.id, first.data.account.bankAccountId));
    expect(row!.accountNoEncrypted).not.toContain('09175551234');
    expect(row!.accountNoEncrypted).not.toContain('5551234');
  });

  it('binds a bank account from the bank list, and names the bank', async () => {
    const token = await quickPlayer(server);
    const banks = await call<{ list: { bankCode: string; bankName: string }[] }>(server, 'main', 'withdraw/bank', { type: 99 }, { token });
    expect(banks.data.list.map((b) => b.bankCode)).toEqual(
      expect.arrayContaining(['BDO', 'BPI', 'MBTC', 'LBP', 'PNB', 'UBP', 'SECB', 'RCBC', 'CBC', 'EWB']),
    );
    const bound = await bind(token, 0, '0012-3456-7890', { bankCode: 'BDO' });
    expect(bound.code, bound.message).toBe('0000');
    expect(bound.data.account).toMatchObject({ accountNo: '•••• 7890', bankCode: 'BDO', bankName: 'BDO Unibank' });
  });

  it('refuses wrong numbers, unknown banks and names in the player’s words', async () => {
    const token = await quickPlayer(server);
    const cases: [number, string, Record<string, unknown>, RegExp][] = [
      [11, '12345', {}, /GCash number: the 11-digit mobile number starting with 09/],
      [12, '0817 555 1234', {}, /Maya number/],
      [0, '12AB567890', { bankCode: 'BDO' }, /10 to 16 digits/],
      [0, '001234567890', {}, /choose your bank from the list/],
      [0, '001234567890', { bankCode: 'NOPE' }, /choose your bank from the list/],
      [11, '09175550000', { accountName: '1234' }, /account name/],
    ];
    for (const [type, number, extra, message] of cases) {
      const answer = await bind(token, type, number, extra);
      expect(answer.code, number).toBe(GatewayCode.PaymentAccountRefused);
      expect(answer.status).toBe(400);
      expect(answer.message).toMatch(message);
    }
    expect((await list(token, 11)).data.list).toEqual([]);
  });

  it('keeps one number once and at most the configured number per type', async () => {
    const token = await quickPlayer(server);
    expect((await bind(token, 11, '09170000001')).code).toBe('0000');
    const again = await bind(token, 11, '+63 917 000 0001');
    expect(again.code).toBe(GatewayCode.PaymentAccountRefused);
    expect(again.message).toBe('This GCash account is already saved.');
    expect((await bind(token, 11, '09170000002')).code).toBe('0000');
    const third = await bind(token, 11, '09170000003');
    expect(third.code).toBe(GatewayCode.PaymentAccountRefused);
    expect(third.message).toMatch(/at most 2/);
    // Another type has its own room.
    expect((await bind(token, 12, '09170000003')).code).toBe('0000');
  });

  it('deletes an account, but not another player’s nor one a withdrawal is on its way to', async () => {
    const owner = await registerPlayer(server);
    const token = owner.webToken.token;
    const a = (await bind(token, 12, '09981112222')).data.account;
    const b = (await bind(token, 12, '09981113333')).data.account;

    const stranger = await quickPlayer(server);
    const stolen = await call(server, 'main', 'account/deleteBankAccount', { bankAccountId: a.bankAccountId }, { token: stranger });
    expect(stolen.code).toBe(GatewayCode.PaymentAccountRefused);
    expect((await list(token, 12)).data.list).toHaveLength(2);

    // A withdrawal in flight to b (as createWithdrawalRequest leaves it while the payout is on its way).
    await server.database.db.insert(withdrawalOrders).values({
      orderNo: 'WDTEST-INFLIGHT',
      customerId: await internalId(server, owner.userInfo),
      paymentAccountId: b.bankAccountId,
      channel: 'maya',
      amount: 50_000,
      status: 'processing',
      destination: 'Maya •••• 3333',
      provider: 'xendit',
      payoutKey: 'wd-WDTEST-INFLIGHT',
    });
    const busy = await call(server, 'main', 'account/deleteBankAccount', { bankAccountId: b.bankAccountId }, { token });
    expect(busy.code).toBe(GatewayCode.PaymentAccountRefused);
    expect(busy.message).toMatch(/on its way/);

    const gone = await call(server, 'main', 'account/deleteBankAccount', { bankAccountId: a.bankAccountId }, { token });
    expect(gone.code, gone.message).toBe('0000');
    expect((await list(token, 12)).data.list.map((x) => x.bankAccountId)).toEqual([b.bankAccountId]);
    // A deleted number can be bound again.
    expect((await bind(token, 12, '09981112222')).code).toBe('0000');
  });
});
