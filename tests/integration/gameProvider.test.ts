import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROVIDER_API, hub88Provider } from '../../server/providers/games/hub88';
import { catalogue } from '../../server/providers/games/catalogue';
import { fairRng, hashServerSeed } from '../../server/providers/games/fair';
import { slotEngine } from '../../server/providers/games/engines/slot';
import { checkBodySignature, signBody } from '../../server/providers/games/signing';
import { JACKPOT_SEED, JACKPOT_SHARE_BPS } from '../../server/providers/games/simulator';
import { gameSimSessions } from '../../server/db/schema';
import { eq } from 'drizzle-orm';
import {
  type GameProvider,
  GameProviderError,
  type LaunchRequest,
  OPERATOR_WALLET_PATHS,
  SIGNATURE_HEADER,
} from '../../server/providers/games/types';
import type { OperatorAnswer } from '../../server/providers/games/wallet';
import { type TestServer, startServer } from './server';
import { launchRequest as slotLaunch, simSession } from './simGame';

/**
 * The game provider simulator through its signed Hub88-style API (the adapter app.gameProvider uses, and
 * raw requests as an attacker would send them), its game pages' round API and its three wallet modes:
 * seamless against a small fake operator wallet registered here (the real /gamewallet/hub88 is the casino
 * wallet's, tested there), the transfer platform's own balances, and demo play money.
 */

/** A small operator wallet with Hub88's rules: signature first, idempotent by transaction_uuid. */
class FakeOperator {
  balances = new Map<string, number>();
  tokens = new Map<string, string>();
  seen = new Map<string, { status: string; balance: number }>();
  calls: { path: string; body: Record<string, unknown>; signed: boolean }[] = [];
  /** Statuses to answer next instead of handling (e.g. 500 = a failure before any processing). */
  failNext: number[] = [];
  /** Process the next call, then lose its answer (a timeout after the money moved). */
  loseAnswerNext = false;
  /** Fail every attempt of these transactions (nothing processed) while set. */
  down = new Set<string>();
  /** Fail every attempt of the next bet (nothing processed). */
  failNextBet = false;
  failedTransaction: string | undefined;
  lostTransaction: string | undefined;
  constructor(private readonly publicKey: () => string) {}

  handle = async (path: string, headers: Record<string, string>, raw: string): Promise<OperatorAnswer> => {
    const signed = checkBodySignature(headers[SIGNATURE_HEADER], this.publicKey(), raw);
    const body = JSON.parse(raw) as Record<string, unknown>;
    this.calls.push({ path, body, signed });
    const fail = this.failNext.shift();
    if (fail) return { status: fail, body: 'down' };
    if (this.failNextBet && path === OPERATOR_WALLET_PATHS.bet) {
      this.failNextBet = false;
      this.failedTransaction = String(body['transaction_uuid']);
    }
    if (this.down.has(String(body['transaction_uuid']))) return { status: 503, body: 'down' };
    // Every attempt of that bet fails before any processing.
    if (this.failedTransaction && body['transaction_uuid'] === this.failedTransaction) return { status: 500, body: 'down' };
    if (this.loseAnswerNext && path === OPERATOR_WALLET_PATHS.bet) {
      this.loseAnswerNext = false;
      this.lostTransaction = String(body['transaction_uuid']);
    }
    if (this.lostTransaction && body['transaction_uuid'] === this.lostTransaction) {
      // Processed (the money moves once, by transaction_uuid), but every answer is lost.
      const lost = this.lostTransaction;
      this.lostTransaction = undefined;
      await this.handle(path, headers, raw);
      this.calls.pop();
      this.lostTransaction = lost;
      return { status: 504, body: 'gateway timeout' };
    }
    const user = String(body['user']);
    const reply = (status: string, extra: Record<string, unknown> = {}) => ({
      status: 200,
      body: JSON.stringify({
        user,
        request_uuid: body['request_uuid'],
        currency: 'PHP',
        status,
        balance: this.balances.get(user) ?? 0,
        ...extra,
      }),
    });
    if (!signed) return reply('RS_ERROR_INVALID_SIGNATURE');
    if (path === OPERATOR_WALLET_PATHS.balance || path === OPERATOR_WALLET_PATHS.info) return reply('RS_OK');
    const id = String(body['transaction_uuid']);
    const earlier = this.seen.get(id);
    if (earlier) return { status: 200, body: JSON.stringify({ user, request_uuid: body['request_uuid'], currency: 'PHP', ...earlier }) };
    const amount = Number(body['amount'] ?? 0);
    let balance = this.balances.get(user) ?? 0;
    if (path === OPERATOR_WALLET_PATHS.bet) {
      if (this.tokens.get(String(body['token'])) !== user) return reply('RS_ERROR_INVALID_TOKEN');
      if (amount > balance) return reply('RS_ERROR_NOT_ENOUGH_MONEY');
      balance -= amount;
    } else if (path === OPERATOR_WALLET_PATHS.win) {
      balance += amount;
    } else if (path === OPERATOR_WALLET_PATHS.rollback) {
      const bet = this.calls.find(
        (call) => call.path === OPERATOR_WALLET_PATHS.bet && call.body['transaction_uuid'] === body['reference_transaction_uuid'],
      );
      const landed = bet && this.seen.get(String(body['reference_transaction_uuid']))?.status === 'RS_OK';
      if (landed) balance += Number(bet.body['amount']);
    }
    this.balances.set(user, balance);
    this.seen.set(id, { status: 'RS_OK', balance });
    return reply('RS_OK');
  };

  moves(user: string) {
    return this.calls.filter((call) => call.body['user'] === user && call.path !== OPERATOR_WALLET_PATHS.balance);
  }
}

let server: TestServer;
let provider: GameProvider;
let operator: FakeOperator;

beforeAll(async () => {
  let publicKey = () => '';
  operator = new FakeOperator(() => publicKey());
  server = await startServer({}, undefined, {
    gameProvider: { operatorTransport: (path, headers, body) => operator.handle(path, headers, body) },
  });
  provider = server.app.gameProvider.provider!;
  publicKey = () => server.app.gameProvider.providerPublicKey!;
});
afterAll(async () => server.close());
beforeEach(async () => {
  await settings({ down: false, duplicates: false });
  operator.failNext = [];
  operator.lostTransaction = undefined;
  operator.failedTransaction = undefined;
});

async function settings(body: Record<string, boolean>) {
  const answer = await fetch(`${server.url}/sim/games/settings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(answer.status).toBe(200);
}

let users = 0;
function player(balance: number): { user: string; token: string } {
  users += 1;
  const user = `p${users}-${Date.now()}`;
  const token = `tok-${user}`;
  operator.balances.set(user, balance);
  operator.tokens.set(token, user);
  return { user, token };
}

const SLOT = 'slot-96-sampaguita';
const slotGame = () => catalogue().get(SLOT)!.game;

const launchRequest = (over: Partial<LaunchRequest>) => slotLaunch({ gameCode: SLOT, platformCode: slotGame().platformCode }, over);

const sessionOf = (url: string) => url.split('/').pop()!;

async function play(sessionId: string, bet: number) {
  const answer = await fetch(`${server.url}/sim/games/api/round/start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sessionId, bet, action: { spin: true } }),
  });
  return { status: answer.status, body: (await answer.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const state = (sessionId: string) => simSession(server, sessionId);

describe('the catalogue', () => {
  it('lists the platforms (four seamless studios and one transfer platform) and games whose platforms exist', async () => {
    const platforms = await provider.platforms();
    expect(platforms.filter((p) => p.wallet === 'seamless').length).toBeGreaterThanOrEqual(4);
    expect(platforms.filter((p) => p.wallet === 'transfer')).toHaveLength(1);
    const games = await provider.games();
    expect(games.length).toBeGreaterThanOrEqual(90);
    expect(new Set(games.map((g) => g.gameCode)).size).toBe(games.length);
    for (const game of games) expect(platforms.map((p) => p.platformCode)).toContain(game.platformCode);
    const slots = games.filter((g) => g.engine === 'slot');
    expect(new Set(slots.map((g) => g.rtpBps))).toEqual(new Set([9597, 9512, 9410]));
  });
});

describe('signed launch', () => {
  it('launches a real-money game and serves its page, framable by the app itself', async () => {
    const { user, token } = player(10_000);
    const { url } = await provider.launch(launchRequest({ user, token }));
    expect(url).toMatch(/^\/sim\/games\/play\/[A-Za-z0-9_-]{32}$/);
    const page = await fetch(`${server.url}${url}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-testid="spin"');
    expect(html).toContain('Sampaguita Spins Deluxe');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const script = await fetch(`${server.url}${url}/game.js`);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(await script.text()).toContain('panalo:balance');
    // Each launch is its own session.
    const again = await provider.launch(launchRequest({ user, token }));
    expect(again.url).not.toBe(url);
  });

  it('refuses a forged request, and the adapter refuses an answer not signed by the provider', async () => {
    const body = JSON.stringify({
      operator_id: server.app.gameProvider.simulator!.keys().operatorId,
      user: 'x',
      game_code: SLOT,
      platform: 'GPL_MOBILE',
    });
    const stranger = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const forged = await fetch(`${server.url}/sim/games/api${PROVIDER_API.launch}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(stranger.privateKey, body) },
      body,
    });
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as { error: { code: string } }).error.code).toBe('INVALID_SIGNATURE');

    const keys = server.app.gameProvider.simulator!.keys();
    const tampering = hub88Provider({
      operatorId: keys.operatorId,
      operatorPrivateKey: () => keys.operatorPrivateKeyPem,
      providerPublicKey: () => keys.providerPublicKeyPem,
      transport: async (path, headers, raw) => {
        const answer = await fetch(`${server.url}/sim/games/api${path}`, { method: 'POST', headers, body: raw });
        const text = (await answer.text()).replace(/"amount":\d+/, '"amount":1');
        return { status: answer.status, headers: Object.fromEntries(answer.headers.entries()), body: text };
      },
    });
    await expect(tampering.jackpot()).rejects.toMatchObject({ code: 'BAD_SIGNATURE' });
  });

  it('answers PROVIDER_DOWN during the outage switch, and NOT_FOUND for an unknown game', async () => {
    await expect(provider.launch(launchRequest({ gameCode: 'no-such-game' }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await settings({ down: true });
    const error = await provider.jackpot().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GameProviderError);
    expect((error as GameProviderError).code).toBe('PROVIDER_DOWN');
  });
});

describe('seamless slot rounds', () => {
  it('moves the operator wallet by exactly the rounds shown, signed, each round verifiable after', async () => {
    const { user, token } = player(100_000);
    const sessionId = sessionOf((await provider.launch(launchRequest({ user, token }))).url);
    const jackpotBefore = await provider.jackpot();
    const before = await state(sessionId);
    expect(before.balance).toBe(100_000);
    let hash = before.nextServerSeedHash;
    for (let i = 0; i < 12; i += 1) {
      const { status, body } = await play(sessionId, 500);
      expect(status).toBe(200);
      // The round used the seed whose hash was shown before it, revealed now.
      expect(body['proof'].serverSeedHash).toBe(hash);
      expect(hashServerSeed(body['proof'].serverSeed)).toBe(hash);
      hash = body['nextServerSeedHash'];
    }
    const after = await state(sessionId);
    expect(after.history).toHaveLength(12);
    const net = after.history.reduce((sum, round) => sum + round.win - round.bet, 0);
    expect(operator.balances.get(user)).toBe(100_000 + net);
    expect(after.balance).toBe(100_000 + net);
    expect(operator.moves(user).every((call) => call.signed)).toBe(true);
    // Every spin's stake grows the jackpot by its share.
    expect(await provider.jackpot()).toBe(jackpotBefore + (12 * 500 * JACKPOT_SHARE_BPS) / 10_000);

    // The proof replays: the revealed seed, the client seed and nonce give the same reels and win.
    const round = after.history[0]!;
    const proof = (await provider.round(round.roundId))!.proof;
    expect(proof.serverSeed).not.toBeNull();
    const replay = slotEngine.start({
      bet: 500,
      params: catalogue().get(SLOT)!.variant.params as never,
      rng: fairRng({ serverSeed: proof.serverSeed!, clientSeed: proof.clientSeed, nonce: proof.nonce }),
      action: null,
    });
    expect(replay.settled!.win).toBe(round.win);
    expect(replay.settled!.outcome).toBe(proof.outcome);
    expect(await provider.round('r-no-such-round')).toBeNull();
  });

  it('delivers transactions twice under the duplicate switch, yet the money moves once', async () => {
    await settings({ duplicates: true });
    const { user, token } = player(50_000);
    const sessionId = sessionOf((await provider.launch(launchRequest({ user, token }))).url);
    for (let i = 0; i < 5; i += 1) expect((await play(sessionId, 1_000)).status).toBe(200);
    const bets = operator.moves(user).filter((call) => call.path === OPERATOR_WALLET_PATHS.bet);
    expect(bets).toHaveLength(10);
    // Same transaction, a fresh request_uuid per attempt.
    expect(bets[0]!.body['transaction_uuid']).toBe(bets[1]!.body['transaction_uuid']);
    expect(bets[0]!.body['request_uuid']).not.toBe(bets[1]!.body['request_uuid']);
    const { history } = await state(sessionId);
    expect(operator.balances.get(user)).toBe(50_000 + history.reduce((sum, r) => sum + r.net, 0));
  });

  it('refuses a bet the wallet cannot cover with "Not enough balance", and nothing moves', async () => {
    const { user, token } = player(50);
    const sessionId = sessionOf((await provider.launch(launchRequest({ user, token }))).url);
    const { status, body } = await play(sessionId, 100);
    expect(status).toBe(409);
    expect(body).toMatchObject({ ok: false, code: 'NOT_ENOUGH_MONEY', message: 'Not enough balance', balance: 50 });
    expect(operator.balances.get(user)).toBe(50);
    expect((await state(sessionId)).history).toHaveLength(0);
  });

  it('rolls back a bet whose call failed, and the player keeps the stake', async () => {
    const { user, token } = player(10_000);
    const sessionId = sessionOf((await provider.launch(launchRequest({ user, token }))).url);
    operator.failNextBet = true;
    const { status, body } = await play(sessionId, 1_000);
    expect(status).toBe(409);
    expect(body['code']).toBe('WALLET_DOWN');
    const rollback = operator.moves(user).find((call) => call.path === OPERATOR_WALLET_PATHS.rollback);
    expect(rollback?.body['reference_transaction_uuid']).toBe(operator.moves(user)[0]!.body['transaction_uuid']);
    expect(operator.balances.get(user)).toBe(10_000);
    // A bet that landed but whose answer was lost is rolled back too: the stake comes back.
    operator.loseAnswerNext = true;
    expect((await play(sessionId, 1_000)).body['code']).toBe('WALLET_DOWN');
    expect(operator.balances.get(user)).toBe(10_000);
    const rollbacks = operator.moves(user).filter((call) => call.path === OPERATOR_WALLET_PATHS.rollback);
    expect(new Set(rollbacks.map((call) => call.body['transaction_uuid'])).size).toBe(2);
    expect((await state(sessionId)).history).toHaveLength(0);
  });

  it('keeps a win the wallet did not take and delivers it later, once', async () => {
    await settings({ duplicates: true });
    const { user, token } = player(100_000);
    const sessionId = sessionOf((await provider.launch(launchRequest({ user, token }))).url);
    // Spin until a round wins while its win call fails every time.
    const jobs = server.app.jobs;
    let won: { roundId: string; win: number } | undefined;
    for (let i = 0; i < 60 && !won; i += 1) {
      const before = operator.balances.get(user)!;
      const originalHandle = operator.handle;
      operator.handle = async (path, headers, raw) => {
        const body = JSON.parse(raw) as Record<string, unknown>;
        if (path === OPERATOR_WALLET_PATHS.win) operator.down.add(String(body['transaction_uuid']));
        return originalHandle(path, headers, raw);
      };
      const { body } = await play(sessionId, 1_000);
      operator.handle = originalHandle;
      if (body['win'] > 0) {
        won = { roundId: body['roundId'], win: body['win'] };
        expect(operator.balances.get(user)).toBe(before - 1_000);
      }
    }
    expect(won).toBeDefined();
    operator.down.clear();
    await jobs.tick(Date.now() + 60_000, ['game-simulator-wallet-retries']);
    const { history } = await state(sessionId);
    expect(operator.balances.get(user)).toBe(100_000 + history.reduce((sum, r) => sum + r.net, 0));
    // Nothing left to deliver: another tick moves nothing.
    const settled = operator.balances.get(user);
    await jobs.tick(Date.now() + 600_000, ['game-simulator-wallet-retries']);
    expect(operator.balances.get(user)).toBe(settled);
  });

  it('refuses bets outside the game limits', async () => {
    const { user, token } = player(10_000);
    const sessionId = sessionOf((await provider.launch(launchRequest({ user, token }))).url);
    expect((await play(sessionId, 5)).body['code']).toBe('BAD_BET');
    expect((await play(sessionId, 10_000_000)).body['code']).toBe('BAD_BET');
    expect((await play('not-a-session-id-at-all', 100)).status).toBe(404);
  });
});

describe('the progressive jackpot', () => {
  it('pays the pot on five scatters and starts again from the seed amount', async () => {
    const { user, token } = player(100_000);
    const sessionId = sessionOf((await provider.launch(launchRequest({ user, token }))).url);
    // A seed found offline whose first spin (client seed 'jackpot-test', nonce 0) lands a scatter on every reel.
    const serverSeed = '4e82d'.padStart(64, '0');
    await server.database.db.update(gameSimSessions).set({ nextServerSeed: serverSeed }).where(eq(gameSimSessions.sessionId, sessionId));
    const seed = await fetch(`${server.url}/sim/games/api/seed`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId, clientSeed: 'jackpot-test' }),
    });
    expect(seed.status).toBe(200);
    const pot = await provider.jackpot();
    const { body } = await play(sessionId, 1_000);
    const share = (1_000 * JACKPOT_SHARE_BPS) / 10_000;
    expect(body['jackpotWin']).toBe(pot + share);
    expect(body['win']).toBe(100_000 + pot + share);
    expect(body['proof'].outcome).toContain('JACKPOT');
    expect(operator.balances.get(user)).toBe(100_000 - 1_000 + 100_000 + pot + share);
    expect(await provider.jackpot()).toBe(JACKPOT_SEED);
  });
});

describe('demo play', () => {
  it('plays with ₱10,000 of play money and never calls the wallet', async () => {
    const user = `demo-${Date.now()}`;
    const callsBefore = operator.calls.length;
    const { url } = await provider.launch(launchRequest({ user, currency: 'XXX' }));
    const sessionId = sessionOf(url);
    expect((await state(sessionId)).balance).toBe(1_000_000);
    for (let i = 0; i < 5; i += 1) expect((await play(sessionId, 2_000)).status).toBe(200);
    const after = await state(sessionId);
    expect(after.mode).toBe('demo');
    expect(after.balance).toBe(1_000_000 + after.history.reduce((sum, r) => sum + r.net, 0));
    expect(operator.calls.length).toBe(callsBefore);
    expect(await (await fetch(`${server.url}${url}`)).text()).toContain('Play money');
  });
});

describe('the transfer platform', () => {
  it('moves money in and out idempotently by transferId, and its games play on that balance', async () => {
    const transferGame = [...catalogue().values()].find((entry) => entry.game.platformCode === 'SABA')!.game;
    const user = `t-${Date.now()}`;
    const first = await provider.transfers.deposit({ user, platformCode: 'SABA', amount: 20_000, transferId: `${user}-in-1` });
    expect(first).toEqual({ transferId: `${user}-in-1`, status: 'succeeded', balance: 20_000 });
    expect(await provider.transfers.deposit({ user, platformCode: 'SABA', amount: 20_000, transferId: `${user}-in-1` })).toEqual(first);
    expect(await provider.transfers.balance({ user, platformCode: 'SABA' })).toBe(20_000);
    expect(await provider.transfers.withdraw({ user, platformCode: 'SABA', amount: 50_000, transferId: `${user}-out-1` })).toMatchObject({
      status: 'failed',
      balance: 20_000,
    });
    await expect(provider.transfers.transferStatus({ platformCode: 'SABA', transferId: `${user}-never` })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await provider.transfers.transferStatus({ platformCode: 'SABA', transferId: `${user}-in-1` })).toEqual(first);
    await expect(provider.transfers.deposit({ user, platformCode: 'KALYE', amount: 1, transferId: `${user}-x` })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });

    const callsBefore = operator.calls.length;
    const sessionId = sessionOf(
      (await provider.launch(launchRequest({ user, token: 'any', gameCode: transferGame.gameCode, platformCode: 'SABA' }))).url,
    );
    for (let i = 0; i < 3; i += 1) expect((await play(sessionId, 1_000)).status).toBe(200);
    const { history, mode } = await state(sessionId);
    expect(mode).toBe('transfer');
    const balance = 20_000 + history.reduce((sum, r) => sum + r.net, 0);
    expect(await provider.transfers.balance({ user, platformCode: 'SABA' })).toBe(balance);
    expect(operator.calls.length).toBe(callsBefore);
    const out = await provider.transfers.withdraw({ user, platformCode: 'SABA', amount: balance, transferId: `${user}-out-2` });
    expect(out).toMatchObject({ status: 'succeeded', balance: 0 });
  });
});

describe('production', () => {
  it('has no provider and no /sim/games pages without GAME_PROVIDER_* settings', async () => {
    const prod = await startServer({ production: true });
    try {
      expect(prod.app.gameProvider.provider).toBeNull();
      expect(prod.app.gameProvider.providerPublicKey).toBeNull();
      const answer = await fetch(`${prod.url}/sim/games/api${PROVIDER_API.catalogue}`, { method: 'POST', body: '{}' });
      expect(answer.status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
