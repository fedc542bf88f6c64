import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { gameTableBets } from '../../server/db/schema';
import { findGame } from '../../server/providers/games/catalogue';
import { fairRng } from '../../server/providers/games/fair';
import { BALLS_PER_DRAW, bingoCard, bingoResult, drawOrder } from '../../server/providers/games/tables/bingo';
import { roulettePayout, rouletteOutcome } from '../../server/providers/games/tables/roulette';
import { GameProviderError, OPERATOR_WALLET_PATHS } from '../../server/providers/games/types';
import type { OperatorTransport } from '../../server/providers/games/wallet';
import { type TestServer, startServer } from './server';

/**
 * The simulator's shared-timer tables end to end (issue 13): real launches through the provider adapter,
 * the game pages' table API, the leader job stepped with tick(now), and a fake operator wallet behind
 * the simulator's signed seamless calls that keeps every transaction it accepted (idempotent by
 * transaction_uuid, as ours is).
 */

interface Move {
  path: string;
  user: string;
  transaction: string;
  reference?: string;
  round: string;
  amount: number;
}

/** The operator's wallet: balances and the transactions it applied (each once). */
function fakeOperator() {
  const balances = new Map<string, number>();
  const applied = new Map<string, { move: Move; answer: Record<string, unknown> }>();
  const balanceOf = (user: string) => balances.get(user) ?? 100_000;
  const transport: OperatorTransport = async (path, _headers, raw) => {
    const body = JSON.parse(raw) as Record<string, unknown>;
    const user = String(body['user']);
    const base = { user, request_uuid: body['request_uuid'], currency: 'PHP' };
    if (path === OPERATOR_WALLET_PATHS.balance || path === OPERATOR_WALLET_PATHS.info)
      return { status: 200, body: JSON.stringify({ ...base, status: 'RS_OK', balance: balanceOf(user) }) };
    const id = String(body['transaction_uuid']);
    const seen = applied.get(id);
    if (seen) return { status: 200, body: JSON.stringify({ ...seen.answer, request_uuid: body['request_uuid'] }) };
    const amount = Number(body['amount'] ?? 0);
    let delta = 0;
    if (path === OPERATOR_WALLET_PATHS.bet) {
      if (balanceOf(user) < amount)
        return { status: 200, body: JSON.stringify({ ...base, status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: balanceOf(user) }) };
      delta = -amount;
    } else if (path === OPERATOR_WALLET_PATHS.win) delta = amount;
    else if (path === OPERATOR_WALLET_PATHS.rollback) {
      const bet = applied.get(String(body['reference_transaction_uuid']));
      delta = bet ? bet.move.amount : 0;
    }
    balances.set(user, balanceOf(user) + delta);
    const answer = { ...base, status: 'RS_OK', balance: balanceOf(user), transaction_uuid: id };
    const move: Move = {
      path,
      user,
      transaction: id,
      round: String(body['round']),
      amount: path === OPERATOR_WALLET_PATHS.rollback ? delta : amount,
      ...(typeof body['reference_transaction_uuid'] === 'string' ? { reference: body['reference_transaction_uuid'] } : {}),
    };
    applied.set(id, { move, answer });
    return { status: 200, body: JSON.stringify(answer) };
  };
  return {
    transport,
    balanceOf,
    setBalance: (user: string, amount: number) => balances.set(user, amount),
    moves: (user: string, kind: 'bet' | 'win' | 'rollback') =>
      [...applied.values()].map((entry) => entry.move).filter((move) => move.user === user && move.path === OPERATOR_WALLET_PATHS[kind]),
  };
}

const operator = fakeOperator();
let server: TestServer;
/** The server's clock stands still unless a test moves it (the job is stepped with tick(now)). */
const BASE = Date.now();
let shift = 0;
const now = () => BASE + shift;
const ROULETTE = 'roulette-manila-live';
const VIP = 'roulette-vip-live';
const BINGO = 'bingo-classic-plaza';
const TIMINGS = { bettingMs: 2_000, spinMs: 1_000, resultMs: 1_000, sellingMs: 2_000, ballMs: 100 };

beforeAll(async () => {
  server = await startServer({ gameTables: TIMINGS }, undefined, { clock: now, gameProvider: { operatorTransport: operator.transport } });
});
afterAll(async () => server.close());
beforeEach(() => {
  shift += 60_000;
});

async function launch(user: string, gameCode: string): Promise<string> {
  const game = findGame(gameCode)!.game;
  const { url } = await server.app.gameProvider.provider!.launch({
    user,
    token: `token-${user}`,
    gameCode,
    platformCode: game.platformCode,
    currency: 'PHP',
    lang: 'en',
    lobbyUrl: '/games/casino',
    ip: '127.0.0.1',
    country: 'PH',
    platform: 'GPL_MOBILE',
  });
  return url.split('/').pop()!;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type State = any;

async function state(sessionId: string): Promise<State> {
  const answer = await fetch(`${server.url}/sim/games/tables/${sessionId}/state`);
  expect(answer.status).toBe(200);
  return answer.json();
}

async function bet(sessionId: string, body: unknown) {
  const answer = await fetch(`${server.url}/sim/games/tables/${sessionId}/bet`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: answer.status, body: (await answer.json()) as State };
}

const tick = () => server.app.jobs.tick(now(), ['game-tables']);

/** Moves the clock on in steps of 250 ms, running the job each time, until the game's round is in `phase`. */
async function until(sessionId: string, test: (s: State) => boolean): Promise<State> {
  for (let i = 0; i < 200; i += 1) {
    await tick();
    const s = await state(sessionId);
    if (test(s)) return s;
    shift += 250;
  }
  throw new Error('the table never got there');
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('live roulette', () => {
  it('deals one round to every player at the table: the same hash, the same ball, each chip paid by a win that references it', async () => {
    const alice = await launch('alice', ROULETTE);
    const bob = await launch('bob', ROULETTE);
    const a = await until(alice, (s) => s.round?.phase === 'betting');
    const b = await state(bob);
    expect(b.round.id).toBe(a.round.id);
    expect(b.round.serverSeedHash).toBe(a.round.serverSeedHash);
    expect(a.round.serverSeed).toBeNull();
    expect(a.roulette.dealer).toMatch(/Place your bets|Last bets/);
    expect(b.game.seated).toBe(2);

    const before = { alice: operator.balanceOf('alice'), bob: operator.balanceOf('bob') };
    expect((await bet(alice, { spot: { kind: 'red' }, amount: 1_000, chipId: 'a1' })).status).toBe(200);
    // The same chip sent again (a retried request) is not a second bet.
    expect((await bet(alice, { spot: { kind: 'red' }, amount: 1_000, chipId: 'a1' })).status).toBe(200);
    expect((await bet(bob, { spot: { kind: 'straight', pick: 17 }, amount: 1_000, chipId: 'b1' })).status).toBe(200);
    expect((await bet(bob, { spot: { kind: 'dozen', pick: 2 }, amount: 2_000, chipId: 'b2' })).status).toBe(200);
    expect(operator.balanceOf('alice')).toBe(before.alice - 1_000);
    expect(operator.balanceOf('bob')).toBe(before.bob - 3_000);

    const spinning = await until(alice, (s) => s.round?.phase === 'running');
    expect(spinning.round.id).toBe(a.round.id);
    expect(spinning.roulette.dealer).toBe('No more bets');
    const late = await bet(bob, { spot: { kind: 'black' }, amount: 1_000 });
    expect(late).toMatchObject({ status: 409, body: { code: 'BETS_CLOSED', message: 'No more bets: wait for the next round.' } });

    const done = await until(alice, (s) => s.round?.id === a.round.id && s.round.phase === 'settled');
    const seen = await state(bob);
    expect(seen.round.id).toBe(a.round.id);
    const { pocket } = done.roulette;
    expect(seen.roulette.pocket).toBe(pocket);
    // The seed revealed is the one whose hash was shown, and it alone gives the ball.
    expect(sha256(done.round.serverSeed)).toBe(a.round.serverSeedHash);
    expect(rouletteOutcome(fairRng({ serverSeed: done.round.serverSeed, clientSeed: done.round.clientSeed, nonce: 0 }))).toBe(pocket);
    expect(done.roulette.dealer).toMatch(/, (red|black|green)$/);
    expect(done.roulette.last[0]).toMatchObject({ roundId: a.round.id, pocket });

    const aliceWin = roulettePayout({ kind: 'red' }, 1_000, pocket);
    const bobWin =
      roulettePayout({ kind: 'straight', pick: 17 }, 1_000, pocket) + roulettePayout({ kind: 'dozen', pick: 2 }, 2_000, pocket);
    expect(operator.balanceOf('alice')).toBe(before.alice - 1_000 + aliceWin);
    expect(operator.balanceOf('bob')).toBe(before.bob - 3_000 + bobWin);
    const aliceBets = operator.moves('alice', 'bet').filter((move) => move.round === a.round.id);
    const aliceWins = operator.moves('alice', 'win').filter((move) => move.round === a.round.id);
    expect(aliceBets).toHaveLength(1);
    expect(aliceWins).toEqual([expect.objectContaining({ reference: aliceBets[0]!.transaction, amount: aliceWin })]);
    expect(operator.moves('bob', 'win').filter((move) => move.round === a.round.id)).toHaveLength(2);
    // The player's history shows the round with its net.
    expect(done.history[0]).toEqual({ roundId: a.round.id, bet: 1_000, win: aliceWin, net: aliceWin - 1_000, settled: true });
    // The records' proof of the round.
    expect(await server.app.gameProvider.provider!.round(a.round.id)).toMatchObject({
      roundId: a.round.id,
      proof: {
        serverSeedHash: a.round.serverSeedHash,
        serverSeed: done.round.serverSeed,
        outcome: expect.stringContaining(`Ball ${pocket} `),
      },
    });

    // The next round opens after the result, with a new seed.
    const next = await until(alice, (s) => s.round?.id !== a.round.id);
    expect(next.round.phase).toBe('betting');
    expect(next.round.serverSeedHash).not.toBe(a.round.serverSeedHash);
  });

  it('refuses chips off the layout, under the table minimum, over the limit, and beyond the balance', async () => {
    const carol = await launch('carol', ROULETTE);
    await until(carol, (s) => s.round?.phase === 'betting');
    expect(await bet(carol, { spot: { kind: 'straight', pick: 40 }, amount: 1_000 })).toMatchObject({
      status: 400,
      body: { message: 'Pick a number from 0 to 36.' },
    });
    expect((await bet(carol, { spot: { kind: 'red' }, amount: 500 })).body.message).toBe('The smallest chip at this table is ₱10.');
    expect((await bet(carol, { spot: { kind: 'red' }, amount: 600_000 })).body.message).toBe('The table limit is ₱5000 a round.');
    operator.setBalance('carol', 1_500);
    expect((await bet(carol, { spot: { kind: 'red' }, amount: 1_000 })).status).toBe(200);
    expect(await bet(carol, { spot: { kind: 'black' }, amount: 1_000 })).toMatchObject({
      status: 402,
      body: { message: 'Not enough balance for this bet.' },
    });
    expect(operator.balanceOf('carol')).toBe(500);
    const s = await state(carol);
    expect(s.bets.map((b: { state: string }) => b.state).sort()).toEqual(['placed', 'refused']);
    const done = await until(carol, (x) => x.round?.id === s.round.id && x.round.phase === 'settled');
    // Only the placed chip is paid (the refused one moved no money and gets no win).
    expect(operator.moves('carol', 'win')).toHaveLength(1);
    expect(operator.balanceOf('carol')).toBe(500 + roulettePayout({ kind: 'red' }, 1_000, done.roulette.pocket));
  });

  it('seats seven at the VIP table: an eighth player is refused at launch (TABLE_FULL) until a seat frees', async () => {
    const seated: string[] = [];
    for (let i = 1; i <= 7; i += 1) {
      const sessionId = await launch(`vip${i}`, VIP);
      expect((await state(sessionId)).seated).toBe(true);
      seated.push(sessionId);
    }
    expect((await state(seated[0]!)).game).toMatchObject({ seats: 7, seated: 7 });
    const refused = await launch('vip8', VIP).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(GameProviderError);
    expect(refused).toMatchObject({ code: 'TABLE_FULL', message: 'Massive fanatics are waiting, please try again!' });
    // A seated player may open the table again; other tables are not full.
    await expect(launch('vip3', VIP)).resolves.toEqual(expect.any(String));
    await expect(launch('vip8', ROULETTE)).resolves.toEqual(expect.any(String));
    // One leaves: the eighth gets the seat.
    expect((await fetch(`${server.url}/sim/games/tables/${seated[0]}/leave`, { method: 'POST' })).status).toBe(200);
    const eighth = await launch('vip8', VIP);
    expect((await state(eighth)).seated).toBe(true);
    // Seats of players whose page stopped asking free up by themselves.
    shift += 61_000;
    await expect(launch('vip9', VIP)).resolves.toEqual(expect.any(String));
  });

  it('resumes a round after a restart: the same round, the same seed, each chip paid once', async () => {
    const dave = await launch('dave', ROULETTE);
    const open = await until(dave, (s) => s.round?.phase === 'betting');
    const before = operator.balanceOf('dave');
    expect((await bet(dave, { spot: { kind: 'even' }, amount: 5_000, chipId: 'd1' })).status).toBe(200);
    server = await server.restart();
    const resumed = await state(dave);
    expect(resumed.round).toMatchObject({ id: open.round.id, serverSeedHash: open.round.serverSeedHash });
    expect(resumed.bets).toEqual([expect.objectContaining({ label: 'Even', amount: 5_000, state: 'placed' })]);
    const done = await until(dave, (s) => s.round?.id === open.round.id && s.round.phase === 'settled');
    await tick();
    const win = roulettePayout({ kind: 'even' }, 5_000, done.roulette.pocket);
    expect(operator.moves('dave', 'bet')).toHaveLength(1);
    expect(operator.moves('dave', 'win')).toEqual([
      expect.objectContaining({ amount: win, reference: operator.moves('dave', 'bet')[0]!.transaction }),
    ]);
    expect(operator.balanceOf('dave')).toBe(before - 5_000 + win);
  });
  it('rolls back a chip whose wallet answer was lost in a crash, and only then closes the round', async () => {
    const ivy = await launch('ivy', ROULETTE);
    const open = await until(ivy, (s) => s.round?.phase === 'betting');
    const before = operator.balanceOf('ivy');
    // The server wrote the chip and asked the wallet, which took the money, then the server died.
    const id = `lost-${open.round.id}`;
    await server.database.db.insert(gameTableBets).values({
      id,
      roundId: open.round.id,
      gameCode: ROULETTE,
      sessionId: ivy,
      user: 'ivy',
      spot: { kind: 'red' },
      label: 'Red',
      amount: 2_000,
      state: 'pending',
      createdAt: new Date(now()),
    });
    const body = JSON.stringify({
      user: 'ivy',
      request_uuid: 'r1',
      token: 'token-ivy',
      game_code: ROULETTE,
      transaction_uuid: id,
      round: open.round.id,
      amount: 2_000,
    });
    await operator.transport(OPERATOR_WALLET_PATHS.bet, {}, body);
    expect(operator.balanceOf('ivy')).toBe(before - 2_000);
    const result = await until(ivy, (s) => s.round?.id === open.round.id && s.round.phase === 'result');
    // The round waits for the unknown chip rather than pay or forget it.
    expect(result.bets).toEqual([expect.objectContaining({ state: 'pending' })]);
    shift += 31_000;
    const done = await until(ivy, (s) => s.round?.id === open.round.id && s.round.phase === 'settled');
    expect(done.bets).toEqual([expect.objectContaining({ state: 'rolled-back' })]);
    expect(operator.moves('ivy', 'rollback')).toEqual([expect.objectContaining({ reference: id, amount: 2_000 })]);
    expect(operator.moves('ivy', 'win')).toEqual([]);
    expect(operator.balanceOf('ivy')).toBe(before);
    const [row] = await server.database.db.select().from(gameTableBets).where(eq(gameTableBets.id, id));
    expect(row).toMatchObject({ state: 'rolled-back', win: 0 });
  });
});

describe('bingo', () => {
  it('sells cards before a draw shared by the room, calls the balls one by one, and pays each card its pattern', async () => {
    const erin = await launch('erin', BINGO);
    const fred = await launch('fred', BINGO);
    const selling = await until(erin, (s) => s.round?.phase === 'betting');
    expect(selling.bingo.called).toEqual([]);
    const before = operator.balanceOf('erin');
    const bought = await bet(erin, { cards: 3, chipId: 'e1' });
    expect(bought.status).toBe(200);
    expect(bought.body.bets.map((b: { cardIndex: number }) => b.cardIndex)).toEqual([1, 2, 3]);
    expect((await bet(fred, { cards: 1 })).body.bets[0].cardIndex).toBe(4);
    expect((await bet(fred, { cards: 4 })).body.message).toBe('You can hold 4 cards in a draw.');
    expect(operator.balanceOf('erin')).toBe(before - 3_000);
    const cards = (await state(erin)).bingo.cards;
    expect(cards.map((card: { index: number }) => card.index)).toEqual([1, 2, 3]);

    const drawing = await until(erin, (s) => s.round?.phase === 'running' && s.bingo.called.length >= 3);
    const other = await state(fred);
    // Every player sees the same balls, persisted by the job.
    expect(other.bingo.called.slice(0, drawing.bingo.called.length)).toEqual(drawing.bingo.called);
    expect((await bet(fred, { cards: 1 })).body.message).toBe('Cards for this draw are sold: wait for the next one.');
    expect(drawing.bingo.caller).toMatch(/^Ball \d+: [BINGO] \d+$/);

    const done = await until(erin, (s) => s.round?.id === selling.round.id && s.round.phase === 'settled');
    expect(done.bingo.called).toHaveLength(BALLS_PER_DRAW);
    const seeds = { serverSeed: done.round.serverSeed, clientSeed: done.round.clientSeed };
    expect(sha256(seeds.serverSeed)).toBe(selling.round.serverSeedHash);
    expect(done.bingo.called).toEqual(drawOrder(seeds).slice(0, BALLS_PER_DRAW));
    let won = 0;
    for (const card of done.bingo.cards) {
      // The card shown is the one its index and the revealed seed give, and it is paid its pattern.
      expect(card.numbers).toEqual(bingoCard(seeds, card.index));
      const expected = bingoResult(card.numbers, done.bingo.called, 1_000).win;
      expect(card.win).toBe(expected);
      won += expected;
    }
    expect(operator.moves('erin', 'win').filter((move) => move.round === selling.round.id)).toHaveLength(3);
    expect(operator.balanceOf('erin')).toBe(before - 3_000 + won);
    expect(done.history[0]).toMatchObject({ roundId: selling.round.id, bet: 3_000, win: won, net: won - 3_000 });
    expect(done.bingo.winners.every((w: { win: number }) => w.win > 0)).toBe(true);
  });
});

describe('the game page', () => {
  it('frames the table in the provider shell with its own script and styles as files', async () => {
    const gina = await launch('gina', ROULETTE);
    const page = await fetch(`${server.url}/sim/games/play/${gina}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-testid="dealer-line"');
    expect(html).toContain('data-testid="layout"');
    expect(html).not.toMatch(/<script>|style="/);
    const script = await (await fetch(`${server.url}/sim/games/play/${gina}/game.js`)).text();
    expect(script).toContain('/sim/games/tables/');
    const hank = await launch('hank', BINGO);
    expect(await (await fetch(`${server.url}/sim/games/play/${hank}`)).text()).toContain('data-testid="buy-cards"');
    expect((await fetch(`${server.url}/sim/games/tables/not-a-session-id-0000/state`)).status).toBe(404);
  });
});
