import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PLAYER } from '../../server/plugins/seed';
import { HOUSE, houseAccountId, ledgerTotal, post, walletAccountId } from '../../server/modules/wallet/ledger';
import type { GameWalletProvider } from '../../server/providers/gameWallet';
import { call, fundedPlayer, idempotencyKey, internalId, loginWithPassword, registerPlayer } from './player';
import { type TestServer, startServer } from './server';

let server: TestServer;
/** The simulated provider answers what the test says, after what delay the test says. */
const provider = { latencyMs: 150, answer: 'accepted' as 'accepted' | 'refused' };
const gameWallet: GameWalletProvider = {
  transferIn: async () => {
    await new Promise((r) => setTimeout(r, provider.latencyMs));
    return provider.answer;
  },
};

beforeAll(async () => {
  server = await startServer({}, undefined, { gameWallet });
});

afterAll(async () => {
  await server.close();
});

afterEach(async () => {
  provider.answer = 'accepted';
  // Let transfers in flight finish, then check the ledger balances: entries and balances sum to zero.
  await new Promise((r) => setTimeout(r, provider.latencyMs + 100));
  expect(await ledgerTotal(server.database.db)).toEqual({ entries: 0, balances: 0 });
});

interface Balance {
  balance: number;
  bonusBalance: number;
  sabaBalance: number;
  totalBalance: number;
  balanceFlag: 0 | 1;
}

const transfer = (token: string, amount: number, key = idempotencyKey()) =>
  call<{ transferId: number; status: string }>(server, 'main', 'game/sabaInBalance', { amount }, { token, idempotencyKey: key });

describe('balances', () => {
  it('shows the demo player’s ₱5,000.00 from a completed first deposit', async () => {
    const login = await loginWithPassword(server, DEMO_PLAYER.phoneAsTyped, DEMO_PLAYER.password);
    expect(login.data.userInfo.firstDepositFlag).toBe(true);
    const token = login.data.webToken.token;
    expect((await call(server, 'main', 'customer/getBalance', {}, { token })).data).toEqual({ balance: 500_000, balanceFlag: 1 });
    expect((await call<Balance>(server, 'main', 'customer/getBalanceV3', {}, { token })).data).toEqual({
      balance: 500_000,
      bonusBalance: 0,
      sabaBalance: 0,
      totalBalance: 500_000,
      balanceFlag: 1,
    });
    expect((await call(server, 'main', 'customer/getBonusBalanceV2', {}, { token })).data).toEqual({ bonusBalance: 0 });
  });
});

describe('moving money', () => {
  it('never overdraws: 20 parallel debits of ₱300.00 against ₱5,000.00', async () => {
    const { token } = await fundedPlayer(server);
    const answers = await Promise.all(Array.from({ length: 20 }, () => transfer(token, 30_000)));
    const accepted = answers.filter((a) => a.code === '0000').length;
    const refused = answers.filter((a) => a.code === 'GW_800440');
    expect(accepted).toBe(16);
    expect(refused).toHaveLength(4);
    expect(refused[0]?.message).toBe('Your balance is not enough for this.');
    await new Promise((r) => setTimeout(r, provider.latencyMs + 100));
    const balance = (await call<Balance>(server, 'main', 'customer/getBalanceV3', {}, { token })).data;
    expect(balance).toMatchObject({ balance: 500_000 - 16 * 30_000, sabaBalance: 16 * 30_000, balanceFlag: 1 });
  });

  it('moves money once for one idempotency key sent 10 times, and answers the same each time', async () => {
    const { token } = await fundedPlayer(server);
    const key = idempotencyKey();
    const answers = await Promise.all(Array.from({ length: 10 }, () => transfer(token, 12_345, key)));
    expect(answers.every((a) => a.code === '0000')).toBe(true);
    expect(new Set(answers.map((a) => JSON.stringify(a.data)))).toEqual(new Set([JSON.stringify(answers[0]?.data)]));
    const again = await transfer(token, 12_345, key);
    expect(again.data).toEqual(answers[0]?.data);
    expect((await call<Balance>(server, 'main', 'customer/getBalanceV3', {}, { token })).data.balance).toBe(500_000 - 12_345);
  });

  it('refuses a key reused for a different amount', async () => {
    const { token } = await fundedPlayer(server);
    const key = idempotencyKey();
    expect((await transfer(token, 1_000, key)).code).toBe('0000');
    const reused = await transfer(token, 2_000, key);
    expect(reused).toMatchObject({ status: 409, code: 'GW_800441' });
  });

  it('needs an idempotency key and whole, positive centavos', async () => {
    const { token } = await fundedPlayer(server);
    const noKey = await call(server, 'main', 'game/sabaInBalance', { amount: 1_000 }, { token });
    expect(noKey.code).toBe('GW_800400');
    expect(noKey.message).toMatch(/Idempotency-Key/);
    expect((await transfer(token, 10.5)).message).toBe('amount: Amounts are whole centavos.');
    expect((await transfer(token, -100)).code).toBe('GW_800400');
    expect((await transfer(token, 50)).code).toBe('GW_800442');
  });

  it('shows balanceFlag 0 while the provider confirms, then 1 with the money in the game wallet', async () => {
    const { token } = await fundedPlayer(server);
    provider.latencyMs = 400;
    try {
      expect((await transfer(token, 100_000)).data.status).toBe('pending');
      const during = (await call<Balance>(server, 'main', 'customer/refreshBalance', { type: 0 }, { token })).data;
      expect(during).toEqual({ balance: 400_000, balanceFlag: 0 });
      await new Promise((r) => setTimeout(r, 550));
      const after = (await call<Balance>(server, 'main', 'customer/getBalanceV3', {}, { token })).data;
      expect(after).toMatchObject({ balance: 400_000, sabaBalance: 100_000, balanceFlag: 1 });
    } finally {
      provider.latencyMs = 150;
    }
  });

  it('gives the money back when the provider refuses the transfer', async () => {
    const { token } = await fundedPlayer(server);
    provider.answer = 'refused';
    await transfer(token, 100_000);
    await new Promise((r) => setTimeout(r, provider.latencyMs + 100));
    expect((await call<Balance>(server, 'main', 'customer/getBalanceV3', {}, { token })).data).toMatchObject({
      balance: 500_000,
      sabaBalance: 0,
      balanceFlag: 1,
    });
  });
});

describe('the ledger itself', () => {
  it('refuses an unbalanced transaction at commit, even one written past the service', async () => {
    const db = server.database.db;
    const house = await houseAccountId(db, HOUSE.payments);
    await expect(
      db.transaction(async (tx) => {
        const result = await tx.execute(sql`INSERT INTO ledger_transactions (kind) VALUES ('rogue') RETURNING id`);
        const id = (result as unknown as { rows: { id: number }[] }).rows[0]!.id;
        await tx.execute(sql`INSERT INTO ledger_entries (transaction_id, account_id, amount) VALUES (${id}, ${house}, 100)`);
      }),
    ).rejects.toThrow();
  });

  it('refuses to edit or delete an entry', async () => {
    await expect(server.database.db.execute(sql`UPDATE ledger_entries SET amount = amount * 2`)).rejects.toThrow();
    await expect(server.database.db.execute(sql`DELETE FROM ledger_entries`)).rejects.toThrow();
  });

  it('keeps every player account at zero or above, whatever the code asks', async () => {
    const player = await registerPlayer(server);
    const customerId = await internalId(server, player.userInfo);
    const db = server.database.db;
    await expect(
      db.transaction(async (tx) =>
        post(tx, {
          kind: 'rogue',
          customerId,
          entries: [
            { accountId: await walletAccountId(tx, customerId, 'main'), amount: -1 },
            { accountId: await houseAccountId(tx, HOUSE.payments), amount: 1 },
          ],
        }),
      ),
    ).rejects.toMatchObject({ code: 'GW_800440' });
  });
});
