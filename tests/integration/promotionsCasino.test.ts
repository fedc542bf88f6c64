import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PromotionListAnswer } from '../../src/contract/answers/promotions';
import { GameCategory } from '../../src/contract/games';
import { FakeProvider, SEAMLESS, Table, expectLedgerBalanced, publicKeyPem, walletCall } from './casinoWalletKit';
import { call, fund, idempotencyKey, quickCustomer } from './player';
import { type TestServer, startServer } from './server';

/**
 * The bonus wallet on casino rounds (issue 35), as the game provider drives the seamless wallet: a
 * round's stake paid cash first then the casino bonus, the bonus's max bet refusing a round (never "not
 * enough money"), a win back in the stake's proportion, wagering counted when a round's result arrives
 * (slots at 100 %), a rolled-back stake back to where it came from and not counted; the ledger at zero.
 */

let server: TestServer;
const provider = new FakeProvider();

beforeAll(async () => {
  server = await startServer({}, undefined, { casinoWallet: { provider, providerPublicKey: publicKeyPem } });
});

afterAll(async () => {
  await server.close();
});

describe('casino rounds on a bonus', () => {
  it('pays cash first then bonus, refuses above the max bet, returns a win in proportion, counts settled rounds only', async () => {
    const player = await quickCustomer(server);
    await fund(server, player.customerId, 10_000);
    const took = await call(
      server,
      'main',
      'promotion/optIn',
      { offerId: 'casino-welcome' },
      { token: player.token, idempotencyKey: idempotencyKey() },
    );
    expect(took.code, took.message).toBe('0000');
    const session = await server.app.casinoWallet.openSession({
      customerId: player.customerId,
      gameCode: 'lucky-reels',
      platformCode: SEAMLESS,
      currency: 'PHP',
      gameId: 101,
      gameName: 'Lucky Reels',
      category: GameCategory.Slot,
    });
    const table = new Table(session.user, session.token, 'lucky-reels');
    const list = async () => (await call<PromotionListAnswer>(server, 'main', 'promotion/list', {}, { token: player.token })).data;
    expect(await list()).toMatchObject({ cash: 10_000, bonus: 5_000 });

    // Above the bonus's ₱50 max bet: refused, nothing moves.
    const over = await walletCall(server, 'bet', table.bet(randomUUID(), 'r0', 5_001));
    expect(over.status).toBe('RS_ERROR_USER_DISABLED');
    expect(await list()).toMatchObject({ cash: 10_000, bonus: 5_000 });

    // Two ₱50 rounds from cash, then ₱30 from the bonus (cash is spent).
    const a = table.bet(randomUUID(), 'r1', 5_000);
    const b = table.bet(randomUUID(), 'r2', 5_000);
    const c = table.bet(randomUUID(), 'r3', 3_000);
    for (const bet of [a, b, c]) expect((await walletCall(server, 'bet', bet)).status).toBe('RS_OK');
    // The provider repeats the bonus-funded bet: one debit, one stake part.
    expect((await walletCall(server, 'bet', { ...c, request_uuid: 'again' })).status).toBe('RS_OK');
    expect(await list()).toMatchObject({ cash: 0, bonus: 2_000 });

    // r3 wins ₱90: all of it goes back to the bonus (its stake was all bonus); r1 loses (a win of 0).
    expect((await walletCall(server, 'win', table.win(randomUUID(), c.transaction_uuid, 'r3', 9_000))).status).toBe('RS_OK');
    expect((await walletCall(server, 'win', table.win(randomUUID(), a.transaction_uuid, 'r1', 0))).status).toBe('RS_OK');
    // r2 is rolled back: its ₱50 comes back to cash and does not count.
    expect((await walletCall(server, 'rollback', table.rollback(randomUUID(), b.transaction_uuid, 'r2'))).status).toBe('RS_OK');
    const after = await list();
    expect(after).toMatchObject({ cash: 5_000, bonus: 11_000 });
    expect(after.grants[0]).toMatchObject({ wagered: 8_000, required: 50_000, status: 'active' });
    await expectLedgerBalanced(server);
  });
});
