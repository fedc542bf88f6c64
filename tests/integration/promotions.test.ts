import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withdrawConfig } from '../../server/config';
import { betTickets, bonusContributions, bonusGrants, ledgerTransactions } from '../../server/db/schema';
import { HOUSE, houseAccountId, ledgerTotal, post } from '../../server/modules/wallet/ledger';
import type { PromotionListAnswer } from '../../src/contract/answers/promotions';
import { BetCode, type PlacementResult } from '../../src/contract/betting';
import { GatewayCode } from '../../src/contract/errorCodes';
import type { OfferTerms } from '../../src/contract/promotions';
import { type Pick, openPicks, singleBody } from './bodies';
import { call, encrypt, fund, idempotencyKey, quickCustomer } from './player';
import { type TestServer, secondInstance, startServer } from './server';
import { WITHDRAW_PASSWORD, readyToWithdraw } from './withdrawing';

/**
 * The bonus wallet (issue 35) through the calls a player makes: opting in, stakes paid cash first then
 * bonus, wins back in the stake's proportion, wagering from settled stakes (weighted, truncated,
 * unmatched 0 %), the max bet inside the placement, conversion with the max-win cap as a forfeit,
 * leaving (cash kept), the expiry job, the withdrawal's forfeit confirmation, and the ledger at zero
 * after every test.
 */

let server: TestServer;
// The server's clock starts at the real time: a deposit's time is the database's own (as in production).
let now = Date.now();
const DAY = 86_400_000;

beforeAll(async () => {
  server = await startServer({ withdraw: withdrawConfig({ WITHDRAW_TURNOVER_PERCENT: '0' }) }, undefined, {
    clock: () => now,
    ipCallsPerMinute: 100_000,
    accountCallsPerMinute: 10_000,
  });
});

afterAll(async () => {
  await server.close();
});

afterEach(async () => {
  await server.app.bets.idle();
  expect(await ledgerTotal(server.database.db)).toEqual({ entries: 0, balances: 0 });
});

const db = () => server.database.db;

/** A test offer (the catalogue is edited as the operator does, through /dev/offers). */
async function offer(id: string, terms: Partial<OfferTerms> = {}): Promise<void> {
  const full: OfferTerms = {
    title: `Test offer ${id}`,
    summary: 'A test offer.',
    kind: 'firstDeposit',
    vertical: 'sports',
    percent: 100,
    maxBonus: 100_000,
    minDeposit: 1_000,
    multiple: 5,
    contribution: { category: { single: 100 }, default: 0 },
    maxBet: 5_000,
    maxWin: 500_000,
    days: 7,
    claimDays: 7,
    ...terms,
  };
  const response = await fetch(`${server.url}/dev/offers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id, terms: full, active: true }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function newPlayer(deposit: number) {
  const player = await quickCustomer(server);
  await fund(server, player.customerId, deposit);
  return player;
}

const list = (token: string) => call<PromotionListAnswer>(server, 'main', 'promotion/list', {}, { token });
const optIn = (token: string, offerId: string, key = idempotencyKey()) =>
  call<{ grantId: number }>(server, 'main', 'promotion/optIn', { offerId }, { token, idempotencyKey: key });
const place = (token: string, body: unknown, key = idempotencyKey()) =>
  call<PlacementResult>(server, 'tp', 'saba/sabaDoPlaceBetV2', body, { token, idempotencyKey: key });
const grantOf = async (token: string) => (await list(token)).data.grants[0]!;

/** Finishes a match at once and waits for its bets to settle. */
async function settle(matchId: string) {
  expect((await fetch(`${server.url}/dev/feed/settle/${matchId}`, { method: 'POST' })).status).toBe(200);
  await server.app.bets.idle();
}

/** The selections of one open pre-match 1X2-like market (three outcomes: exactly one wins). */
function threeWay(exclude: Set<string>): Pick[] {
  const [pick] = openPicks(server.app.feed, {
    live: false,
    count: 1,
    exclude,
    filter: (market) => market.selections.length === 3 && market.selections.every((s) => s.price > 1),
  });
  if (!pick) throw new Error('no three-way market');
  return pick.market.selections.map((selection) => ({ ...pick, key: selection.key, price: selection.price }));
}

const used = new Set<string>();

describe('opting in', () => {
  it('shows every material term in plain words before opting in, grants once however often it is asked, and keeps cash and bonus apart', async () => {
    await offer('optin-a', { maxBet: 5_000, multiple: 5 });
    const player = await newPlayer(20_000);
    const before = await list(player.token);
    const shown = before.data.offers.find((o) => o.id === 'optin-a')!;
    expect(shown.refusal).toBeNull();
    expect(shown.bonus).toBe(20_000);
    expect(shown.terms.join(' ')).toContain('Max bet while your bonus is active is ₱50');
    expect(shown.terms.join(' ')).toContain('5 times the bonus');
    expect(shown.terms.join(' ')).toContain('you keep all your cash');

    // The same key twice, and a second key racing: one grant, one ledger entry.
    const key = idempotencyKey();
    const answers = await Promise.all([
      optIn(player.token, 'optin-a', key),
      optIn(player.token, 'optin-a', key),
      optIn(player.token, 'optin-a'),
    ]);
    const granted = answers.filter((a) => a.code === '0000');
    expect(granted.length).toBeGreaterThanOrEqual(2);
    expect(new Set(granted.map((a) => a.data.grantId)).size).toBe(1);
    const refused = answers.find((a) => a.code !== '0000');
    if (refused) expect(refused.message).toMatch(/already took/);
    const grants = await db().select().from(bonusGrants).where(eq(bonusGrants.customerId, player.customerId));
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ amount: 20_000, wageringRequired: 100_000, maxBet: 5_000 });
    const postings = await db()
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, `grant:${grants[0]!.id}`));
    expect(postings).toHaveLength(1);

    const after = await list(player.token);
    expect(after.data).toMatchObject({ cash: 20_000, bonus: 20_000 });
    const balances = await call<{ balance: number; bonusBalance: number }>(
      server,
      'main',
      'customer/getBalanceV3',
      {},
      { token: player.token },
    );
    expect(balances.data).toMatchObject({ balance: 20_000, bonusBalance: 20_000 });
    const bonus = await call<{ bonusBalance: number }>(server, 'main', 'customer/getBonusBalanceV2', {}, { token: player.token });
    expect(bonus.data.bonusBalance).toBe(20_000);
    const game = await call<{ gameBonusBalance: number }>(server, 'main', 'customer/gameBonusBalance', {}, { token: player.token });
    expect(game.data.gameBonusBalance).toBe(20_000);
  });

  it('refuses with the reason: no deposit yet, under the minimum, the claim window passed, a second first-deposit offer, an offer that ended', async () => {
    await offer('elig-a', { minDeposit: 50_000 });
    await offer('elig-b', { claimDays: 1 });
    await offer('elig-c');
    const fresh = await quickCustomer(server);
    expect((await optIn(fresh.token, 'elig-c')).message).toBe('Make your first deposit to take this offer.');
    const small = await newPlayer(10_000);
    expect((await optIn(small.token, 'elig-a')).message).toBe('Your deposit was under the ₱500 this offer needs.');
    now += 2 * DAY;
    expect((await optIn(small.token, 'elig-b')).message).toMatch(/within 1 days of your deposit; that time has passed/);
    now -= 2 * DAY;
    expect((await optIn(small.token, 'elig-c')).code).toBe('0000');
    const second = await optIn(small.token, 'elig-b');
    expect(second.code).toBe(GatewayCode.PromotionRefused);
    expect(second.message).toBe('You already took a first-deposit offer.');
    expect((await optIn(small.token, 'no-such-offer')).message).toBe('This offer has ended.');
    // A later edit of the offer changes nothing the player holds.
    await offer('elig-c', { maxBet: 100_000, multiple: 1 });
    expect(await grantOf(small.token)).toMatchObject({ maxBet: 5_000, required: 50_000 });
  });

  it('refuses a player on a break (the responsible-gaming gate) and forfeits what they held when play stopped', async () => {
    await offer('rg-a');
    const player = await newPlayer(10_000);
    expect((await optIn(player.token, 'rg-a')).code).toBe('0000');
    const took = await call(server, 'main', 'responsibleGaming/takeBreak', { period: '1d' }, { token: player.token });
    expect(took.code, took.message).toBe('0000');
    const [grant] = await db().select().from(bonusGrants).where(eq(bonusGrants.customerId, player.customerId));
    expect(grant).toMatchObject({ status: 'forfeited', endReason: 'excluded', forfeited: 10_000 });
  });
});

describe('stakes and wins', () => {
  it('pays a stake from cash first, then bonus; a win goes back in the stake’s proportion; the max bet is refused with its own code inside the placement', async () => {
    await offer('stake-a', { maxBet: 3_000, contribution: { category: { single: 100 }, default: 0 } });
    const picks = threeWay(used);
    used.add(picks[0]!.match.matchId);
    const players = await Promise.all(picks.map(() => newPlayer(2_000)));
    for (const player of players) expect((await optIn(player.token, 'stake-a')).code).toBe('0000');

    // Above the max bet: its own code and words, never "insufficient balance"; nothing moves.
    const over = await place(players[0]!.token, singleBody(picks[0]!, 31));
    expect(over.data).toMatchObject({ code: BetCode.BonusMaxBet, message: 'Max bet while your bonus is active is ₱30.' });
    expect((await list(players[0]!.token)).data).toMatchObject({ cash: 2_000, bonus: 2_000 });

    // ₱30 each: ₱20 cash, then ₱10 bonus; the same key twice is one bet, one debit.
    const keys = players.map(() => idempotencyKey());
    for (const [i, player] of players.entries()) {
      const first = await place(player.token, singleBody(picks[i]!, 30), keys[i]);
      expect(first.data.code, first.data.message).toBe(BetCode.Ok);
      const again = await place(player.token, singleBody(picks[i]!, 30), keys[i]);
      expect(again.data).toEqual(first.data);
      expect((await list(player.token)).data).toMatchObject({ cash: 0, bonus: 1_000 });
    }
    await settle(picks[0]!.match.matchId);
    let paid = 0;
    for (const player of players) {
      const [ticket] = await db().select().from(betTickets).where(eq(betTickets.customerId, player.customerId));
      const share = Math.floor((ticket!.payout * 1_000) / 3_000);
      paid += ticket!.payout;
      const now = (await list(player.token)).data;
      expect(now.cash).toBe(ticket!.payout - share);
      expect(now.grants[0]!.balance + now.grants[0]!.converted + now.grants[0]!.forfeited).toBe(1_000 + share);
      // A played stake counts 100 % (single); a void one would not.
      expect(now.grants[0]!.wagered).toBe(['won', 'lost', 'halfWon', 'halfLost'].includes(ticket!.status) ? 3_000 : 0);
    }
    expect(paid).toBeGreaterThan(0);
  });
});

describe('wagering', () => {
  it('counts settled stakes weighted by game → category → product → default, truncated, unmatched at 0 %, once per reference', async () => {
    await offer('weights', {
      vertical: 'casino',
      multiple: 10,
      contribution: { game: { 'slot-7': 50 }, category: { slots: 33 }, product: { casino: 20 }, default: 0 },
    });
    const player = await newPlayer(10_000);
    expect((await optIn(player.token, 'weights')).code).toBe('0000');
    const counted = async (reference: string, stake: number, on: { product: string; category?: string; game?: string }) => {
      await db().transaction((tx) =>
        server.app.promotions.settled(tx, {
          customerId: player.customerId,
          reference,
          stake,
          payout: 0,
          counts: true,
          placedAt: new Date(now),
          on,
          vertical: 'casino',
        }),
      );
      return (await grantOf(player.token)).wagered;
    };
    expect(await counted('round:1', 3_333, { product: 'casino', category: 'slots', game: 'slot-7' })).toBe(1_666); // 50 % of 33.33, truncated
    expect(await counted('round:2', 3_333, { product: 'casino', category: 'slots', game: 'other' })).toBe(1_666 + 1_099); // 33 %: 1,099.89 → 1,099
    expect(await counted('round:3', 3_333, { product: 'casino', category: 'table' })).toBe(2_765 + 666); // product 20 %: 666.6 → 666
    expect(await counted('round:4', 3_333, { product: 'arcade' })).toBe(3_431); // unmatched: 0 %
    expect(await counted('round:1', 3_333, { product: 'casino', category: 'slots', game: 'slot-7' })).toBe(3_431); // replayed: once
    const rows = await db().select().from(bonusContributions);
    expect(rows.filter((row) => row.reference === 'round:4')[0]).toMatchObject({ percent: 0, weighted: 0 });
  });

  it('converts when wagering completes, the max-win cap written as a forfeit entry', async () => {
    await offer('convert', { vertical: 'casino', multiple: 1, maxWin: 5_000, contribution: { default: 100 } });
    const player = await newPlayer(10_000);
    const { data } = await optIn(player.token, 'convert');
    const [grant] = await db().select().from(bonusGrants).where(eq(bonusGrants.id, data.grantId));
    // The grant won: its account holds ₱100 bonus plus ₱50 won (as a settled bonus-funded win would).
    await db().transaction(async (tx) => {
      await post(tx, {
        kind: 'test_bonus_win',
        customerId: player.customerId,
        entries: [
          { accountId: await houseAccountId(tx, HOUSE.casino), amount: -5_000 },
          { accountId: grant!.accountId, amount: 5_000 },
        ],
      });
      await server.app.promotions.settled(tx, {
        customerId: player.customerId,
        reference: 'round:c1',
        stake: 10_000,
        payout: 0,
        counts: true,
        placedAt: new Date(now),
        on: { product: 'casino' },
        vertical: 'casino',
      });
    });
    const after = await grantOf(player.token);
    expect(after).toMatchObject({ status: 'converted', converted: 5_000, forfeited: 10_000, balance: 0 });
    expect((await list(player.token)).data).toMatchObject({ cash: 15_000, bonus: 0 });
    const forfeits = await db()
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, `grant:${data.grantId}:max-win`));
    expect(forfeits).toHaveLength(1);
    expect(forfeits[0]!.kind).toBe('bonus_forfeit');
  });
});

describe('ending a bonus', () => {
  it('leaving keeps all cash and forfeits the bonus, once per key', async () => {
    await offer('leave-a');
    const player = await newPlayer(15_000);
    const { data } = await optIn(player.token, 'leave-a');
    const key = idempotencyKey();
    const left = await call<{ forfeited: number; cash: number }>(
      server,
      'main',
      'promotion/leave',
      { grantId: data.grantId },
      { token: player.token, idempotencyKey: key },
    );
    expect(left.data).toEqual({ grantId: data.grantId, forfeited: 15_000, cash: 15_000 });
    const again = await call(server, 'main', 'promotion/leave', { grantId: data.grantId }, { token: player.token, idempotencyKey: key });
    expect(again.data).toEqual(left.data);
    const other = await call(
      server,
      'main',
      'promotion/leave',
      { grantId: data.grantId },
      { token: player.token, idempotencyKey: idempotencyKey() },
    );
    expect(other.message).toBe('This bonus has already ended.');
    expect((await list(player.token)).data).toMatchObject({ cash: 15_000, bonus: 0 });
  });

  it('another player cannot leave my bonus', async () => {
    await offer('leave-b');
    const mine = await newPlayer(10_000);
    const thief = await newPlayer(10_000);
    const { data } = await optIn(mine.token, 'leave-b');
    const tried = await call(
      server,
      'main',
      'promotion/leave',
      { grantId: data.grantId },
      { token: thief.token, idempotencyKey: idempotencyKey() },
    );
    expect(tried.message).toBe('This bonus is not yours.');
    expect((await grantOf(mine.token)).status).toBe('active');
  });

  it('the expiry job forfeits grants past their time, once, on whichever instance leads', async () => {
    await offer('expire-a', { days: 1 });
    const player = await newPlayer(10_000);
    expect((await optIn(player.token, 'expire-a')).code).toBe('0000');
    const second = await secondInstance(server, { clock: () => now });
    try {
      now += DAY + 1;
      const [a, b] = await Promise.all([server.app.promotions.expire(now), second.app.promotions.expire(now)]);
      expect(a + b).toBeGreaterThanOrEqual(1);
      expect(await grantOf(player.token)).toMatchObject({ status: 'forfeited', endReason: 'expired', forfeited: 10_000, balance: 0 });
      const forfeits = await db().select().from(ledgerTransactions).where(eq(ledgerTransactions.kind, 'bonus_forfeit'));
      expect(forfeits.filter((row) => row.customerId === player.customerId)).toHaveLength(1);
    } finally {
      now -= DAY + 1;
      await second.close();
    }
  });

  it('a withdrawal while a bonus is active first names the exact forfeit, then forfeits it once confirmed; cash is withdrawn whole', async () => {
    await offer('withdraw-a');
    const player = await readyToWithdraw(server, 500);
    expect((await optIn(player.token, 'withdraw-a')).code).toBe('0000');
    const preview = await call<{ forfeit: number }>(server, 'main', 'promotion/withdrawalForfeit', {}, { token: player.token });
    expect(preview.data.forfeit).toBe(50_000);
    const body = async (extra: Record<string, unknown> = {}) => ({
      bankAccountId: player.bankAccountId,
      amount: 20_000,
      withdrawPassword: await encrypt(server, WITHDRAW_PASSWORD),
      ...extra,
    });
    const key = idempotencyKey();
    const asked = await call<{ forfeit: number }>(server, 'main', 'withdraw/createWithdrawalRequest', await body(), {
      token: player.token,
      idempotencyKey: key,
    });
    expect(asked.code).toBe(GatewayCode.BonusForfeitConfirm);
    expect(asked.message).toContain('forfeits your active bonus of ₱500');
    expect(asked.data).toEqual({ forfeit: 50_000 });
    expect((await list(player.token)).data).toMatchObject({ cash: 50_000, bonus: 50_000 });
    // A wrong figure is asked again; the exact one withdraws.
    const wrong = await call(server, 'main', 'withdraw/createWithdrawalRequest', await body({ forfeitBonus: 1 }), {
      token: player.token,
      idempotencyKey: idempotencyKey(),
    });
    expect(wrong.code).toBe(GatewayCode.BonusForfeitConfirm);
    const done = await call(server, 'main', 'withdraw/createWithdrawalRequest', await body({ forfeitBonus: 50_000 }), {
      token: player.token,
      idempotencyKey: key,
    });
    expect(done.code, done.message).toBe('0000');
    expect((await list(player.token)).data).toMatchObject({ cash: 30_000, bonus: 0 });
    expect(await grantOf(player.token)).toMatchObject({ status: 'forfeited', endReason: 'withdrawal', forfeited: 50_000 });
  });
});

describe('daily rebates', () => {
  it('are computed once a day across two instances from settled valid turnover, claimed once by 20 racing claims, and refused once expired', async () => {
    const picks = threeWay(used);
    used.add(picks[0]!.match.matchId);
    const pick = picks.find((p) => p.price >= 1.5) ?? picks[0]!;
    const racer = await newPlayer(100_000);
    const late = await newPlayer(100_000);
    for (const player of [racer, late]) expect((await place(player.token, singleBody(pick, 100))).data.code).toBe(BetCode.Ok);
    await settle(pick.match.matchId);
    const [ticket] = await db().select().from(betTickets).where(eq(betTickets.customerId, racer.customerId));
    const counts = ['won', 'lost', 'halfWon', 'halfLost'].includes(ticket!.status);

    // Tomorrow (Manila), the leader's job computes today's rebates; a second instance running it too computes nothing more.
    const second = await secondInstance(server, { clock: () => now });
    const tomorrow = Date.now() + DAY;
    const written = await Promise.all([server.app.rebates.compute(tomorrow), second.app.rebates.compute(tomorrow)]);
    await second.close();
    expect(written.filter((n) => n > 0)).toHaveLength(1);
    const listed = await call<{ list: { amount: number; turnover: number; status: string; vertical: string }[] }>(
      server,
      'main',
      'activity/dailyRebates',
      {},
      { token: racer.token },
    );
    if (!counts) {
      expect(listed.data.list).toEqual([]);
      return;
    }
    // 0.5 % of ₱100 of sports turnover.
    expect(listed.data.list).toEqual([expect.objectContaining({ vertical: 'sports', turnover: 10_000, amount: 50, status: 'available' })]);

    const before = (await list(racer.token)).data.cash;
    const claims = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call<{ amount: number }>(
          server,
          'main',
          i % 2 ? 'coupon/claimRebates' : 'activity/claim-dailyrebates',
          {},
          {
            token: racer.token,
            idempotencyKey: idempotencyKey(),
          },
        ),
      ),
    );
    const paid = claims.filter((claim) => claim.code === '0000');
    expect(paid).toHaveLength(1);
    expect(paid[0]!.data.amount).toBe(50);
    for (const refused of claims.filter((claim) => claim.code !== '0000')) {
      expect(refused.message).toBe('Nothing to claim: your rebates are already claimed, or none is due yet.');
    }
    expect((await list(racer.token)).data.cash).toBe(before + 50);
    const rebatePostings = await db().select().from(ledgerTransactions).where(eq(ledgerTransactions.kind, 'rebate'));
    expect(rebatePostings.filter((row) => row.customerId === racer.customerId)).toHaveLength(1);

    // The other player waits past the 3 days: refused, with the reason.
    const saved = now;
    now = tomorrow + 4 * DAY;
    try {
      const expired = await call(server, 'main', 'coupon/claimRebates', {}, { token: late.token, idempotencyKey: idempotencyKey() });
      expect(expired.message).toBe('Your rebate expired: rebates can be claimed for 3 days.');
    } finally {
      now = saved;
    }
  });
});
