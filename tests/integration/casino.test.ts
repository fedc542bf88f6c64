import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { casinoTransactions, gameSimRounds, ledgerEntries } from '../../server/db/schema';
import { ledgerTotal } from '../../server/modules/wallet/ledger';
import { GAME_LIST_CHUNK } from '../../src/contract/constants';
import { GameCall, type GameEntry, type GameListIndex, gameListChunkSchema, gameListIndexSchema } from '../../src/contract/games';
import { call, fundedPlayer, idempotencyKey, mainBalance } from './player';
import { type TestServer, startServer } from './server';
import { type SimRound, simPost, simRound, simSession } from './simGame';

/**
 * The casino end to end with nothing faked: the real provider simulator (its signed API, its game pages'
 * round API, its Hub88 wallet calls) against the real casino wallet, ledger and games module. A player
 * reads the lists, launches, plays through the page's API, and the balance, the records, a round's proof
 * and the ledger all agree. Also: rounds left open (a reloaded or closed page) resume and settle once.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server.close());

const start = (sessionId: string, bet: number, action: unknown) => simRound(server, 'start', { sessionId, bet, action });
const act = (sessionId: string, roundId: string, action: unknown) => simRound(server, 'act', { sessionId, roundId, action });
const sessionState = (sessionId: string) => simSession(server, sessionId);
const sessionOf = (url: string) => new URL(url, server.url).pathname.split('/').pop()!;

async function expectLedgerZero() {
  expect(await ledgerTotal(server.database.db)).toEqual({ entries: 0, balances: 0 });
}

/** The lists as the lobby reads them: the index by the call, then each static chunk. */
async function gameList(): Promise<{ index: GameListIndex; games: GameEntry[] }> {
  const answer = await call<GameListIndex>(server, 'main', GameCall.queryGameList, {});
  expect(answer.code).toBe('0000');
  const index = gameListIndexSchema.parse(answer.data);
  const games: GameEntry[] = [];
  for (const url of index.chunks) {
    const chunk = gameListChunkSchema.parse(await (await fetch(`${server.url}${url}`)).json());
    expect(chunk.length).toBeLessThanOrEqual(GAME_LIST_CHUNK);
    games.push(...chunk);
  }
  return { index, games };
}

async function launch(token: string, game: GameEntry): Promise<string> {
  const launched = await call<{ url: string; currency: string }>(
    server,
    'main',
    GameCall.launchGame,
    { gameId: game.gameId, platformCurrency: 'PHP', callbackPath: '/games/slot' },
    { token },
  );
  expect(launched.code).toBe('0000');
  expect(launched.data.currency).toBe('PHP');
  return sessionOf(launched.data.url);
}

async function spins(sessionId: string, count: number, bet: number): Promise<SimRound[]> {
  const rounds: SimRound[] = [];
  for (let i = 0; i < count; i += 1) {
    const answer = await start(sessionId, bet, { spin: true });
    expect(answer, answer.message).toMatchObject({ ok: true, status: 'settled' });
    rounds.push(answer);
  }
  return rounds;
}

const net = (rounds: { bet: number; win: number }[]) => rounds.reduce((sum, round) => sum + round.win - round.bet, 0);

/** The casino wallet's transactions of a round, as it stored them (one row per provider transaction id). */
async function walletTransactions(roundId: string) {
  return server.database.db.select().from(casinoTransactions).where(eq(casinoTransactions.roundId, roundId));
}

let lists: { index: GameListIndex; games: GameEntry[] };
const seamlessSlot = () => {
  const seamless = new Set(lists.index.platforms.filter((p) => p.wallet === 'seamless').map((p) => p.platformCode));
  return lists.games.find((g) => g.engine === 'slot' && g.trial && seamless.has(g.platformCode))!;
};

describe('a player at the casino, nothing faked', () => {
  beforeAll(async () => {
    lists = await gameList();
  });

  it('lists the games in at least two static chunks of at most 100', () => {
    expect(lists.index.chunks.length).toBeGreaterThanOrEqual(2);
    expect(lists.games).toHaveLength(lists.index.count);
    expect(lists.index.platforms.some((p) => p.wallet === 'transfer')).toBe(true);
  });

  it('plays ten spins of a seamless slot: the balance, the records, a round’s proof and the ledger agree', async () => {
    const player = await fundedPlayer(server, 1_000);
    const before = await mainBalance(server, player.token);
    const slot = seamlessSlot();
    const owedBefore = (await server.app.withdrawals.figures(player.customerId)).turnoverRemaining;
    const sessionId = await launch(player.token, slot);
    const rounds = await spins(sessionId, 10, 500);

    const history = (await sessionState(sessionId)).history;
    expect(history.map((r) => r.roundId).sort()).toEqual(rounds.map((r) => r.roundId).sort());
    const sessionNet = net(history);
    expect(await mainBalance(server, player.token)).toBe(before + sessionNet);

    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const records = await call<{
      list: { roundId: string; bet: number; win: number; net: number }[];
      total: number;
      totalBet: number;
      totalWin: number;
    }>(server, 'main', GameCall.queryGameRecords, { beginDate: today, endDate: today, pageNo: 1, pageSize: 50 }, { token: player.token });
    expect(records.code).toBe('0000');
    expect(records.data.total).toBe(10);
    expect(records.data.list.map((r) => r.roundId).sort()).toEqual(rounds.map((r) => r.roundId).sort());
    expect(records.data.totalBet).toBe(5_000);
    // Casino stakes count towards the deposit's turnover like sports stakes.
    expect((await server.app.withdrawals.figures(player.customerId)).turnoverRemaining).toBe(Math.max(0, owedBefore - 5_000));
    // The bills show the rounds as bets and payouts, not as transfers.
    const bills = await call<{ list: { type: number }[] }>(
      server,
      'main',
      'transactionRecord/queryCustBill',
      { beginDate: today, endDate: today, pageNo: 1, pageSize: 50 },
      { token: player.token },
    );
    expect(bills.data.list.filter((bill) => bill.type === 4)).toHaveLength(10);
    expect(records.data.totalWin - records.data.totalBet).toBe(sessionNet);
    for (const row of records.data.list) {
      const played = history.find((r) => r.roundId === row.roundId)!;
      expect({ bet: row.bet, win: row.win, net: row.net }).toEqual({ bet: played.bet, win: played.win, net: played.net });
    }

    const detail = await call<{ proof: { serverSeed: string | null; serverSeedHash: string } | null; transactions: { kind: string }[] }>(
      server,
      'main',
      GameCall.gameRecordDetail,
      { roundId: rounds[3]!.roundId },
      { token: player.token },
    );
    expect(detail.code).toBe('0000');
    const proof = detail.data.proof!;
    expect(proof.serverSeed).toMatch(/^[0-9a-f]{32,}$/);
    expect(createHash('sha256').update(proof.serverSeed!).digest('hex')).toBe(proof.serverSeedHash);
    expect(proof.serverSeedHash).toBe(rounds[3]!.proof.serverSeedHash);
    await expectLedgerZero();

    // Every wallet call delivered twice: the balance still moves by exactly the net.
    const mid = await mainBalance(server, player.token);
    await simPost(server, 'settings', { duplicates: true });
    try {
      const more = await spins(sessionId, 5, 300);
      expect(await mainBalance(server, player.token)).toBe(mid + net(more));
      const moved = await server.database.db
        .select()
        .from(casinoTransactions)
        .where(
          inArray(
            casinoTransactions.roundId,
            more.map((r) => r.roundId),
          ),
        );
      // One stored bet per round, and a win row only for rounds that had one to pay or close.
      expect(moved.filter((t) => t.kind === 'bet')).toHaveLength(5);
    } finally {
      await simPost(server, 'settings', { duplicates: false });
    }
    await expectLedgerZero();
  });

  it('refuses a spin the main balance cannot cover, in the player’s words, and moves nothing', async () => {
    const player = await fundedPlayer(server, 3);
    const sessionId = await launch(player.token, seamlessSlot());
    const refused = await start(sessionId, 500, { spin: true });
    expect(refused).toMatchObject({ ok: false, code: 'NOT_ENOUGH_MONEY', message: 'Not enough balance', balance: 300 });
    expect(await mainBalance(server, player.token)).toBe(300);
    expect((await sessionState(sessionId)).history).toHaveLength(0);
    await expectLedgerZero();
  });

  it('plays the same slot for fun without moving the balance', async () => {
    const player = await fundedPlayer(server, 100);
    const before = await mainBalance(server, player.token);
    const slot = seamlessSlot();
    const trial = await call<{ url: string; currency: string }>(
      server,
      'main',
      GameCall.trialGame,
      { gameId: slot.gameId },
      { token: player.token },
    );
    expect(trial.code).toBe('0000');
    expect(trial.data.currency).toBe('XXX');
    const sessionId = sessionOf(trial.data.url);
    const demoBefore = (await sessionState(sessionId)).balance!;
    const rounds = await spins(sessionId, 3, 1_000);
    expect((await sessionState(sessionId)).balance).toBe(demoBefore + net(rounds));
    expect(await mainBalance(server, player.token)).toBe(before);
    await expectLedgerZero();
  });

  it('moves ₱100 into the transfer platform, plays three rounds there and brings everything back', async () => {
    const player = await fundedPlayer(server, 500);
    const before = await mainBalance(server, player.token);
    const transferPlatform = lists.index.platforms.find((p) => p.wallet === 'transfer')!.platformCode;
    const game = lists.games.find((g) => g.platformCode === transferPlatform && g.engine === 'slot')!;
    const moved = await call<{ status: string; transferBalance: number | null }>(
      server,
      'main',
      GameCall.transferIn,
      { platformCode: transferPlatform, amount: 10_000 },
      { token: player.token, idempotencyKey: idempotencyKey() },
    );
    expect(moved.code).toBe('0000');
    expect(moved.data).toMatchObject({ status: 'done', transferBalance: 10_000 });
    expect(await mainBalance(server, player.token)).toBe(before - 10_000);

    const sessionId = await launch(player.token, game);
    expect((await sessionState(sessionId)).mode).toBe('transfer');
    const rounds = await spins(sessionId, 3, 500);
    const platformBalance = 10_000 + net(rounds);
    expect((await sessionState(sessionId)).balance).toBe(platformBalance);
    // The transfer platform's rounds never touch the main wallet.
    expect(await mainBalance(server, player.token)).toBe(before - 10_000);

    const back = await call<{ status: string; amount: number; transferBalance: number | null }>(
      server,
      'main',
      GameCall.transferOut,
      { platformCode: transferPlatform, amount: 0 },
      { token: player.token, idempotencyKey: idempotencyKey() },
    );
    expect(back.code).toBe('0000');
    expect(back.data).toMatchObject({ status: 'done', amount: platformBalance, transferBalance: 0 });
    expect(await mainBalance(server, player.token)).toBe(before - 10_000 + platformBalance);
    await expectLedgerZero();
  });
});

describe('rounds left open', () => {
  const gameOf = (engine: string) => {
    const seamless = new Set(lists.index.platforms.filter((p) => p.wallet === 'seamless').map((p) => p.platformCode));
    return lists.games.find((g) => g.engine === engine && seamless.has(g.platformCode))!;
  };
  const runtime = () => server.app.gameProvider.simulator!.runtime;
  /** The sweep's leader job, run 11 minutes from now (past the 10-minute timeout). */
  const sweepLater = () => server.app.jobs.tick(Date.now() + 11 * 60_000, ['game-simulator-abandoned-rounds']);

  beforeAll(async () => {
    lists ??= await gameList();
  });

  it('a reloaded video poker page gets its dealt hand back and can draw it', async () => {
    const player = await fundedPlayer(server, 100);
    const before = await mainBalance(server, player.token);
    const sessionId = await launch(player.token, gameOf('video-poker'));
    const dealt = await start(sessionId, 500, {});
    expect(dealt).toMatchObject({ ok: true, status: 'open' });

    // The reload: the page asks its session again and finds the same round with the same cards.
    const reloaded = await sessionState(sessionId);
    expect(reloaded.open).toMatchObject({ roundId: dealt.roundId, bet: 500, view: dealt.view, serverSeedHash: dealt.proof.serverSeedHash });
    expect((await start(sessionId, 500, {})).message).toBe('Finish the round in play first.');
    // The page served carries the resume hook the shell calls with that round.
    const script = await (await fetch(`${server.url}/sim/games/play/${sessionId}/game.js`)).text();
    expect(script).toContain('panalo.onResume(');

    const drawn = await act(sessionId, reloaded.open!.roundId, { hold: [true, true, true, true, true] });
    expect(drawn).toMatchObject({ ok: true, status: 'settled', roundId: dealt.roundId });
    expect(drawn.view['cards']).toEqual(dealt.view['cards']);
    expect((await sessionState(sessionId)).open).toBeNull();
    expect(await mainBalance(server, player.token)).toBe(before - 500 + drawn.win);
    // Nothing left for the sweep.
    await sweepLater();
    expect(await mainBalance(server, player.token)).toBe(before - 500 + drawn.win);
    await expectLedgerZero();
  });

  it('launching the same game again (the app reloaded) brings the unfinished hand into the new session', async () => {
    const player = await fundedPlayer(server, 100);
    const before = await mainBalance(server, player.token);
    const game = gameOf('video-poker');
    const first = await launch(player.token, game);
    const dealt = await start(first, 200, {});
    expect(dealt.status).toBe('open');
    const second = await launch(player.token, game);
    expect(second).not.toBe(first);
    const resumed = await sessionState(second);
    expect(resumed.open).toMatchObject({ roundId: dealt.roundId, view: dealt.view });
    expect((await sessionState(first)).open).toBeNull();
    expect((await start(second, 200, {})).message).toBe('Finish the round in play first.');
    const drawn = await act(second, dealt.roundId, { hold: [false, false, false, false, false] });
    expect(drawn).toMatchObject({ ok: true, status: 'settled' });
    expect(await mainBalance(server, player.token)).toBe(before - 200 + drawn.win);
    expect((await walletTransactions(dealt.roundId)).map((m) => m.transactionUuid).sort()).toEqual([
      `${dealt.roundId}:bet`,
      `${dealt.roundId}:win`,
    ]);
    await expectLedgerZero();
  });

  it('a crash round in flight stores nothing per tick, and a reloaded page finds it flying', async () => {
    const player = await fundedPlayer(server, 100);
    const sessionId = await launch(player.token, gameOf('crash'));
    let started = await start(sessionId, 100, { target: null });
    // 3 % of rounds bust at once; play until one flies.
    while (started.status === 'settled') started = await start(sessionId, 100, { target: null });
    const tick = await act(sessionId, started.roundId, { type: 'tick' });
    if (tick.status === 'open') {
      expect(tick.balance).toBeNull();
      const [row] = await server.database.db.select().from(gameSimRounds).where(eq(gameSimRounds.roundId, started.roundId));
      expect(row!.actions).toEqual([{ target: null }]);
      const reloaded = await sessionState(sessionId);
      expect(reloaded.open).toMatchObject({ roundId: started.roundId, view: { phase: 'flying' } });
      const cashed = await act(sessionId, started.roundId, { type: 'cashout' });
      expect(cashed.status).toBe('settled');
    }
    expect((await sessionState(sessionId)).open).toBeNull();
    await expectLedgerZero();
  });

  it('the sweep settles an abandoned video poker hand and crash round once, through the wallet once', async () => {
    const player = await fundedPlayer(server, 100);
    const before = await mainBalance(server, player.token);
    const poker = await launch(player.token, gameOf('video-poker'));
    const dealt = await start(poker, 1_000, {});
    expect(dealt.status).toBe('open');
    const crash = await launch(player.token, gameOf('crash'));
    let flying = await start(crash, 200, { target: 1.5 });
    let busted = 0;
    while (flying.status === 'settled') {
      busted += flying.win - flying.bet;
      flying = await start(crash, 200, { target: 1.5 });
    }
    expect(await mainBalance(server, player.token)).toBe(before + busted - 1_000 - 200);

    // Not yet: rounds younger than the timeout stay open.
    expect(await runtime().settleAbandoned(Date.now())).toBe(0);
    await sweepLater();
    // A second sweep (another tick of the job) finds nothing of these.
    await sweepLater();

    const [pokerRound] = await server.database.db.select().from(gameSimRounds).where(eq(gameSimRounds.roundId, dealt.roundId));
    const [crashRound] = await server.database.db.select().from(gameSimRounds).where(eq(gameSimRounds.roundId, flying.roundId));
    expect(pokerRound).toMatchObject({ status: 'settled', win: 1_000 * (dealt.view['pay'] as number) });
    expect((pokerRound!.view as { cards: string[] }).cards).toEqual(dealt.view['cards']);
    // The auto cash-out at 1.50× pays 300 if the crash point reached it, else the round crashed.
    const crashPoint = (crashRound!.view as { crashPoint: number }).crashPoint;
    expect(crashRound).toMatchObject({ status: 'settled', win: crashPoint >= 150 ? 300 : 0 });
    expect(crashRound!.serverSeed).toBeTruthy();

    for (const round of [pokerRound!, crashRound!]) {
      const moves = await walletTransactions(round.roundId);
      expect(moves.map((m) => m.transactionUuid).sort()).toEqual([`${round.roundId}:bet`, `${round.roundId}:win`]);
      const win = moves.find((m) => m.kind === 'win')!;
      expect(win.amount).toBe(round.win);
      if (round.win > 0) {
        const entries = await server.database.db
          .select()
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.transactionId, win.ledgerTransactionId!)));
        expect(entries.length).toBeGreaterThan(0);
      }
    }
    expect(await mainBalance(server, player.token)).toBe(before + busted - 1_000 - 200 + pokerRound!.win + crashRound!.win);
    // The records show both rounds settled with what the sweep paid.
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const records = await call<{ list: { roundId: string; status: string; win: number }[] }>(
      server,
      'main',
      GameCall.queryGameRecords,
      { beginDate: today, endDate: today, pageNo: 1, pageSize: 50 },
      { token: player.token },
    );
    for (const round of [pokerRound!, crashRound!])
      expect(records.data.list.find((row) => row.roundId === round.roundId)).toMatchObject({ status: 'settled', win: round.win });
    // The page reloaded afterwards shows no open round, and a new round can start.
    expect((await sessionState(poker)).open).toBeNull();
    expect((await start(poker, 100, {})).ok).toBe(true);
    await expectLedgerZero();
  });

  it('the sweep cancels a bet left at "betting" (the server stopped before the wallet answered)', async () => {
    const player = await fundedPlayer(server, 100);
    const before = await mainBalance(server, player.token);
    const sessionId = await launch(player.token, gameOf('slot'));
    const sim = server.app.gameProvider.simulator!;
    const session = (await sim.sim.find(sessionId))!;
    const roundId = `rstuck${Date.now()}`;
    // What start() does before its wallet call, then the bet landing, then nothing (the process stopped).
    await server.database.db.insert(gameSimRounds).values({
      roundId,
      sessionId,
      gameCode: session.gameCode,
      bet: 700,
      status: 'betting',
      serverSeed: 'a'.repeat(64),
      serverSeedHash: createHash('sha256').update('a'.repeat(64)).digest('hex'),
      clientSeed: session.clientSeed,
      nonce: 999,
      actions: [null],
      startedAt: new Date(),
    });
    const placed = await sim.wallet.bet(session, {
      round: roundId,
      transactionId: `${roundId}:bet`,
      amount: 700,
      bet: 'slot',
      roundClosed: false,
    });
    expect(placed.ok).toBe(true);
    expect(await mainBalance(server, player.token)).toBe(before - 700);

    await sweepLater();
    await sweepLater();
    expect(await mainBalance(server, player.token)).toBe(before);
    const [row] = await server.database.db.select().from(gameSimRounds).where(eq(gameSimRounds.roundId, roundId));
    expect(row!.status).toBe('rolled_back');
    const moves = await walletTransactions(roundId);
    expect(moves.map((m) => [m.kind, m.status]).sort()).toEqual([
      ['bet', 'rolled_back'],
      ['rollback', 'accepted'],
    ]);
    await expectLedgerZero();
  });
});
