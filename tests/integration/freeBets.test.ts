import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { betTickets, freeBets } from '../../server/db/schema';
import { ledgerTotal } from '../../server/modules/wallet/ledger';
import type { PromotionListAnswer } from '../../src/contract/answers/promotions';
import { BetCode, type PlacementResult } from '../../src/contract/betting';
import type { FreeBetTerms } from '../../src/contract/promotions';
import { type Pick, openPicks, singleBody } from './bodies';
import { call, fund, idempotencyKey, quickCustomer } from './player';
import { type TestServer, secondInstance, startServer } from './server';

/**
 * Free bets and the seeded reload offers (issue 35): a free bet offer taken after a qualifying deposit
 * gives a token; the token pays a sports single's whole stake through the real betting path, its rules
 * (the player's, unused, unexpired, its exact amount, odds at its floor) checked in the bet's
 * transaction with the token locked, so two bets racing for it on two instances use it once; a win pays
 * the winnings and not the stake; a loss costs the player nothing; a free bet earns no rebate.
 */

let server: TestServer;
let second: TestServer;

beforeAll(async () => {
  const options = { ipCallsPerMinute: 100_000, accountCallsPerMinute: 10_000 };
  server = await startServer({}, undefined, options);
  second = await secondInstance(server, options);
});

afterAll(async () => {
  await second.close();
  await server.close();
});

afterEach(async () => {
  await server.app.bets.idle();
  expect(await ledgerTotal(server.database.db)).toEqual({ entries: 0, balances: 0 });
});

const db = () => server.database.db;

async function freeBetOffer(id: string, terms: Partial<FreeBetTerms> = {}): Promise<void> {
  const full: FreeBetTerms = {
    kind: 'freeBet',
    title: `Free bet ${id}`,
    summary: 'A ₱100 free bet.',
    amount: 10_000,
    minOddsHundredths: 101,
    minDeposit: 10_000,
    days: 7,
    claimDays: 3,
    ...terms,
  };
  const response = await fetch(`${server.url}/dev/offers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id, terms: full, active: true }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

const list = (token: string) => call<PromotionListAnswer>(server, 'main', 'promotion/list', {}, { token });
const optIn = (token: string, offerId: string) =>
  call<{ grantId: number; freeBetId?: number }>(
    server,
    'main',
    'promotion/optIn',
    { offerId },
    { token, idempotencyKey: idempotencyKey() },
  );
const place = (on: TestServer, token: string, body: unknown) =>
  call<PlacementResult>(on, 'tp', 'saba/sabaDoPlaceBetV2', body, { token, idempotencyKey: idempotencyKey() });

async function playerWithToken(offerId: string, deposit = 50_000) {
  const player = await quickCustomer(server);
  await fund(server, player.customerId, deposit);
  const taken = await optIn(player.token, offerId);
  expect(taken.code, taken.message).toBe('0000');
  return { ...player, freeBetId: taken.data.freeBetId! };
}

const used = new Set<string>();

/** The selections of one open pre-match market with three outcomes (exactly one wins). */
function threeWay(): Pick[] {
  const [pick] = openPicks(server.app.feed, {
    live: false,
    count: 1,
    exclude: used,
    filter: (market) => market.selections.length === 3 && market.selections.every((s) => s.price > 1.01),
  });
  if (!pick) throw new Error('no three-way market');
  used.add(pick.match.matchId);
  return pick.market.selections.map((selection) => ({ ...pick, key: selection.key, price: selection.price }));
}

async function settle(matchId: string) {
  expect((await fetch(`${server.url}/dev/feed/settle/${matchId}`, { method: 'POST' })).status).toBe(200);
  await server.app.bets.idle();
}

describe('the seeded catalogue', () => {
  it('offers a reload bonus after a second deposit and a ₱100 free bet after a ₱500 deposit, each with its terms', async () => {
    const player = await quickCustomer(server);
    await fund(server, player.customerId, 50_000);
    const first = (await list(player.token)).data;
    const freeBet = first.freeBetOffers.find((o) => o.id === 'free-bet-100');
    expect(freeBet).toMatchObject({ amount: 10_000, refusal: null });
    expect(freeBet!.terms.join(' ')).toContain("the free bet's stake is not returned");
    expect(first.offers.find((o) => o.id === 'sports-reload')?.refusal).toBe('A reload offer follows a deposit after your first one.');
    await fund(server, player.customerId, 50_000);
    expect((await list(player.token)).data.offers.find((o) => o.id === 'sports-reload')).toMatchObject({ refusal: null, bonus: 12_500 });

    const taken = await optIn(player.token, 'free-bet-100');
    expect(taken.data).toMatchObject({ grantId: 0, freeBetId: expect.any(Number) });
    const after = (await list(player.token)).data;
    expect(after.freeBets).toEqual([expect.objectContaining({ title: '₱100 free bet', amount: 10_000, minOdds: 1.5, status: 'active' })]);
    expect(after.freeBetOffers.map((o) => o.id)).not.toContain('free-bet-100');
    expect(after).toMatchObject({ cash: 100_000, bonus: 0 });
    expect((await optIn(player.token, 'free-bet-100')).message).toBe('You already took this offer.');
  });

  it('refuses a free bet offer without a qualifying deposit, with the reason', async () => {
    const player = await quickCustomer(server);
    expect((await optIn(player.token, 'free-bet-100')).message).toBe('Make a deposit to take this offer.');
    await fund(server, player.customerId, 20_000);
    expect((await optIn(player.token, 'free-bet-100')).message).toBe('Your last deposit was under the ₱500 this offer needs.');
  });
});

describe('placing a free bet', () => {
  it('checks the token in the bet’s transaction: its amount, its odds floor, its owner, once', async () => {
    await freeBetOffer('fb-rules');
    await freeBetOffer('fb-floor', { minOddsHundredths: 10_000 });
    const [pick] = threeWay();
    const player = await playerWithToken('fb-rules');
    const other = await playerWithToken('fb-rules');
    const wrongStake = await place(server, player.token, singleBody(pick!, 50, { freeBetId: player.freeBetId }));
    expect(wrongStake.data).toMatchObject({
      code: BetCode.FreeBetRefused,
      message: 'A free bet is placed with its whole amount: a stake of ₱100.',
    });
    const notMine = await place(server, other.token, singleBody(pick!, 100, { freeBetId: player.freeBetId }));
    expect(notMine.data).toMatchObject({ code: BetCode.FreeBetRefused, message: 'This free bet is not yours, or no longer there.' });
    const floor = await optIn(player.token, 'fb-floor');
    const low = await place(server, player.token, singleBody(pick!, 100, { freeBetId: floor.data.freeBetId! }));
    expect(low.data).toMatchObject({ code: BetCode.FreeBetRefused, message: 'This free bet needs odds of 100.00 or more.' });
    expect((await list(player.token)).data.cash).toBe(50_000);

    // Two bets racing for one token on two instances: one is placed, the other refused; cash untouched.
    const racing = await Promise.all(
      [server, second].map((on) => place(on, player.token, singleBody(pick!, 100, { freeBetId: player.freeBetId }))),
    );
    expect(racing.map((r) => r.data.code).sort()).toEqual([BetCode.Ok, BetCode.FreeBetRefused].sort());
    expect(racing.find((r) => r.data.code !== BetCode.Ok)!.data.message).toBe('This free bet has already been used.');
    const after = (await list(player.token)).data;
    expect(after.cash).toBe(50_000);
    expect(after.freeBets.find((f) => f.freeBetId === player.freeBetId)?.status).toBe('used');
    const tickets = await db().select().from(betTickets).where(eq(betTickets.customerId, player.customerId));
    expect(tickets).toHaveLength(1);
  });

  it('pays a win’s winnings without the stake, costs a loss nothing of the player’s, and earns no rebate', async () => {
    await freeBetOffer('fb-settle');
    const picks = threeWay();
    const players = await Promise.all(picks.map(() => playerWithToken('fb-settle')));
    for (const [i, player] of players.entries()) {
      const placed = await place(server, player.token, singleBody(picks[i]!, 100, { freeBetId: player.freeBetId }));
      expect(placed.data.code, placed.data.message).toBe(BetCode.Ok);
    }
    await settle(picks[0]!.match.matchId);
    let winners = 0;
    for (const player of players) {
      const [ticket] = await db().select().from(betTickets).where(eq(betTickets.customerId, player.customerId));
      const winnings = Math.max(ticket!.payout - ticket!.stake, 0);
      const now = (await list(player.token)).data;
      // Cash: the deposit, plus only what the bet won beyond its stake.
      expect(now.cash).toBe(50_000 + winnings);
      const [token] = await db().select().from(freeBets).where(eq(freeBets.id, player.freeBetId));
      expect(token).toMatchObject({ status: 'settled', won: winnings });
      if (winnings > 0) winners++;
    }
    expect(winners).toBeGreaterThan(0);
    // Tomorrow the leader's job finds no valid turnover in free bets.
    await server.app.rebates.compute(Date.now() + 86_400_000);
    for (const player of players) {
      const rebates = await call<{ list: unknown[] }>(server, 'main', 'activity/dailyRebates', {}, { token: player.token });
      expect(rebates.data.list).toEqual([]);
    }
  });
});
