import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { casinoTransfers, customers } from '../../server/db/schema';
import { TRANSFER_JOB } from '../../server/modules/casinoWallet/transfers';
import { HOUSE } from '../../server/modules/wallet/ledger';
import { GatewayCode } from '../../src/contract/errorCodes';
import { GameCall } from '../../src/contract/games';
import { FakeProvider, SEAMLESS, TRANSFER, expectLedgerBalanced, houseBalance, mainAccountBalance } from './casinoWalletKit';
import { call, fund, idempotencyKey, quickCustomer } from './player';
import { type TestServer, startServer } from './server';

/**
 * Transfers to and from a transfer-wallet platform (/InGameTransfer): money leaves main and is held for
 * the platform once it says succeeded, comes back when it refuses, and a transfer whose answer never
 * came is finished by the job after a restart, with the same transferId. The ledger sums to zero after each.
 */

let server: TestServer;
const provider = new FakeProvider();
const platform = provider.transfers;
let ahead = 0;
const closed = new Set<string>();

beforeAll(async () => {
  server = await startServer({}, undefined, {
    clock: () => Date.now() + ahead,
    casinoWallet: { provider, transferTimeoutMs: 300, platformMaintenance: (code) => closed.has(code) },
  });
});

afterAll(async () => {
  await server.close();
});

interface Transfer {
  platformCode: string;
  amount: number;
  status: 'done' | 'pending' | 'failed';
  transferBalance: number | null;
}

async function player(pesos: number) {
  const p = await quickCustomer(server);
  await fund(server, p.customerId, pesos * 100);
  const [row] = await server.database.db.select({ loginName: customers.loginName }).from(customers).where(eq(customers.id, p.customerId));
  return { ...p, user: row!.loginName };
}

const transferIn = (token: string, amount: number, key = idempotencyKey(), platformCode = TRANSFER) =>
  call<Transfer>(server, 'main', GameCall.transferIn, { platformCode, amount }, { token, idempotencyKey: key });
const transferOut = (token: string, amount: number, key = idempotencyKey(), platformCode = TRANSFER) =>
  call<Transfer>(server, 'main', GameCall.transferOut, { platformCode, amount }, { token, idempotencyKey: key });
const balanceFlag = async (token: string) =>
  (await call<{ balanceFlag: number }>(server, 'main', 'customer/getBalance', {}, { token })).data.balanceFlag;

describe('transfers to a transfer-wallet platform', () => {
  it('moves money in and all of it back out, once per idempotency key', async () => {
    platform.mode = 'ok';
    const p = await player(500);
    const heldBefore = await houseBalance(server, HOUSE.gameTransferPlatforms);
    const key = idempotencyKey();
    const first = await transferIn(p.token, 20_000, key);
    expect(first.code, first.message).toBe('0000');
    expect(first.data).toEqual({ platformCode: TRANSFER, amount: 20_000, status: 'done', transferBalance: 20_000 });
    const again = await transferIn(p.token, 20_000, key);
    expect(again.data).toEqual(first.data);
    expect(await mainAccountBalance(server, p.customerId)).toBe(30_000);
    expect(await houseBalance(server, HOUSE.gameTransferPlatforms)).toBe(heldBefore + 20_000);
    const balance = await call<{ transferBalance: number }>(
      server,
      'main',
      GameCall.transferBalance,
      { platformCode: TRANSFER },
      { token: p.token },
    );
    expect(balance.data).toEqual({ platformCode: TRANSFER, transferBalance: 20_000 });

    // The player won at the platform; everything comes back (amount 0 = all).
    platform.balances.set(p.user, 26_000);
    const out = await transferOut(p.token, 0);
    expect(out.code, out.message).toBe('0000');
    expect(out.data).toEqual({ platformCode: TRANSFER, amount: 26_000, status: 'done', transferBalance: 0 });
    expect(await mainAccountBalance(server, p.customerId)).toBe(56_000);
    // Nothing left there: bringing all back again moves nothing.
    expect((await transferOut(p.token, 0)).data).toMatchObject({ amount: 0, status: 'done' });
    expect(await mainAccountBalance(server, p.customerId)).toBe(56_000);
    expect(await balanceFlag(p.token)).toBe(1);
    await expectLedgerBalanced(server);
  });

  it('gives the money back when the platform refuses, and refuses more than the platform holds', async () => {
    const p = await player(100);
    platform.mode = 'fail';
    try {
      const refused = await transferIn(p.token, 5_000);
      expect(refused.code).toBe(GatewayCode.TransferFailed);
      expect(refused.message).toMatch(/back in your wallet/);
    } finally {
      platform.mode = 'ok';
    }
    expect(await mainAccountBalance(server, p.customerId)).toBe(10_000);
    const tooMuch = await transferOut(p.token, 1_000);
    expect(tooMuch.code).toBe(GatewayCode.TransferFailed);
    expect(await mainAccountBalance(server, p.customerId)).toBe(10_000);
    // More than the main wallet holds: refused before anything moves.
    const poor = await transferIn(p.token, 10_001);
    expect(poor.code).toBe(GatewayCode.InsufficientBalance);
    expect(await balanceFlag(p.token)).toBe(1);
    await expectLedgerBalanced(server);
  });

  it('refuses a seamless platform, a platform under maintenance and an unknown one in the player’s words', async () => {
    const p = await player(100);
    const seamless = await transferIn(p.token, 1_000, idempotencyKey(), SEAMLESS);
    expect(seamless.code).toBe(GatewayCode.TransferFailed);
    expect((await transferIn(p.token, 1_000, idempotencyKey(), 'NOPE')).code).toBe(GatewayCode.TransferFailed);
    platform.mode = 'ok';
    const key = idempotencyKey();
    const before = await transferIn(p.token, 1_000, key);
    expect(before.data.status).toBe('done');
    closed.add(TRANSFER);
    try {
      const maintenance = await transferIn(p.token, 1_000);
      expect(maintenance.code).toBe(GatewayCode.GameMaintenance);
      expect(maintenance.message).toMatch(/maintenance/);
      // A retry of a transfer made before still answers it.
      expect(await transferIn(p.token, 1_000, key)).toEqual(before);
    } finally {
      closed.delete(TRANSFER);
    }
    provider.down = true;
    try {
      expect((await transferIn(p.token, 1_000)).code).toBe(GatewayCode.TransferFailed);
    } finally {
      provider.down = false;
    }
    expect(await mainAccountBalance(server, p.customerId)).toBe(9_000);
    await expectLedgerBalanced(server);
  });

  it('finishes after a restart a transfer whose answer never came, asking the platform with the same transferId', async () => {
    const p = await player(300);
    platform.mode = 'lost-answer';
    const pending = await transferIn(p.token, 12_000);
    expect(pending.code, pending.message).toBe('0000');
    expect(pending.data).toMatchObject({ status: 'pending', transferBalance: null });
    expect(await mainAccountBalance(server, p.customerId)).toBe(18_000);
    expect(await balanceFlag(p.token)).toBe(0);

    // A transfer the platform never saw at all.
    platform.mode = 'lost-request';
    const unseen = await transferIn(p.token, 3_000);
    expect(unseen.data.status).toBe('pending');
    expect(await mainAccountBalance(server, p.customerId)).toBe(15_000);

    platform.mode = 'ok';
    server = await server.restart();
    ahead += 60_000;
    try {
      await server.app.jobs.tick(Date.now() + ahead, [TRANSFER_JOB]);
    } finally {
      ahead = 0;
    }
    const rows = await server.database.db.select().from(casinoTransfers).where(eq(casinoTransfers.customerId, p.customerId));
    expect(rows.map((r) => r.status)).toEqual(['done', 'done']);
    // Each transfer kept its transferId: the answered one was only asked about; the unseen one asked, then sent again.
    const answeredRow = rows.find((r) => r.amount === 12_000)!;
    const unseenRow = rows.find((r) => r.amount === 3_000)!;
    expect(platform.calls.filter((c) => c.transferId === answeredRow.transferId).map((c) => c.op)).toEqual(['deposit', 'status']);
    expect(platform.calls.filter((c) => c.transferId === unseenRow.transferId).map((c) => c.op)).toEqual(['deposit', 'status', 'deposit']);
    expect(platform.balances.get(p.user)).toBe(15_000);
    expect(await mainAccountBalance(server, p.customerId)).toBe(15_000);
    expect(await balanceFlag(p.token)).toBe(1);
    await expectLedgerBalanced(server);
  });

  it('gives the money back when the platform, asked later, says the transfer failed', async () => {
    const p = await player(100);
    platform.mode = 'lost-request';
    expect((await transferIn(p.token, 4_000)).data.status).toBe('pending');
    platform.mode = 'fail';
    ahead += 60_000;
    try {
      await server.app.jobs.tick(Date.now() + ahead, [TRANSFER_JOB]);
    } finally {
      ahead = 0;
      platform.mode = 'ok';
    }
    expect(await mainAccountBalance(server, p.customerId)).toBe(10_000);
    expect(await balanceFlag(p.token)).toBe(1);
    await expectLedgerBalanced(server);
  });
});
