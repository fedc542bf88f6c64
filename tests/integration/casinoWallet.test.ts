import { randomUUID } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { casinoSessions, casinoTransactions, customers, ledgerTransactions } from '../../server/db/schema';
import { HOUSE } from '../../server/modules/wallet/ledger';
import type { PlayerEvent } from '../../server/realtime/bus';
import { GatewayCode } from '../../src/contract/errorCodes';
import { GameCall, GameCategory } from '../../src/contract/games';
import {
  FakeProvider,
  SEAMLESS,
  Table,
  expectLedgerBalanced,
  forgerKeys,
  houseBalance,
  mainAccountBalance,
  publicKeyPem,
  walletCall,
} from './casinoWalletKit';
import { call, fund, quickCustomer } from './player';
import { type TestServer, startServer } from './server';

/**
 * The seamless wallet as the provider drives it (Hub88's signed wallet calls) and as the player reads it
 * (game records, a round's detail, the play summary). Every test ends with the whole ledger summing to zero.
 */

let server: TestServer;
const provider = new FakeProvider();
/** The server's clock runs this far ahead of the real one (token expiry). */
let ahead = 0;

beforeAll(async () => {
  server = await startServer({}, undefined, {
    clock: () => Date.now() + ahead,
    casinoWallet: { provider, providerPublicKey: publicKeyPem },
  });
});

afterAll(async () => {
  await server.close();
});

interface Player {
  token: string;
  customerId: number;
  table: Table;
}

/** A player with `pesos` in the main wallet, in a fresh session of a slot. */
async function seated(pesos = 1_000, game: { gameCode?: string; category?: number; gameId?: number } = {}): Promise<Player> {
  const player = await quickCustomer(server);
  if (pesos > 0) await fund(server, player.customerId, pesos * 100);
  const gameCode = game.gameCode ?? 'lucky-reels';
  const session = await server.app.casinoWallet.openSession({
    customerId: player.customerId,
    gameCode,
    platformCode: SEAMLESS,
    currency: 'PHP',
    gameId: game.gameId ?? 101,
    gameName: 'Lucky Reels',
    category: game.category ?? GameCategory.Slot,
  });
  return { token: player.token, customerId: player.customerId, table: new Table(session.user, session.token, gameCode) };
}

const uuid = () => randomUUID();

describe('the seamless wallet calls', () => {
  it('keeps only the hash of the session token, and tells the player and the balance', async () => {
    const { customerId, table } = await seated(250);
    const stored = await server.database.db.select().from(casinoSessions).where(eq(casinoSessions.customerId, customerId));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(table.token);
    const info = await walletCall(server, 'info', table.base());
    expect(info).toMatchObject({ status: 'RS_OK', user: table.user, currency: 'PHP', balance: 25_000 });
    const balance = await walletCall(server, 'balance', table.base());
    expect(balance).toMatchObject({ status: 'RS_OK', balance: 25_000 });
    const unknown = await walletCall(server, 'balance', { ...table.base(), token: 'not-a-token' });
    expect(unknown.status).toBe('RS_ERROR_INVALID_TOKEN');
    // A token is the player's own: another user name with it is unknown.
    const other = await walletCall(server, 'balance', { ...table.base(), user: 'someone-else' });
    expect(other.status).toBe('RS_ERROR_INVALID_TOKEN');
    await expectLedgerBalanced(server);
  });

  it('moves a bet and its win once each, however often the provider repeats them, and answers the first answer', async () => {
    const { customerId, table } = await seated(1_000);
    const houseBefore = await houseBalance(server, HOUSE.casino);
    const bet = table.bet(uuid(), 'r-dup', 2_000);
    const first = await walletCall(server, 'bet', bet);
    expect(first).toMatchObject({ status: 'RS_OK', balance: 98_000, transaction_uuid: bet.transaction_uuid });
    // The same transaction again (a new request_uuid, as a retry has), after the balance changed.
    await fund(server, customerId, 5_000);
    const again = await walletCall(server, 'bet', { ...bet, request_uuid: 'retry-1' });
    expect(again).toEqual({ ...first, request_uuid: 'retry-1' });
    expect(await mainAccountBalance(server, customerId)).toBe(103_000);

    const win = table.win(uuid(), bet.transaction_uuid, 'r-dup', 5_000);
    const paid = await walletCall(server, 'win', win);
    expect(paid).toMatchObject({ status: 'RS_OK', balance: 108_000 });
    expect(await walletCall(server, 'win', { ...win, request_uuid: 'retry-2' })).toEqual({ ...paid, request_uuid: 'retry-2' });
    // A transaction id reused for another kind of call is a duplicate, not a second movement.
    expect((await walletCall(server, 'win', table.win(bet.transaction_uuid, bet.transaction_uuid, 'r-dup', 100))).status).toBe(
      'RS_ERROR_DUPLICATE_TRANSACTION',
    );
    expect(await mainAccountBalance(server, customerId)).toBe(108_000);
    expect(await houseBalance(server, HOUSE.casino)).toBe(houseBefore + 2_000 - 5_000);
    const posted = await server.database.db
      .select()
      .from(ledgerTransactions)
      .where(like(ledgerTransactions.reference, `casino:%`))
      .then((rows) => rows.filter((row) => row.customerId === customerId));
    expect(posted.map((row) => row.kind).sort()).toEqual(['casino_bet', 'casino_win']);
    await expectLedgerBalanced(server);
  });

  it('repeats a bet sent twice at the same moment as one movement', async () => {
    const { customerId, table } = await seated(100);
    const bet = table.bet(uuid(), 'r-race', 1_000);
    const answers = await Promise.all([walletCall(server, 'bet', bet), walletCall(server, 'bet', { ...bet, request_uuid: 'twin' })]);
    expect(answers.map((a) => a.status)).toEqual(['RS_OK', 'RS_OK']);
    expect(answers.map((a) => a.balance)).toEqual([9_000, 9_000]);
    expect(await mainAccountBalance(server, customerId)).toBe(9_000);
    await expectLedgerBalanced(server);
  });

  it('refuses a bet whose rollback came first, and moves no money for it', async () => {
    const { customerId, table, token } = await seated(100);
    const betUuid = uuid();
    const rollback = await walletCall(server, 'rollback', table.rollback(uuid(), betUuid, 'r-early'));
    expect(rollback).toMatchObject({ status: 'RS_OK', balance: 10_000 });
    const late = await walletCall(server, 'bet', table.bet(betUuid, 'r-early', 3_000));
    expect(late).toMatchObject({ status: 'RS_ERROR_TRANSACTION_ROLLED_BACK', balance: 10_000 });
    expect(await mainAccountBalance(server, customerId)).toBe(10_000);
    const moved = await server.database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, `casino:${betUuid}`));
    expect(moved).toEqual([]);
    // The round never happened for the player's records.
    const records = await call<{ total: number }>(
      server,
      'main',
      GameCall.queryGameRecords,
      { beginDate: manilaDay(0), endDate: manilaDay(0), pageNo: 1, pageSize: 10 },
      { token },
    );
    expect(records.data.total).toBe(0);
    await expectLedgerBalanced(server);
  });

  it('ends with the stake back whichever of a bet and its rollback arrives first, sent at the same moment', async () => {
    const { customerId, table } = await seated(100);
    for (let i = 0; i < 5; i++) {
      const betUuid = uuid();
      await Promise.all([
        walletCall(server, 'bet', table.bet(betUuid, `r-both-${i}`, 2_000)),
        walletCall(server, 'rollback', table.rollback(uuid(), betUuid, `r-both-${i}`)),
      ]);
      expect(await mainAccountBalance(server, customerId)).toBe(10_000);
    }
    await expectLedgerBalanced(server);
  });

  it('gives a rolled-back bet back once, and refuses to roll back a bet whose round has a win', async () => {
    const { customerId, table } = await seated(100);
    const bet = table.bet(uuid(), 'r-back', 4_000);
    await walletCall(server, 'bet', bet);
    const rollback = table.rollback(uuid(), bet.transaction_uuid, 'r-back');
    expect(await walletCall(server, 'rollback', rollback)).toMatchObject({ status: 'RS_OK', balance: 10_000 });
    expect(await walletCall(server, 'rollback', { ...rollback, request_uuid: 'again' })).toMatchObject({
      status: 'RS_OK',
      balance: 10_000,
    });
    // A win for a rolled-back bet pays nothing.
    expect((await walletCall(server, 'win', table.win(uuid(), bet.transaction_uuid, 'r-back', 9_000))).status).toBe(
      'RS_ERROR_TRANSACTION_ROLLED_BACK',
    );
    expect(await mainAccountBalance(server, customerId)).toBe(10_000);

    const settled = table.bet(uuid(), 'r-won', 1_000);
    await walletCall(server, 'bet', settled);
    await walletCall(server, 'win', table.win(uuid(), settled.transaction_uuid, 'r-won', 2_500));
    const refused = await walletCall(server, 'rollback', table.rollback(uuid(), settled.transaction_uuid, 'r-won'));
    expect(refused.status).toBe('RS_ERROR_UNKNOWN');
    expect(refused.balance).toBe(11_500);
    expect(await mainAccountBalance(server, customerId)).toBe(11_500);
    // A win for a bet we never saw pays nothing.
    expect((await walletCall(server, 'win', table.win(uuid(), uuid(), 'r-none', 1_000))).status).toBe(
      'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
    );
    expect(await mainAccountBalance(server, customerId)).toBe(11_500);
    await expectLedgerBalanced(server);
  });

  it('answers not enough money with the balance, moving nothing, and answers it again on a repeat', async () => {
    const { customerId, table } = await seated(10);
    const bet = table.bet(uuid(), 'r-poor', 1_001);
    const refused = await walletCall(server, 'bet', bet);
    expect(refused).toMatchObject({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: 1_000 });
    await fund(server, customerId, 10_000);
    expect(await walletCall(server, 'bet', { ...bet, request_uuid: 'again' })).toMatchObject({
      status: 'RS_ERROR_NOT_ENOUGH_MONEY',
      balance: 1_000,
    });
    expect(await mainAccountBalance(server, customerId)).toBe(11_000);
    // The provider then rolls the refused bet back: nothing to give back.
    expect(await walletCall(server, 'rollback', table.rollback(uuid(), bet.transaction_uuid, 'r-poor'))).toMatchObject({
      status: 'RS_OK',
      balance: 11_000,
    });
    expect(await mainAccountBalance(server, customerId)).toBe(11_000);
    await expectLedgerBalanced(server);
  });

  it('refuses bets after the token expired but still pays their wins and rollbacks', async () => {
    const { customerId, table } = await seated(100);
    const bet = table.bet(uuid(), 'r-late', 2_000);
    const other = table.bet(uuid(), 'r-late-2', 1_000);
    await walletCall(server, 'bet', bet);
    await walletCall(server, 'bet', other);
    ahead += 31 * 60_000;
    try {
      expect((await walletCall(server, 'bet', table.bet(uuid(), 'r-late-3', 500))).status).toBe('RS_ERROR_TOKEN_EXPIRED');
      expect((await walletCall(server, 'balance', table.base())).status).toBe('RS_ERROR_TOKEN_EXPIRED');
      const win = await walletCall(server, 'win', table.win(uuid(), bet.transaction_uuid, 'r-late', 6_000));
      expect(win).toMatchObject({ status: 'RS_OK', balance: 13_000 });
      const rollback = await walletCall(server, 'rollback', table.rollback(uuid(), other.transaction_uuid, 'r-late-2'));
      expect(rollback).toMatchObject({ status: 'RS_OK', balance: 14_000 });
      // A repeat of a bet accepted before expiry still answers its first answer.
      expect((await walletCall(server, 'bet', { ...bet, request_uuid: 'after' })).status).toBe('RS_OK');
    } finally {
      ahead = 0;
    }
    expect(await mainAccountBalance(server, customerId)).toBe(14_000);
    await expectLedgerBalanced(server);
  });

  it('keeps a session alive while the player plays, up to its longest life', async () => {
    const { table } = await seated(100);
    try {
      for (let step = 1; step <= 9; step++) {
        ahead = step * 25 * 60_000;
        const status = (await walletCall(server, 'balance', table.base())).status;
        // 9 × 25 min = 3 h 45 min: alive; past 4 h it is not, whatever the play.
        expect(status).toBe('RS_OK');
      }
      ahead = 4 * 3_600_000 + 60_000;
      expect((await walletCall(server, 'balance', table.base())).status).toBe('RS_ERROR_TOKEN_EXPIRED');
    } finally {
      ahead = 0;
    }
    await expectLedgerBalanced(server);
  });

  it('refuses a forged, unsigned or altered call before reading it, and moves no money', async () => {
    const { customerId, table } = await seated(100);
    const bet = table.bet(uuid(), 'r-forged', 5_000);
    const forged = await walletCall(server, 'bet', bet, { signWith: forgerKeys.privateKey });
    expect(forged.status).toBe('RS_ERROR_INVALID_SIGNATURE');
    expect((await walletCall(server, 'bet', bet, { signature: null })).status).toBe('RS_ERROR_INVALID_SIGNATURE');
    // Signed, then changed on the way (a bigger amount): the signature no longer covers the bytes.
    const altered = await walletCall(server, 'bet', bet, { raw: JSON.stringify({ ...bet, amount: 9_000 }) });
    expect(altered.status).toBe('RS_ERROR_INVALID_SIGNATURE');
    const win = await walletCall(server, 'win', table.win(uuid(), uuid(), 'r-forged', 100_000), { signWith: forgerKeys.privateKey });
    expect(win.status).toBe('RS_ERROR_INVALID_SIGNATURE');
    expect(await mainAccountBalance(server, customerId)).toBe(10_000);
    const stored = await server.database.db
      .select()
      .from(casinoTransactions)
      .where(eq(casinoTransactions.transactionUuid, bet.transaction_uuid));
    expect(stored).toEqual([]);
    // Not JSON at all (signed): refused in Hub88's words, never a 5xx.
    expect((await walletCall(server, 'bet', {}, { raw: '{not json' })).status).toBe('RS_ERROR_INVALID_SIGNATURE');
    await expectLedgerBalanced(server);
  });

  it('refuses a wrong currency, another game with the token, and a disabled player, but pays the disabled player’s win', async () => {
    const { customerId, table } = await seated(100);
    expect((await walletCall(server, 'bet', table.bet(uuid(), 'r-cur', 100, { currency: 'USD' }))).status).toBe('RS_ERROR_WRONG_CURRENCY');
    expect((await walletCall(server, 'bet', table.bet(uuid(), 'r-game', 100, { game_code: 'another-game' }))).status).toBe(
      'RS_ERROR_INVALID_TOKEN',
    );
    const bet = table.bet(uuid(), 'r-dis', 1_000);
    await walletCall(server, 'bet', bet);
    await server.database.db.update(customers).set({ status: 'closed' }).where(eq(customers.id, customerId));
    expect((await walletCall(server, 'bet', table.bet(uuid(), 'r-dis-2', 100))).status).toBe('RS_ERROR_USER_DISABLED');
    expect((await walletCall(server, 'win', table.win(uuid(), bet.transaction_uuid, 'r-dis', 3_000))).status).toBe('RS_OK');
    expect(await mainAccountBalance(server, customerId)).toBe(12_000);
    await expectLedgerBalanced(server);
  });

  it('tells the player of each balance change on the player events bus', async () => {
    const { customerId, table } = await seated(100);
    const events: PlayerEvent[] = [];
    const stop = server.app.playerEvents.subscribe((event) => {
      if (event.type === 'balance' && event.customerId === customerId) events.push(event);
    });
    try {
      const bet = table.bet(uuid(), 'r-push', 700);
      await walletCall(server, 'bet', bet);
      await walletCall(server, 'win', table.win(uuid(), bet.transaction_uuid, 'r-push', 1_400));
      expect(events).toHaveLength(2);
    } finally {
      stop();
    }
    await expectLedgerBalanced(server);
  });
});

/** The Manila calendar date `days` from today (the server's clock, which these tests move). */
function manilaDay(days: number): string {
  return new Date(Date.now() + ahead + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

describe('the player’s game records', () => {
  it('lists rounds by Manila date and category with totals over the range, shows a round with its proof, and hides other players’ rounds', async () => {
    const slot = await seated(1_000, { category: GameCategory.Slot, gameId: 11, gameCode: 'lucky-reels' });
    const table = slot.table;
    const other = await seated(1_000);
    for (let i = 0; i < 3; i++) {
      const bet = table.bet(uuid(), `slot-${i}`, 1_000);
      await walletCall(server, 'bet', bet);
      await walletCall(server, 'win', table.win(uuid(), bet.transaction_uuid, `slot-${i}`, i * 1_000));
    }
    // A roulette round of the same player, in another session (category Casino), still open.
    const roulette = await server.app.casinoWallet.openSession({
      customerId: slot.customerId,
      gameCode: 'roulette-1',
      platformCode: SEAMLESS,
      currency: 'PHP',
      gameId: 22,
      gameName: 'Live Roulette',
      category: GameCategory.Casino,
    });
    const rt = new Table(roulette.user, roulette.token, 'roulette-1');
    await walletCall(server, 'bet', rt.bet(uuid(), 'roul-1', 500));

    const all = await call<{
      list: { roundId: string; bet: number; win: number; net: number; status: string; gameName: string }[];
      total: number;
      totalBet: number;
      totalWin: number;
    }>(
      server,
      'main',
      GameCall.queryGameRecords,
      { beginDate: manilaDay(-1), endDate: manilaDay(0), pageNo: 1, pageSize: 2 },
      { token: slot.token },
    );
    expect(all.code, all.message).toBe('0000');
    expect(all.data.total).toBe(4);
    expect(all.data.list).toHaveLength(2);
    expect(all.data.totalBet).toBe(3_500);
    expect(all.data.totalWin).toBe(3_000);
    expect(all.data.list[0]).toMatchObject({ roundId: 'roul-1', status: 'open', bet: 500, win: 0, net: -500, gameName: 'Live Roulette' });
    const slots = await call<{ list: { roundId: string; status: string; net: number }[]; total: number }>(
      server,
      'main',
      GameCall.queryGameRecords,
      { beginDate: manilaDay(0), endDate: manilaDay(0), category: GameCategory.Slot, pageNo: 1, pageSize: 10 },
      { token: slot.token },
    );
    expect(slots.data.total).toBe(3);
    expect(slots.data.list.map((r) => [r.roundId, r.status, r.net])).toEqual([
      ['slot-2', 'settled', 1_000],
      ['slot-1', 'settled', 0],
      ['slot-0', 'settled', -1_000],
    ]);
    const tooLong = await call(
      server,
      'main',
      GameCall.queryGameRecords,
      { beginDate: manilaDay(-40), endDate: manilaDay(0), pageNo: 1, pageSize: 10 },
      { token: slot.token },
    );
    expect(tooLong.code).toBe(GatewayCode.InvalidRequest);
    expect(tooLong.message).toContain('30 days');

    const proof = { serverSeedHash: 'a'.repeat(64), serverSeed: 'b'.repeat(64), clientSeed: 'c', nonce: 3, outcome: 'Reels 1-2-3-4-5' };
    provider.rounds.set('slot-2', { roundId: 'slot-2', gameCode: 'lucky-reels', proof });
    const detail = await call<{
      round: { roundId: string; win: number };
      transactions: { kind: string; amount: number }[];
      proof: unknown;
    }>(server, 'main', GameCall.gameRecordDetail, { roundId: 'slot-2' }, { token: slot.token });
    expect(detail.code, detail.message).toBe('0000');
    expect(detail.data.round).toMatchObject({ roundId: 'slot-2', win: 2_000 });
    expect(detail.data.transactions.map((t) => [t.kind, t.amount])).toEqual([
      ['bet', 1_000],
      ['win', 2_000],
    ]);
    expect(detail.data.proof).toEqual(proof);
    // The provider down: the round still shows, without its proof.
    provider.down = true;
    try {
      const blind = await call<{ proof: unknown }>(server, 'main', GameCall.gameRecordDetail, { roundId: 'slot-2' }, { token: slot.token });
      expect(blind.code).toBe('0000');
      expect(blind.data.proof).toBeNull();
    } finally {
      provider.down = false;
    }
    // Another player asking for this round: no such round.
    const stranger = await call(server, 'main', GameCall.gameRecordDetail, { roundId: 'slot-2' }, { token: other.token });
    expect(stranger.code).toBe(GatewayCode.RoundNotFound);
    const strangerList = await call<{ total: number }>(
      server,
      'main',
      GameCall.queryGameRecords,
      { beginDate: manilaDay(0), endDate: manilaDay(0), pageNo: 1, pageSize: 10 },
      { token: other.token },
    );
    expect(strangerList.data.total).toBe(0);
    await expectLedgerBalanced(server);
  });

  it('sums the play of a category since its session began, a session starting after 30 minutes without play', async () => {
    const player = await seated(1_000, { category: GameCategory.Poker, gameCode: 'jacks' });
    const { table } = player;
    const summary = () =>
      call<{ since: string | null; playedMs: number; rounds: number; net: number }>(
        server,
        'main',
        GameCall.playSummary,
        { category: GameCategory.Poker },
        { token: player.token },
      );
    expect((await summary()).data).toMatchObject({ since: null, rounds: 0, net: 0 });
    const play = async (round: string, bet: number, win: number) => {
      const placed = table.bet(uuid(), round, bet);
      await walletCall(server, 'bet', placed);
      await walletCall(server, 'win', table.win(uuid(), placed.transaction_uuid, round, win));
    };
    try {
      await play('p-1', 1_000, 0); // an earlier session
      ahead += 40 * 60_000;
      const session = await server.app.casinoWallet.openSession({
        customerId: player.customerId,
        gameCode: 'jacks',
        platformCode: SEAMLESS,
        currency: 'PHP',
        gameId: 33,
        gameName: 'Jacks',
        category: GameCategory.Poker,
      });
      const fresh = new Table(session.user, session.token, 'jacks');
      const placed = fresh.bet(uuid(), 'p-2', 500);
      await walletCall(server, 'bet', placed);
      await walletCall(server, 'win', fresh.win(uuid(), placed.transaction_uuid, 'p-2', 1_500));
      ahead += 10 * 60_000;
      const placed3 = fresh.bet(uuid(), 'p-3', 500);
      await walletCall(server, 'bet', placed3);
      ahead += 5 * 60_000;
      const now = await summary();
      expect(now.data.rounds).toBe(2);
      expect(now.data.net).toBe(500);
      expect(now.data.playedMs).toBeGreaterThanOrEqual(15 * 60_000);
      expect(now.data.playedMs).toBeLessThan(16 * 60_000);
      // Another category knows nothing of it.
      const slots = await call<{ rounds: number }>(
        server,
        'main',
        GameCall.playSummary,
        { category: GameCategory.Slot },
        { token: player.token },
      );
      expect(slots.data.rounds).toBe(0);
      ahead += 31 * 60_000;
      expect((await summary()).data).toMatchObject({ since: null, rounds: 0 });
    } finally {
      ahead = 0;
    }
    await expectLedgerBalanced(server);
  });
});
