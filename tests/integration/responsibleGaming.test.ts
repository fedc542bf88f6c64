import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withdrawConfig } from '../../server/config';
import { customers, depositOrders, ledgerAccounts, rgPlayers, sessions } from '../../server/db/schema';
import { hashPassword } from '../../server/lib/security';
import { createSession } from '../../server/modules/auth/sessions';
import { VoucherService } from '../../server/modules/vouchers/service';
import { HOUSE, houseAccountId, ledgerTotal, post, walletAccountId } from '../../server/modules/wallet/ledger';
import type { ParlayResult, PlacementResult } from '../../src/contract/betting';
import { GatewayCode } from '../../src/contract/errorCodes';
import { GameCall, GameCategory, type GameEntry, type GameListIndex } from '../../src/contract/games';
import type { rgStatusAnswer } from '../../src/contract/answers/responsibleGaming';
import { RG_HELPLINE, RgCall, windowStart } from '../../src/contract/responsibleGaming';
import { OddsType } from '../../src/contract/sports';
import type * as z from 'zod/mini';
import { openPicks, outrightBody, parlayBody, singleBody } from './bodies';
import { FakeProvider, SEAMLESS, TRANSFER, Table, mainAccountBalance, publicKeyPem, walletCall } from './casinoWalletKit';
import {
  type Answer,
  call,
  captcha,
  encrypt,
  fund,
  lastCode,
  idempotencyKey,
  internalId,
  loginWithPassword,
  quickCustomer,
  registerPlayer,
} from './player';
import { type TestServer, startServer } from './server';

/**
 * Responsible gaming enforced by the server (issue 34): the one gate on every money path, each rule on
 * each path (a table), withdrawals never blocked, limits lowered at once and raised only after 24 hours
 * and a confirmation, the first 6 months of a self-exclusion that nobody can reverse, the restricted-
 * persons check at registration and in the nightly job, the kill switch, 20 racing deposits at a limit,
 * and the Manila-midnight edge. The server's clock is the test's (`now`).
 */

let server: TestServer;
const provider = new FakeProvider();
let now = Date.now();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  server = await startServer({ withdraw: withdrawConfig({ WITHDRAW_TURNOVER_PERCENT: '0' }) }, undefined, {
    clock: () => now,
    ipCallsPerMinute: 100_000,
    accountCallsPerMinute: 100_000,
    casinoWallet: { provider, providerPublicKey: publicKeyPem },
  });
});
afterAll(async () => server.close());
beforeEach(() => {
  // Each test starts at the real time: the orders and ledger rows it makes carry the database's time.
  now = Date.now();
});
afterEach(async () => {
  await server.app.bets.idle();
  expect(await ledgerTotal(server.database.db)).toEqual({ entries: 0, balances: 0 });
});

type Status = z.infer<typeof rgStatusAnswer>;
interface Player {
  token: string;
  customerId: number;
  user: string;
}

const db = () => server.database.db;
const rg = <T = Status>(player: Pick<Player, 'token'>, name: string, body: unknown = {}) =>
  call<T>(server, 'main', name, body, { token: player.token });

async function player(pesos = 5_000): Promise<Player> {
  const p = await quickCustomer(server);
  if (pesos) await fund(server, p.customerId, pesos * 100);
  // Ending-game bets need a first deposit; the test players have one.
  await db()
    .update(customers)
    .set({ firstDepositAt: new Date(now) })
    .where(eq(customers.id, p.customerId));
  const [row] = await db().select({ loginName: customers.loginName }).from(customers).where(eq(customers.id, p.customerId));
  return { token: p.token, customerId: p.customerId, user: row!.loginName };
}

/** Writes a player's responsible-gaming row as a rule would leave it (a session that outlived its login still meets the gate). */
async function setState(p: Player, patch: Partial<typeof rgPlayers.$inferInsert>) {
  await db().insert(rgPlayers).values({ customerId: p.customerId }).onConflictDoNothing();
  await db().update(rgPlayers).set(patch).where(eq(rgPlayers.customerId, p.customerId));
}

const switchTo = async (key: string, withdrawOnly: boolean) => {
  const response = await fetch(`${server.url}/dev/responsible-gaming/switch`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key, withdrawOnly }),
  });
  expect(response.status).toBe(200);
};

const vouchers = () => new VoucherService({ db: db(), events: server.app.playerEvents, clock: () => now });
async function voucher(kind: 'deposit' | 'promo', pesos: number): Promise<string> {
  const [code] = await vouchers().issue({ kind, amount: pesos * 100, count: 1, expiresAt: new Date(now + 30 * DAY) });
  return code!;
}

let games: GameEntry[] | undefined;
async function slotGame(): Promise<GameEntry> {
  if (!games) {
    const index = (await call<GameListIndex>(server, 'main', GameCall.queryGameList, {})).data;
    const seamless = new Set(index.platforms.filter((p) => p.wallet === 'seamless').map((p) => p.platformCode));
    games = [];
    for (const url of index.chunks) games.push(...((await (await fetch(`${server.url}${url}`)).json()) as GameEntry[]));
    games = games.filter((g) => seamless.has(g.platformCode));
  }
  return games.find((g) => g.category === GameCategory.Slot)!;
}

/** What an attempt answered: the envelope's code, or the wallet's Hub88 status for a casino round. */
type Attempt = (p: Player, pesos: number) => Promise<string>;
const coded = (answer: Answer) => (answer.code === '0' || answer.code === '0000' ? 'OK' : answer.code);

/** Every money path, each as a player would take it. */
const PATHS: Record<string, { attempt: Attempt; kind: 'deposit' | 'stake' | 'launch' | 'promotion'; channel?: string; category?: string }> =
  {
    'e-wallet deposit': {
      kind: 'deposit',
      channel: 'gcash',
      attempt: async (p, pesos) =>
        coded(
          await call(
            server,
            'main',
            'deposit/createOnlineOrder',
            { payType: 'gcash', channelId: 'paymongo-gcash', amount: pesos * 100 },
            { token: p.token, idempotencyKey: idempotencyKey() },
          ),
        ),
    },
    'bank deposit': {
      kind: 'deposit',
      channel: 'bank',
      attempt: async (p, pesos) =>
        coded(
          await call(
            server,
            'main',
            'deposit/createDeposit',
            { bankInfoId: 1, amount: pesos * 100 },
            { token: p.token, idempotencyKey: idempotencyKey() },
          ),
        ),
    },
    'store cash-in': {
      kind: 'deposit',
      channel: 'agent',
      attempt: async (p, pesos) =>
        coded(
          await call(
            server,
            'main',
            'deposit/depositByAgent',
            { amount: pesos * 100 },
            { token: p.token, idempotencyKey: idempotencyKey() },
          ),
        ),
    },
    'deposit voucher': {
      kind: 'deposit',
      channel: 'voucher',
      attempt: async (p, pesos) =>
        coded(
          await call(
            server,
            'main',
            'deposit/depositByVoucher',
            { voucherCode: await voucher('deposit', pesos) },
            { token: p.token, idempotencyKey: idempotencyKey() },
          ),
        ),
    },
    'single bet': {
      kind: 'stake',
      category: 'sports',
      attempt: async (p, pesos) => {
        const [pick] = openPicks(server.app.feed, { live: false, count: 1 });
        const answer = await call<PlacementResult>(server, 'tp', 'saba/sabaDoPlaceBetV2', singleBody(pick!, pesos), {
          token: p.token,
          idempotencyKey: idempotencyKey(),
        });
        return answer.code === '0' ? (answer.data.code === 0 ? 'OK' : `bet:${answer.data.code}`) : answer.code;
      },
    },
    parlay: {
      kind: 'stake',
      category: 'sports',
      attempt: async (p, pesos) => {
        const legs = openPicks(server.app.feed, { live: false, count: 2, filter: (m) => m.main && m.combo });
        const answer = await call<ParlayResult>(
          server,
          'tp',
          'sabaCombo/comboBetToSaba',
          parlayBody(legs, [{ combo_type: 'Doubles', stake: pesos }]),
          {
            token: p.token,
            idempotencyKey: idempotencyKey(),
          },
        );
        return answer.code === '0' ? (answer.data.code === 0 ? 'OK' : `bet:${answer.data.code}`) : answer.code;
      },
    },
    outright: {
      kind: 'stake',
      category: 'sports',
      attempt: async (p, pesos) => {
        const outright = server.app.feed.outrights('1')[0]!;
        const answer = await call<PlacementResult>(
          server,
          'tp',
          'saba/sabaPlaceOutrightBetV2',
          outrightBody(outright, outright.teams[0]!, pesos),
          {
            token: p.token,
            idempotencyKey: idempotencyKey(),
          },
        );
        return answer.code === '0' ? (answer.data.code === 0 ? 'OK' : `bet:${answer.data.code}`) : answer.code;
      },
    },
    'ending game': {
      kind: 'stake',
      category: 'sports',
      attempt: async (p, pesos) => {
        const [pick] = openPicks(server.app.feed, { live: false, count: 1 });
        const body = { oddsType: OddsType.Decimal, seamless: true, bets: [singleBody(pick!, pesos)] };
        return coded(await call(server, 'tp', 'saba/sabaDoBatchPlaceBet', body, { token: p.token, idempotencyKey: idempotencyKey() }));
      },
    },
    'into the sportsbook wallet': {
      kind: 'stake',
      category: 'sports',
      attempt: async (p, pesos) =>
        coded(
          await call(server, 'main', 'game/sabaInBalance', { amount: pesos * 100 }, { token: p.token, idempotencyKey: idempotencyKey() }),
        ),
    },
    'casino launch': {
      kind: 'launch',
      category: 'slots',
      attempt: async (p) =>
        coded(
          await call(
            server,
            'main',
            GameCall.launchGame,
            { gameId: (await slotGame()).gameId, platformCurrency: 'PHP' },
            { token: p.token },
          ),
        ),
    },
    'casino round': {
      kind: 'stake',
      category: 'slots',
      attempt: async (p, pesos) => {
        const session = await server.app.casinoWallet.openSession({
          customerId: p.customerId,
          gameCode: 'lucky-reels',
          platformCode: SEAMLESS,
          currency: 'PHP',
          gameId: 101,
          gameName: 'Lucky Reels',
          category: GameCategory.Slot,
        });
        const table = new Table(session.user, session.token, 'lucky-reels');
        const answer = await walletCall(server, 'bet', table.bet(randomUUID(), `r-${randomUUID()}`, pesos * 100));
        return answer.status === 'RS_OK' ? 'OK' : answer.status;
      },
    },
    'into a game platform': {
      kind: 'stake',
      attempt: async (p, pesos) =>
        coded(
          await call(
            server,
            'main',
            GameCall.transferIn,
            { platformCode: TRANSFER, amount: pesos * 100 },
            { token: p.token, idempotencyKey: idempotencyKey() },
          ),
        ),
    },
    'promotion claim': {
      kind: 'promotion',
      attempt: async (p) =>
        coded(
          await call(
            server,
            'main',
            'customer/receiveVoucher',
            { voucherCode: await voucher('promo', 50) },
            { token: p.token, idempotencyKey: idempotencyKey() },
          ),
        ),
    },
  };

/** Each rule: how a player comes under it, which paths it stops, and the refusal each answers. */
const RULES: {
  rule: string;
  arrange: (p: Player) => Promise<void>;
  stops: (path: (typeof PATHS)[string]) => boolean;
  code: string;
}[] = [
  { rule: 'a break', arrange: (p) => setState(p, { breakUntil: new Date(now + DAY) }), stops: () => true, code: GatewayCode.RgOnBreak },
  {
    rule: 'a self-exclusion',
    arrange: (p) => setState(p, { exclusionUntil: new Date(now + 180 * DAY), exclusionLockedUntil: new Date(now + 180 * DAY) }),
    stops: () => true,
    code: GatewayCode.RgSelfExcluded,
  },
  {
    rule: 'a restricted person',
    arrange: (p) => setState(p, { restrictedAt: new Date(now) }),
    stops: () => true,
    code: GatewayCode.RgRestricted,
  },
  { rule: 'a barred category', arrange: (p) => setState(p, { barredAt: new Date(now) }), stops: () => true, code: GatewayCode.RgBarred },
  {
    rule: 'a category switched off',
    arrange: (p) => setState(p, { categoriesOff: { sports: new Date(now + DAY).toISOString(), slots: new Date(now + DAY).toISOString() } }),
    stops: (path) => path.category !== undefined,
    code: GatewayCode.RgCategoryOff,
  },
  {
    rule: 'a daily deposit limit',
    arrange: async (p) => expect((await rg(p, RgCall.setLimit, { limit: 'depositDay', value: 15_000 })).code).toBe('0000'),
    stops: (path) => path.kind === 'deposit',
    code: GatewayCode.RgDepositLimit,
  },
  {
    rule: 'a daily loss limit',
    arrange: async (p) => expect((await rg(p, RgCall.setLimit, { limit: 'lossDay', value: 15_000 })).code).toBe('0000'),
    stops: (path) => path.kind === 'stake',
    code: GatewayCode.RgLossLimit,
  },
  {
    rule: 'the session time limit',
    arrange: (p) => setState(p, { sessionMinutes: 15, playStartedAt: new Date(now - 16 * 60_000) }),
    stops: (path) => path.kind === 'stake' || path.kind === 'launch',
    code: GatewayCode.RgSessionLimit,
  },
  {
    rule: 'a reality check due',
    arrange: (p) => setState(p, { realityMinutes: 15, playStartedAt: new Date(now - 20 * 60_000), realityDueAt: new Date(now - 1_000) }),
    stops: (path) => path.kind === 'stake' && path !== PATHS['into the sportsbook wallet'] && path !== PATHS['into a game platform'],
    code: GatewayCode.RgRealityCheck,
  },
  {
    rule: 'the kill switch',
    arrange: async () => {
      for (const channel of ['gcash', 'bank', 'agent', 'voucher']) await switchTo(`channel:${channel}`, true);
    },
    stops: (path) => path.kind === 'deposit',
    code: GatewayCode.RgWithdrawOnlyChannel,
  },
];

describe('the gate on every money path', () => {
  it('lets a player under no rule through every path (₱200 each)', async () => {
    const p = await player(5_000);
    for (const [name, path] of Object.entries(PATHS)) expect(`${name}: ${await path.attempt(p, 200)}`).toBe(`${name}: OK`);
  });

  for (const { rule, arrange, stops, code } of RULES) {
    it(`refuses ${rule} on the paths it governs, with its own code, moving nothing; the others go on`, async () => {
      const p = await player(5_000);
      await arrange(p);
      try {
        for (const [name, path] of Object.entries(PATHS)) {
          const before = await mainAccountBalance(server, p.customerId);
          const answer = await path.attempt(p, 200);
          const expected = !stops(path) ? 'OK' : name === 'casino round' ? 'RS_ERROR_USER_DISABLED' : code;
          expect(`${name}: ${answer}`).toBe(`${name}: ${expected}`);
          if (expected !== 'OK') expect(await mainAccountBalance(server, p.customerId)).toBe(before);
        }
      } finally {
        for (const channel of ['gcash', 'bank', 'agent', 'voucher']) await switchTo(`channel:${channel}`, false);
      }
    });
  }

  it('words a refusal for the player: the limit, what is left, when it resets, and the helpline', async () => {
    const p = await player(5_000);
    await rg(p, RgCall.setLimit, { limit: 'depositDay', value: 100_000 });
    expect(await PATHS['bank deposit']!.attempt(p, 400)).toBe('OK');
    const refused = await call(
      server,
      'main',
      'deposit/createDeposit',
      { bankInfoId: 1, amount: 150_000 },
      { token: p.token, idempotencyKey: idempotencyKey() },
    );
    expect(refused.code).toBe(GatewayCode.RgDepositLimit);
    expect(refused.message).toContain('Your daily deposit limit is ₱1,000.00.');
    expect(refused.message).toContain('You can deposit ₱600.00 more today, so this deposit of ₱1,500.00 cannot go through.');
    expect(refused.message).toMatch(/It resets at midnight \(\w{3} \d{1,2}, \d{4}, 00:00, Manila time\)\./);
    expect(refused.message).toContain(RG_HELPLINE);
  });
});

describe('limits', () => {
  it('lowers at once, raises only after 24 hours and a confirmation, and treats the same change twice as one', async () => {
    const p = await player(0);
    const set = (value: number | null) => rg(p, RgCall.setLimit, { limit: 'depositDay', value });
    const limitOf = (status: Status) => status.limits.find((l) => l.limit === 'depositDay')!;
    expect(limitOf((await set(500_000)).data)).toMatchObject({ value: 500_000, pending: null });
    expect(limitOf((await set(100_000)).data)).toMatchObject({ value: 100_000, pending: null });
    const raised = await set(300_000);
    expect(limitOf(raised.data)).toMatchObject({
      value: 100_000,
      pending: { value: 300_000, confirmableAt: new Date(now + DAY).toISOString() },
    });
    // Asked again: the same waiting change, its 24 hours not restarted.
    now += HOUR;
    expect(limitOf((await set(300_000)).data).pending?.confirmableAt).toBe(new Date(now - HOUR + DAY).toISOString());
    const early = await rg(p, RgCall.confirmChange, { limit: 'depositDay' });
    expect(early.code).toBe(GatewayCode.RgChangeNotYet);
    expect(early.message).toMatch(/You can confirm this change from/);
    expect(
      (
        await call(
          server,
          'main',
          'deposit/createDeposit',
          { bankInfoId: 1, amount: 200_000 },
          { token: p.token, idempotencyKey: idempotencyKey() },
        )
      ).code,
    ).toBe(GatewayCode.RgDepositLimit);
    now += 23 * HOUR;
    const confirmed = await rg(p, RgCall.confirmChange, { limit: 'depositDay' });
    expect(confirmed.code).toBe('0000');
    expect(limitOf(confirmed.data)).toMatchObject({ value: 300_000, pending: null });
    expect(await PATHS['bank deposit']!.attempt(p, 2_000)).toBe('OK');
    // Removing waits the same way; lowering meanwhile drops the removal.
    expect(limitOf((await set(null)).data).pending).toMatchObject({ value: null });
    expect(limitOf((await set(200_000)).data)).toMatchObject({ value: 200_000, pending: null });
    expect((await rg(p, RgCall.setLimit, { limit: 'depositDay', value: 99 })).code).toBe(GatewayCode.InvalidRequest);
    expect((await rg(p, RgCall.setLimit, { limit: 'depositDay', value: 150_000.5 })).code).toBe(GatewayCode.InvalidRequest);
    expect((await rg(p, RgCall.setLimit, { limit: 'sessionMinutes', value: 5 })).code).toBe(GatewayCode.InvalidRequest);
    const history = (await rg<{ list: { kind: string; value: number | null }[] }>(p, RgCall.history)).data.list.map(
      (h) => `${h.kind}:${h.value}`,
    );
    expect(history).toEqual([
      'limitSet:200000',
      'limitRequested:null',
      'limitApplied:300000',
      'limitRequested:300000',
      'limitSet:100000',
      'limitSet:500000',
    ]);
  });

  it('counts a loss limit from settled stakes and winnings, open stakes included', async () => {
    const p = await player(2_000);
    await rg(p, RgCall.setLimit, { limit: 'lossDay', value: 50_000 });
    const session = await server.app.casinoWallet.openSession({
      customerId: p.customerId,
      gameCode: 'lucky-reels',
      platformCode: SEAMLESS,
      currency: 'PHP',
      gameId: 101,
      gameName: 'Lucky Reels',
      category: GameCategory.Slot,
    });
    const table = new Table(session.user, session.token, 'lucky-reels');
    const bet = (amount: number, round: string) => walletCall(server, 'bet', table.bet(randomUUID(), round, amount));
    const first = randomUUID();
    expect((await walletCall(server, 'bet', table.bet(first, 'r1', 30_000))).status).toBe('RS_OK');
    // Open: ₱300 of ₱500 used; ₱300 more would pass it.
    expect((await bet(30_000, 'r2')).status).toBe('RS_ERROR_USER_DISABLED');
    expect((await walletCall(server, 'win', table.win(randomUUID(), first, 'r1', 20_000))).status).toBe('RS_OK');
    // Settled: ₱300 staked, ₱200 won back: ₱100 lost, so ₱400 is room.
    expect((await bet(30_000, 'r3')).status).toBe('RS_OK');
    expect((await bet(10_000, 'r4')).status).toBe('RS_OK');
    expect((await bet(1, 'r5')).status).toBe('RS_ERROR_USER_DISABLED');
    const loss = (await rg(p, RgCall.status)).data.limits.find((l) => l.limit === 'lossDay')!;
    expect(loss).toMatchObject({ value: 50_000, used: 50_000, left: 0 });
  });

  it('counts deposit days by Manila midnight and weeks as 7 rolling days; the lowest limit wins', async () => {
    const p = await player(0);
    await rg(p, RgCall.setLimit, { limit: 'depositDay', value: 100_000 });
    await rg(p, RgCall.setLimit, { limit: 'depositWeek', value: 150_000 });
    expect(await PATHS['bank deposit']!.attempt(p, 600)).toBe('OK');
    // That order was made a millisecond before today's Manila midnight: yesterday's, this week's.
    const midnight = windowStart('day', now);
    await db()
      .update(depositOrders)
      .set({ createdAt: new Date(midnight - 1) })
      .where(eq(depositOrders.customerId, p.customerId));
    expect(await PATHS['bank deposit']!.attempt(p, 900)).toBe('OK');
    // ₱1,500 in the week: the week's limit (₱0 left) is named before the day's (₱100 left).
    const week = await call(
      server,
      'main',
      'deposit/createDeposit',
      { bankInfoId: 1, amount: 10_000 },
      { token: p.token, idempotencyKey: idempotencyKey() },
    );
    expect(week.code).toBe(GatewayCode.RgDepositLimit);
    expect(week.message).toContain('Your 7-day deposit limit is ₱1,500.00.');
    // At midnight exactly, the first order is today's: ₱1,500 today, over the daily ₱1,000.
    await db()
      .update(depositOrders)
      .set({ createdAt: new Date(midnight) })
      .where(sql`${depositOrders.customerId} = ${p.customerId} and ${depositOrders.amount} = 60000`);
    const day = (await rg(p, RgCall.status)).data.limits.find((l) => l.limit === 'depositDay')!;
    expect(day).toMatchObject({ used: 150_000, left: 0, resetsAt: new Date(midnight + DAY).toISOString() });
    // Eight days back, both orders left the week: room again.
    await db()
      .update(depositOrders)
      .set({ createdAt: new Date(midnight - 8 * DAY) })
      .where(eq(depositOrders.customerId, p.customerId));
    expect(await PATHS['bank deposit']!.attempt(p, 1_000)).toBe('OK');
  });

  it('takes at most one of 20 racing ₱600 deposits under a ₱1,000 daily limit', async () => {
    const p = await player(0);
    await rg(p, RgCall.setLimit, { limit: 'depositDay', value: 100_000 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => PATHS['e-wallet deposit']!.attempt(p, 600)));
    expect(answers.filter((a) => a === 'OK').length).toBeLessThanOrEqual(1);
    expect(answers.filter((a) => a !== 'OK').every((a) => a === GatewayCode.RgDepositLimit)).toBe(true);
    const [row] = await db()
      .select({ total: sql<string>`coalesce(sum(${depositOrders.amount}), 0)` })
      .from(depositOrders)
      .where(eq(depositOrders.customerId, p.customerId));
    expect(Number(row!.total)).toBeLessThanOrEqual(100_000);
  });

  it('asks for a reality check after the chosen interval and takes the next bet once it is acknowledged', async () => {
    const p = await player(1_000);
    const set = await rg(p, RgCall.setReminders, { realityMinutes: 15, inactivityMinutes: null });
    expect(set.data.session?.realityDueAt).toBe(new Date(now + 15 * 60_000).toISOString());
    expect(await PATHS['single bet']!.attempt(p, 50)).toBe('OK');
    now += 15 * 60_000;
    expect(await PATHS['single bet']!.attempt(p, 50)).toBe(GatewayCode.RgRealityCheck);
    const status = (await rg(p, RgCall.status)).data;
    expect(status.session).toMatchObject({ net: -5_000 });
    const acknowledged = await rg(p, RgCall.acknowledgeRealityCheck);
    expect(acknowledged.data.session?.realityDueAt).toBe(new Date(now + 15 * 60_000).toISOString());
    expect(await PATHS['single bet']!.attempt(p, 50)).toBe('OK');
  });
});

describe('breaks and self-exclusion', () => {
  it('ends every session at once; a new login may only withdraw, and the withdrawal (and one already pending) goes through', async () => {
    const registered = await registerPlayer(server);
    const p = { token: registered.webToken.token, customerId: await internalId(server, registered.userInfo) };
    await fund(server, p.customerId, 300_000);
    await db()
      .update(customers)
      .set({ withdrawPasswordHash: await hashPassword('482915') })
      .where(eq(customers.id, p.customerId));
    const account = await call<{ account: { bankAccountId: number } }>(
      server,
      'main',
      'account/createBankAccount',
      { accountType: 11, accountNo: await encrypt(server, '09171234567'), accountName: 'Juan Dela Cruz' },
      { token: p.token },
    );
    const withdraw = async (token: string, amount: number) =>
      call<{ orderNo: string; status: string }>(
        server,
        'main',
        'withdraw/createWithdrawalRequest',
        { bankAccountId: account.data.account.bankAccountId, amount, withdrawPassword: await encrypt(server, '482915') },
        { token, idempotencyKey: idempotencyKey() },
      );
    const pending = await withdraw(p.token, 50_000);
    expect(pending.code).toBe('0000');
    const second = await loginWithPassword(server, registered.phone.typed, registered.password);

    const taken = await rg(p, RgCall.takeBreak, { period: '1d' });
    expect(taken.data.restriction).toMatchObject({ reason: 'break', until: new Date(now + DAY).toISOString() });
    for (const token of [p.token, second.data.webToken.token]) {
      const ended = await call(server, 'main', 'customer/getBalance', {}, { token });
      expect(ended.code).toBe(GatewayCode.RgSessionEnded);
      expect(ended.message).toMatch(/You started a break from play/);
    }
    const again = await loginWithPassword(server, registered.phone.typed, registered.password);
    expect(again.code).toBe('0000');
    const token = again.data.webToken.token;
    const refused = await call(
      server,
      'tp',
      'saba/sabaDoPlaceBetV2',
      singleBody(openPicks(server.app.feed, { live: false, count: 1 })[0]!, 50),
      {
        token,
        idempotencyKey: idempotencyKey(),
      },
    );
    expect(refused.code).toBe(GatewayCode.RgWithdrawOnlySession);
    expect(refused.message).toMatch(/This login can only withdraw, because you are on a break until/);
    expect((await call(server, 'main', 'message/list', { type: 1, pageNo: 1, pageSize: 20 }, { token })).code).toBe('0000');
    expect((await call(server, 'main', 'deposit/queryPayWays', {}, { token })).code).toBe(GatewayCode.RgWithdrawOnlySession);
    // The withdrawal page asks first what a withdrawal would forfeit of a bonus (the break forfeited it: nothing).
    const forfeit = await call<{ forfeit: number }>(server, 'main', 'promotion/withdrawalForfeit', {}, { token });
    expect(forfeit.code, forfeit.message).toBe('0000');
    expect(forfeit.data.forfeit).toBe(0);
    const out = await withdraw(token, 100_000);
    expect(out.code, out.message).toBe('0000');
    // The withdrawal made before the break goes on to be paid, as every payout does.
    for (let i = 0; i < 4; i++) {
      now += 60_000;
      await server.app.jobs.tick(now, ['payment-simulators', 'payment-webhook-inbox', 'withdrawal-payouts']);
    }
    const status = await call<{ status: string }>(
      server,
      'main',
      'transactionRecord/queryWithdrawalStatus',
      { orderNo: pending.data.orderNo },
      { token },
    );
    expect(status.data.status).toBe('paid');
    // A day later the break is over: a new login plays again.
    now += DAY;
    const after = await loginWithPassword(server, registered.phone.typed, registered.password);
    expect(await PATHS['single bet']!.attempt({ ...p, token: after.data.webToken.token, user: '' }, 20)).toBe('OK');
  });

  it('forfeits an active bonus in the transaction that starts the break, and the history says how much', async () => {
    const p = await player(100);
    await db().transaction(async (tx) => {
      await post(tx, {
        kind: 'bonus_grant',
        customerId: p.customerId,
        reference: `test-bonus-${p.customerId}`,
        entries: [
          { accountId: await houseAccountId(tx, HOUSE.bonus), amount: -30_000 },
          { accountId: await walletAccountId(tx, p.customerId, 'bonus'), amount: 30_000 },
        ],
      });
    });
    const bonus = async (token: string) =>
      (await call<{ bonusBalance: number }>(server, 'main', 'customer/getBonusBalanceV2', {}, { token })).data.bonusBalance;
    expect(await bonus(p.token)).toBe(30_000);
    await rg(p, RgCall.takeBreak, { period: '1w' });
    const session = { ...p, token: (await quickCustomerSession(p.customerId)).token };
    expect(await bonus(session.token)).toBe(0);
    // The player's own money stays, withdrawable.
    expect(await mainAccountBalance(server, p.customerId)).toBe(10_000);
    const history = await rg<{ list: { kind: string; value: number | null }[] }>(session, RgCall.history, { pageNo: 1 });
    expect(history.data.list.slice(0, 2)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'bonusForfeited', value: 30_000 }),
        expect.objectContaining({ kind: 'breakStarted' }),
      ]),
    );
  });

  it('keeps a self-exclusion for at least its first 6 months, extends it, and lifts it itself at its end', async () => {
    const p = await player(100);
    const started = await rg(p, RgCall.selfExclude, { period: '1y' });
    const restriction = started.data.restriction!;
    expect(restriction.reason).toBe('exclusion');
    const relogin = async () => {
      const token = (await quickCustomerSession(p.customerId)).token;
      return { ...p, token };
    };
    let session = await relogin();
    // Nobody ends it in its first 6 months: not the player, and the server has no other way.
    const locked = await rg(session, RgCall.endExclusion);
    expect(locked.code).toBe(GatewayCode.RgExclusionLocked);
    expect(locked.message).toMatch(/its first 6 months cannot be reversed, by you or by our support/);
    // Extended by 6 months from its end.
    const extended = await rg(session, RgCall.selfExclude, { period: '6m' });
    expect(Date.parse(extended.data.restriction!.until!)).toBeGreaterThan(Date.parse(restriction.until!) + 150 * DAY);
    now += 200 * DAY;
    session = await relogin();
    const asked = await rg(session, RgCall.endExclusion);
    expect(asked.code).toBe('0000');
    expect(asked.data.restriction?.endConfirmableAt).toBe(new Date(now + DAY).toISOString());
    expect((await rg(session, RgCall.confirmChange, { limit: 'exclusion' })).code).toBe(GatewayCode.RgChangeNotYet);
    expect((await rg(session, RgCall.cancelChange, { limit: 'exclusion' })).code).toBe('0000');
    // Left alone, it ends by itself at its end (a year and six months on).
    now += 400 * DAY;
    session = await relogin();
    expect((await rg(session, RgCall.status)).data.restriction).toBeNull();
    await db().transaction((tx) => server.app.responsibleGaming.gate(tx, { customerId: p.customerId, action: 'bet', amount: 2_000 }));
  });
});

/** A session made the way login makes one (its scope decided by responsible gaming). */
async function quickCustomerSession(customerId: number): Promise<{ token: string }> {
  const scope = await server.app.responsibleGaming.atLogin(customerId);
  const policy = { idleMs: server.config.sessionIdleMs, maxMs: server.config.sessionMaxMs, events: server.app.playerEvents };
  const request = { ip: '127.0.0.1', headers: {} } as never;
  return { token: (await createSession(db(), policy, customerId, request, scope)).webToken.token };
}

describe('the restricted-persons check', () => {
  const list = async (listing: Record<string, unknown>) => {
    const response = await fetch(`${server.url}/sim/ndrp/listings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(listing),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { listingNo: string }).listingNo;
  };

  it('refuses to open an account for a person listed by mobile number and birthday', async () => {
    const mobile = `0917${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;
    await list({ kind: 'family', firstName: 'Pedro', lastName: 'Penduko', birthday: '1990-01-02', mobile });
    const e164 = `+63${mobile.slice(1)}`;
    await call(server, 'main', 'phone/sendCode', {
      phone: await encrypt(server, mobile),
      purpose: 'register',
      captchaToken: await captcha(server),
    });
    const refused = await call(server, 'main', 'userAuth/registerV2', {
      phone: await encrypt(server, mobile),
      code: await lastCode(server, e164),
      password: await encrypt(server, 'Secret123'),
      birthday: '1990-01-02',
      agree: true,
    });
    expect(refused.code).toBe(GatewayCode.RgRestricted);
    expect(refused.message).toMatch(/National Database of Restricted Persons/);
    expect(await db().select().from(customers).where(eq(customers.mobileNo, e164))).toHaveLength(0);
  });

  it('finds a listed player in the nightly screening: play stops, sessions end, winnings are held, own money stays withdrawable', async () => {
    const p = await player(0);
    // ₱1,000 deposited, then ₱2,500 won: ₱3,500 in the wallet, ₱1,000 of it the player's own.
    await fund(server, p.customerId, 100_000);
    await db().transaction(async (tx) => {
      await post(tx, {
        kind: 'casino_win',
        customerId: p.customerId,
        reference: `test-win-${p.customerId}`,
        entries: [
          { accountId: await houseAccountId(tx, HOUSE.casino), amount: -250_000 },
          { accountId: await walletAccountId(tx, p.customerId, 'main'), amount: 250_000 },
        ],
      });
    });
    await db().update(customers).set({ realName: 'Maria Clara Santos', birthday: '1988-08-08' }).where(eq(customers.id, p.customerId));
    await list({ kind: 'self', firstName: 'Maria', lastName: 'Santos', birthday: '1988-08-08' });
    // 03:30 Manila (of a day no other test ran it): the screening runs once that day, whichever instance asks first.
    const manila330 = windowStart('day', now) + 10 * DAY + 3.5 * HOUR;
    const results = await server.app.jobs.tick(manila330, ['rg-screening']);
    expect(results['rg-screening']).toMatchObject({ matched: expect.any(Number) });
    expect((await server.app.jobs.tick(manila330 + 60_000, ['rg-screening']))['rg-screening']).toBeUndefined();
    expect((await call(server, 'main', 'customer/getBalance', {}, { token: p.token })).code).toBe(GatewayCode.RgSessionEnded);
    expect(await mainAccountBalance(server, p.customerId)).toBe(100_000);
    const [held] = await db().select().from(ledgerAccounts).where(eq(ledgerAccounts.kind, HOUSE.rgReview));
    expect(held!.balance).toBeGreaterThanOrEqual(250_000);
    const session = { ...p, token: (await quickCustomerSession(p.customerId)).token };
    expect((await rg(session, RgCall.status)).data.restriction).toMatchObject({ reason: 'restricted' });
    expect(await PATHS['bank deposit']!.attempt(session, 100)).toBe(GatewayCode.RgWithdrawOnlySession);
    // The operator's review: a wrong match gives the winnings back and lifts the restriction.
    const [restriction] = await server.app.responsibleGaming.service.restrictionsInReview();
    expect(restriction).toMatchObject({ customerId: p.customerId, heldAmount: 250_000, matchedOn: ['name', 'birthday'] });
    await server.app.responsibleGaming.service.review(restriction!.id, 'release', 'test');
    expect(await mainAccountBalance(server, p.customerId)).toBe(350_000);
  });

  it('takes a family exclusion request from the public form and files it with the registry', async () => {
    const filed = await call<{ requestNo: string }>(server, 'main', RgCall.familyExclusion, {
      relation: 'spouse',
      requesterName: 'Ana Cruz',
      requesterContact: '0917 555 0000',
      person: { firstName: 'Jose', lastName: 'Cruz', birthday: '1980-05-05', mobile: '0917 111 2222' },
      reason: 'He cannot stop.',
    });
    expect(filed.code).toBe('0000');
    expect(filed.data.requestNo).toMatch(/^FX-/);
    const desk = await (await fetch(`${server.url}/sim/ndrp`)).text();
    expect(desk).toContain(filed.data.requestNo);
  });
});

describe('the operator’s kill switch', () => {
  it('puts one channel in withdraw-only mode: deposits through it refused, others and withdrawals go on', async () => {
    const p = await player(1_000);
    await switchTo('channel:gcash', true);
    try {
      const refused = await call(
        server,
        'main',
        'deposit/createOnlineOrder',
        { payType: 'gcash', channelId: 'paymongo-gcash', amount: 20_000 },
        { token: p.token, idempotencyKey: idempotencyKey() },
      );
      expect(refused.code).toBe(GatewayCode.RgWithdrawOnlyChannel);
      expect(refused.message).toMatch(/takes withdrawals only right now/);
      expect(await PATHS['bank deposit']!.attempt(p, 200)).toBe('OK');
    } finally {
      await switchTo('channel:gcash', false);
    }
    expect(await PATHS['e-wallet deposit']!.attempt(p, 200)).toBe('OK');
  });
});

describe('the session-time limit and inactivity', () => {
  it('logs a player out when the session time limit passes, and after the inactivity they chose', async () => {
    const p = await player(100);
    await rg(p, RgCall.setLimit, { limit: 'sessionMinutes', value: 30 });
    await setState(p, { playStartedAt: new Date(now - 31 * 60_000) });
    await server.app.jobs.tick(now, ['rg-sessions']);
    const ended = await call(server, 'main', 'customer/getBalance', {}, { token: p.token });
    expect(ended).toMatchObject({ code: GatewayCode.RgSessionEnded, message: expect.stringMatching(/session time limit/) });

    const q = await player(100);
    await rg(q, RgCall.setReminders, { realityMinutes: null, inactivityMinutes: 5 });
    await db().execute(sql`update ${sessions} set last_seen_at = now() - interval '6 minutes' where customer_id = ${q.customerId}`);
    await server.app.jobs.tick(now, ['rg-sessions']);
    expect((await call(server, 'main', 'customer/getBalance', {}, { token: q.token })).message).toMatch(/inactivity/);
  });
});
