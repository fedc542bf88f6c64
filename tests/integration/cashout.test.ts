import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTotal } from '../../server/modules/wallet/ledger';
import { type BetTicket, type PlacementResult, type ParlayResult, betReturn, oddsHundredths } from '../../src/contract/betting';
import {
  CASHOUT_PAUSED,
  type CashoutAcceptResponse,
  type CashoutAutoResponse,
  type CashoutQuoteResponse,
  CashoutCall,
  QUOTE_TTL_LIVE_MS,
  QUOTE_TTL_PREMATCH_MS,
} from '../../src/contract/cashout';
import { MarketStatus } from '../../src/contract/sports';
import { type Pick, openPicks, parlayBody, singleBody } from './bodies';
import { call, fund, fundedPlayer, idempotencyKey, quickCustomer } from './player';
import { type TestServer, secondInstance, startServer } from './server';

/**
 * Cash-out (issue 38) against the real server and database, two instances on one database (as behind a
 * balancer) and a restart: the value's formula, quotes' expiry, re-pricing on accept (lower: a new quote;
 * higher: the higher value), partial cash-out in centavos, "Cash out is paused", the auto rule run by the
 * leader's job with the player offline, and cash-out against settlement, exactly once on the ledger.
 * The feed is not started: prices move only when a test moves them.
 */

let a: TestServer;
let b: TestServer;
let now = Date.now();
const ACCEPT_DELAY_MS = 200;

beforeAll(async () => {
  const options = { clock: () => now, betAcceptDelayMs: ACCEPT_DELAY_MS, ipCallsPerMinute: 100_000, accountCallsPerMinute: 100_000 };
  a = await startServer({}, undefined, options);
  b = await secondInstance(a, options);
});

let bClosed = false;
afterAll(async () => {
  if (!bClosed) await b?.close();
  await a?.close();
});

afterEach(async () => {
  await Promise.all([a.app.bets.idle(), b.app.bets.idle()]);
  expect(await ledgerTotal(a.database.db)).toEqual({ entries: 0, balances: 0 });
});

interface Player {
  token: string;
  customerId: number;
}

const margin = () => a.config.cashoutMarginBp;
const used = new Set<string>();
const pickOne = (live = false) => openPicks(a.app.feed, { live, count: 1, exclude: used })[0]!;

/** The value worked out here: stake × taken / current × (1 − margin) × part / stake, floored to the centavo. */
function expectedValue(stake: number, takenH: number, currentH: number, part = stake): number {
  return Number((BigInt(stake) * BigInt(takenH) * BigInt(10_000 - margin()) * BigInt(part)) / (BigInt(currentH) * 10_000n * BigInt(stake)));
}

async function placeSingle(server: TestServer, player: Player, pick: Pick, pesos: number): Promise<BetTicket> {
  const placed = await call<PlacementResult>(server, 'tp', 'saba/sabaDoPlaceBetV2', singleBody(pick, pesos), {
    token: player.token,
    idempotencyKey: idempotencyKey(),
  });
  expect(placed.data.code, placed.data.message).toBe(0);
  return placed.data.ticket!;
}

const quote = (server: TestServer, player: Player, transId: string, part?: number) =>
  call<CashoutQuoteResponse>(server, 'tp', CashoutCall.quote, { transId, ...(part ? { part } : {}) }, { token: player.token });
const accept = (server: TestServer, player: Player, quoteId: string, key = idempotencyKey()) =>
  call<CashoutAcceptResponse>(server, 'tp', CashoutCall.accept, { quoteId }, { token: player.token, idempotencyKey: key });
const ticketOf = async (player: Player, transId: string) =>
  (await call<BetTicket>(a, 'tp', 'saba/queryTicketByTransId', { transId }, { token: player.token })).data;
const balance = async (player: Player) =>
  (await call<{ balance: number }>(a, 'main', 'customer/getBalance', {}, { token: player.token })).data.balance;

/** What moved on the ledger for a ticket, by kind (placement 'bet', then 'bet_cashout' or 'bet_payout'). */
async function ledgerKinds(transId: string): Promise<string[]> {
  const result = (await a.database.db.execute(
    sql`SELECT kind FROM ledger_transactions WHERE reference = ${`bet:${transId}`} ORDER BY id`,
  )) as unknown as { rows: { kind: string }[] };
  return result.rows.map((row) => row.kind);
}

/** Plays a match to its end at once and waits for its tickets to settle. */
async function finish(matchId: string): Promise<void> {
  expect(a.app.feed.finishNow(matchId)).toBe(true);
  await a.app.feed.idle();
  await Promise.all([a.app.bets.idle(), b.app.bets.idle()]);
}

const price = (pick: Pick) => a.app.feed.market(pick.market.marketId)!.selections.find((s) => s.key === pick.key)!.price;
const movePrice = (pick: Pick, to: number) =>
  expect(a.app.feed.changeMarketNow(pick.market.marketId, { key: pick.key, price: to })).toBe(true);

function okQuote(answer: { data: CashoutQuoteResponse }) {
  expect(answer.data.status).toBe('ok');
  if (answer.data.status !== 'ok') throw new Error('no quote');
  return answer.data.quote;
}

describe('the cash-out value', () => {
  it('quotes stake × odds taken / current odds × (1 − margin), floored, with an id and a 30 s pre-match expiry', async () => {
    const player = await fundedPlayer(a);
    const pick = pickOne();
    const placed = await placeSingle(a, player, pick, 100);
    const taken = oddsHundredths(pick.price);
    const first = okQuote(await quote(a, player, placed.transId));
    expect(first).toMatchObject({ transId: placed.transId, part: 10_000, stake: 10_000, live: false });
    expect(first.value).toBe(expectedValue(10_000, taken, taken));
    expect(first.value).toBe(Math.floor(10_000 * (1 - margin() / 10_000)));
    expect(Date.parse(first.expiresAt) - now).toBe(QUOTE_TTL_PREMATCH_MS);
    expect(first.quoteId).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    // The selection shortens: the ticket is worth more; it drifts: worth less.
    movePrice(pick, Math.max(1.05, Math.round((pick.price - 0.4) * 100) / 100));
    const shorter = okQuote(await quote(a, player, placed.transId));
    expect(shorter.value).toBe(expectedValue(10_000, taken, oddsHundredths(price(pick))));
    expect(shorter.value).toBeGreaterThan(first.value);
    movePrice(pick, pick.price + 1.5);
    const longer = okQuote(await quote(a, player, placed.transId));
    expect(longer.value).toBe(expectedValue(10_000, taken, oddsHundredths(price(pick))));
    expect(longer.value).toBeLessThan(first.value);
    // My Bets reads that the ticket is offered, at which margin.
    expect((await ticketOf(player, placed.transId)).cashout).toEqual({ offered: true, marginBp: margin(), auto: null });
  });

  it('counts a parlay’s won legs at their own odds and void legs at 1.00', async () => {
    const player = await fundedPlayer(a);
    const legs = openPicks(a.app.feed, { live: false, count: 3, exclude: used });
    const placed = await call<ParlayResult>(a, 'tp', 'sabaCombo/comboBetToSaba', parlayBody(legs, [{ combo_type: 'Trebles', stake: 50 }]), {
      token: player.token,
      idempotencyKey: idempotencyKey(),
    });
    expect(placed.data?.code, JSON.stringify(placed)).toBe(0);
    const transId = placed.data.trans_idStr;
    // Leg 0 won, leg 1 void (as settlement would leave them), leg 2 still running.
    await a.database.db.execute(
      sql`UPDATE bet_legs SET outcome = CASE leg_no WHEN 0 THEN 'won' ELSE 'void' END WHERE leg_no IN (0, 1) AND ticket_id = (SELECT id FROM bet_tickets WHERE trans_id = ${transId})`,
    );
    const [won, voided, running] = legs.map((leg) => oddsHundredths(leg.price));
    const q = okQuote(await quote(a, player, transId));
    // 5000 × won × (void 1.00) × running/running × (1 − margin), the won leg's odds over 100.
    const expected = Number((5_000n * BigInt(won!) * BigInt(running!) * BigInt(10_000 - margin())) / (100n * BigInt(running!) * 10_000n));
    expect(q.value).toBe(expected);
    expect(voided).toBeGreaterThan(100);
  });

  it('says "Cash out is paused" while a leg’s market is suspended, and pays nothing on an accept meanwhile', async () => {
    const player = await fundedPlayer(a);
    const pick = pickOne();
    const placed = await placeSingle(a, player, pick, 100);
    const q = okQuote(await quote(a, player, placed.transId));
    expect(a.app.feed.changeMarketNow(pick.market.marketId, { status: MarketStatus.Suspend })).toBe(true);
    expect((await quote(a, player, placed.transId)).data).toEqual({ status: 'paused', message: CASHOUT_PAUSED });
    const before = await balance(player);
    expect((await accept(b, player, q.quoteId)).data).toEqual({ status: 'paused', message: CASHOUT_PAUSED });
    expect(await balance(player)).toBe(before);
    expect(a.app.feed.changeMarketNow(pick.market.marketId, { status: MarketStatus.Running })).toBe(true);
    expect((await quote(a, player, placed.transId)).data.status).toBe('ok');
  });
});

describe('accepting a quote', () => {
  it('offers the new, lower value instead of paying less silently, and pays it once accepted; the ticket then cannot settle', async () => {
    const player = await fundedPlayer(a);
    const pick = pickOne();
    const placed = await placeSingle(a, player, pick, 200);
    const taken = oddsHundredths(pick.price);
    const first = okQuote(await quote(a, player, placed.transId));
    movePrice(pick, pick.price + 1);
    const before = await balance(player);
    const moved = (await accept(b, player, first.quoteId)).data;
    expect(moved.status).toBe('moved');
    if (moved.status !== 'moved') return;
    expect(moved.quote.value).toBe(expectedValue(20_000, taken, oddsHundredths(price(pick))));
    expect(moved.quote.value).toBeLessThan(first.value);
    expect(moved.quote.quoteId).not.toBe(first.quoteId);
    expect(await balance(player)).toBe(before);
    expect(await ledgerKinds(placed.transId)).toEqual(['bet']);

    const done = (await accept(a, player, moved.quote.quoteId)).data;
    expect(done).toEqual({ status: 'done', transId: placed.transId, value: moved.quote.value, remaining: 0 });
    expect(await balance(player)).toBe(before + moved.quote.value);
    const after = await ticketOf(player, placed.transId);
    expect(after).toMatchObject({ status: 'cashout', payout: moved.quote.value });
    expect(after.cashout).toBeUndefined();
    // The match ends: the cashed-out ticket does not settle.
    await finish(pick.match.matchId);
    expect((await ticketOf(player, placed.transId)).status).toBe('cashout');
    expect(await ledgerKinds(placed.transId)).toEqual(['bet', 'bet_cashout']);
    expect(await balance(player)).toBe(before + moved.quote.value);
  });

  it('pays the higher value when the price moved the player’s way', async () => {
    const player = await fundedPlayer(a);
    const pick = pickOne();
    const placed = await placeSingle(a, player, pick, 100);
    const first = okQuote(await quote(a, player, placed.transId));
    movePrice(pick, Math.max(1.05, Math.round((pick.price - 0.3) * 100) / 100));
    const before = await balance(player);
    const done = (await accept(a, player, first.quoteId)).data;
    expect(done.status).toBe('done');
    if (done.status !== 'done') return;
    expect(done.value).toBe(expectedValue(10_000, oddsHundredths(pick.price), oddsHundredths(price(pick))));
    expect(done.value).toBeGreaterThan(first.value);
    expect(await balance(player)).toBe(before + done.value);
  });

  it('waits the live-bet delay on a live ticket, whose quote lasts 10 s; an expired quote gets a new one', async () => {
    const player = await fundedPlayer(a);
    const pick = pickOne(true);
    const placed = await placeSingle(a, player, pick, 100);
    await a.app.bets.decideWaiting(
      (
        (await a.database.db.execute(sql`SELECT id FROM bet_tickets WHERE trans_id = ${placed.transId}`)) as unknown as {
          rows: { id: number }[];
        }
      ).rows[0]!.id,
    );
    const live = okQuote(await quote(a, player, placed.transId));
    expect(live.live).toBe(true);
    expect(Date.parse(live.expiresAt) - now).toBe(QUOTE_TTL_LIVE_MS);
    now += QUOTE_TTL_LIVE_MS + 1;
    const expired = (await accept(a, player, live.quoteId)).data;
    expect(expired).toMatchObject({ status: 'moved', message: 'That cash-out value expired. Here is the new one.' });
    if (expired.status !== 'moved') return;
    const started = Date.now();
    const done = (await accept(b, player, expired.quote.quoteId)).data;
    expect(Date.now() - started).toBeGreaterThanOrEqual(ACCEPT_DELAY_MS - 5);
    expect(done).toMatchObject({ status: 'done', value: expired.quote.value });
  });
});

describe('partial cash-out', () => {
  it('pays the part from the exact value, floored to the centavo, and leaves the rest on at the original odds', async () => {
    const player = await fundedPlayer(a);
    const pick = pickOne();
    const placed = await placeSingle(a, player, pick, 333);
    const taken = oddsHundredths(pick.price);
    movePrice(pick, Math.round((pick.price + 0.37) * 100) / 100);
    const current = oddsHundredths(price(pick));
    const part = 12_345;
    const q = okQuote(await quote(a, player, placed.transId, part));
    const value = expectedValue(33_300, taken, current, part);
    expect(q).toMatchObject({ part, stake: 33_300, value });
    // From the exact fraction, not from the rounded full value.
    const full = okQuote(await quote(a, player, placed.transId)).value;
    expect(value).toBe(Math.floor((33_300 * taken * (10_000 - margin()) * part) / (current * 10_000 * 33_300)));
    expect(value).toBeLessThanOrEqual(Math.floor((full * part) / 33_300) + 1);
    const before = await balance(player);
    expect((await accept(a, player, q.quoteId)).data).toEqual({ status: 'done', transId: placed.transId, value, remaining: 33_300 - part });
    expect(await balance(player)).toBe(before + value);
    const rest = await ticketOf(player, placed.transId);
    expect(rest).toMatchObject({ status: 'running', stake: 20_955, odds: pick.price });
    expect(rest.payout).toBe(betReturn(20_955, [{ oddsH: taken, outcome: 'running' }]));
    // Too small a part, or too little left on, is refused.
    expect((await quote(a, player, placed.transId, 99)).data.status).toBe('unavailable');
    expect((await quote(a, player, placed.transId, 20_955 - 99)).data.status).toBe('unavailable');
    // The rest settles at the original odds on the stake left.
    await finish(pick.match.matchId);
    const settled = await ticketOf(player, placed.transId);
    expect(settled.stake).toBe(20_955);
    expect(['won', 'lost', 'void', 'halfWon', 'halfLost']).toContain(settled.status);
    const expectedPayout = betReturn(20_955, [{ oddsH: taken, outcome: settled.status as 'won' }]);
    expect(settled.payout).toBe(expectedPayout);
    expect(await balance(player)).toBe(before + value + expectedPayout);
    expect(await ledgerKinds(placed.transId)).toEqual(['bet', 'bet_cashout', 'bet_payout']);
  });
});

describe('auto cash-out', () => {
  it('cashes out by the leader’s job once the value reaches the threshold, with the player offline; a manual cash-out removes the rule', async () => {
    const player = await fundedPlayer(a);
    const pick = pickOne();
    const placed = await placeSingle(a, player, pick, 100);
    const value = okQuote(await quote(a, player, placed.transId)).value;
    const threshold = value + 500;
    const set = await call<CashoutAutoResponse>(b, 'tp', CashoutCall.auto, { transId: placed.transId, threshold }, { token: player.token });
    expect(set.data).toEqual({ transId: placed.transId, threshold });
    expect((await ticketOf(player, placed.transId)).cashout?.auto).toBe(threshold);
    const before = await balance(player);
    await a.app.jobs.tick(now, ['bets-auto-cashout']);
    expect((await ticketOf(player, placed.transId)).status).toBe('running');
    // The selection shortens while nobody is looking: the leader's job cashes out.
    movePrice(pick, Math.max(1.05, Math.round((pick.price - 0.5) * 100) / 100));
    const reached = expectedValue(10_000, oddsHundredths(pick.price), oddsHundredths(price(pick)));
    expect(reached).toBeGreaterThanOrEqual(threshold);
    await a.app.jobs.tick(now, ['bets-auto-cashout']);
    expect(await ticketOf(player, placed.transId)).toMatchObject({ status: 'cashout', payout: reached });
    expect(await balance(player)).toBe(before + reached);
    await a.app.jobs.tick(now, ['bets-auto-cashout']);
    expect(await ledgerKinds(placed.transId)).toEqual(['bet', 'bet_cashout']);

    // A manual (partial) cash-out removes the rule.
    const other = await placeSingle(a, player, pickOne(), 100);
    await call(a, 'tp', CashoutCall.auto, { transId: other.transId, threshold: 1 }, { token: player.token });
    const q = okQuote(await quote(a, player, other.transId, 5_000));
    expect((await accept(a, player, q.quoteId)).data.status).toBe('done');
    expect((await ticketOf(player, other.transId)).cashout?.auto).toBeNull();
    await a.app.jobs.tick(now, ['bets-auto-cashout']);
    expect((await ticketOf(player, other.transId)).status).toBe('running');
  });
});

describe('exactly once', () => {
  it('races cash-out on B against settlement on A: one of them pays, once', async () => {
    const player = await fundedPlayer(a, 20_000);
    const outcomes: string[] = [];
    for (let i = 0; i < 6; i++) {
      const pick = pickOne();
      const placed = await placeSingle(a, player, pick, 100);
      const q = okQuote(await quote(b, player, placed.transId));
      const before = await balance(player);
      // Even rounds give the cash-out a head start, odd rounds the settlement.
      const later = <T>(work: () => Promise<T>, ms: number) => new Promise<T>((resolve) => setTimeout(() => resolve(work()), ms));
      const [answer] = await Promise.all(
        i % 2 === 0
          ? [accept(b, player, q.quoteId), later(() => finish(pick.match.matchId), i)]
          : [later(() => accept(b, player, q.quoteId), i - 1), finish(pick.match.matchId)],
      );
      const after = await ticketOf(player, placed.transId);
      const kinds = await ledgerKinds(placed.transId);
      if (answer.data.status === 'done') {
        expect(after).toMatchObject({ status: 'cashout', payout: answer.data.value });
        expect(kinds).toEqual(['bet', 'bet_cashout']);
        expect(await balance(player)).toBe(before + answer.data.value);
      } else {
        // Settled first, or the match already closed (its markets no longer run): nothing paid by cash-out.
        expect(['unavailable', 'paused']).toContain(answer.data.status);
        expect(after.status).not.toBe('cashout');
        expect(kinds).toEqual(['bet', 'bet_payout']);
        expect(await balance(player)).toBe(before + after.payout);
      }
      outcomes.push(answer.data.status);
    }
    // Both orders happen across the six races (a cash-out first, a settlement first).
    expect(outcomes).toContain('done');
    expect(outcomes.some((o) => o !== 'done')).toBe(true);
  });

  it('pays one accept of one quote made on both instances at once', async () => {
    const player = await fundedPlayer(a);
    const pick = pickOne();
    const placed = await placeSingle(a, player, pick, 100);
    const q = okQuote(await quote(a, player, placed.transId));
    const before = await balance(player);
    const key = idempotencyKey();
    const answers = await Promise.all([accept(a, player, q.quoteId, key), accept(b, player, q.quoteId, key), accept(b, player, q.quoteId)]);
    const done = answers.filter((x) => x.data.status === 'done');
    expect(done.length).toBeGreaterThanOrEqual(2);
    expect(done[0]!.data).toEqual(done[1]!.data);
    expect(await ledgerKinds(placed.transId)).toEqual(['bet', 'bet_cashout']);
    expect(await balance(player)).toBe(before + q.value);
    // The third, under another key, found the ticket cashed out or the quote used.
    expect(
      answers[2]!.data.status === 'unavailable' || answers[2]!.data === answers[0]!.data || answers[0]!.data.status === 'unavailable',
    ).toBe(true);
  });

  it('keeps the database refusing a settled ticket becoming cashed out, and a cash-out of a settled ticket', async () => {
    const player = await fundedPlayer(a);
    const pick = pickOne();
    const placed = await placeSingle(a, player, pick, 100);
    await finish(pick.match.matchId);
    const db = a.database.db;
    await expect(db.execute(sql`UPDATE bet_tickets SET status = 'cashout' WHERE trans_id = ${placed.transId}`)).rejects.toThrow();
    await expect(db.execute(sql`UPDATE bet_tickets SET payout = payout + 1 WHERE trans_id = ${placed.transId}`)).rejects.toThrow();
    await expect(
      db.execute(
        sql`INSERT INTO bet_cashouts (ticket_id, customer_id, kind, stake_before, part, value) SELECT id, customer_id, 'full', stake, stake, 1 FROM bet_tickets WHERE trans_id = ${placed.transId}`,
      ),
    ).rejects.toThrow();
    expect((await quote(a, player, placed.transId)).data.status).toBe('unavailable');
  });
});

describe('bonus money', () => {
  it('offers no cash-out, and sets no auto rule, for a stake bonus money paid part of; the database refuses one too', async () => {
    const terms = {
      title: 'Cash-out test offer',
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
    };
    const response = await fetch(`${a.url}/dev/offers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'cashout-bonus', terms, active: true }),
    });
    expect(response.status).toBe(200);
    const player = await quickCustomer(a);
    await fund(a, player.customerId, 2_000);
    const opted = await call(
      a,
      'main',
      'promotion/optIn',
      { offerId: 'cashout-bonus' },
      { token: player.token, idempotencyKey: idempotencyKey() },
    );
    expect(opted.code).toBe('0000');
    // ₱30: ₱20 cash, then ₱10 of bonus.
    const placed = await placeSingle(a, player, pickOne(), 30);
    expect((await ticketOf(player, placed.transId)).cashout).toEqual({ offered: false, marginBp: margin(), auto: null });
    expect((await quote(a, player, placed.transId)).data).toEqual({
      status: 'unavailable',
      message: 'Bets placed with bonus money cannot be cashed out.',
    });
    const auto = await call(a, 'tp', CashoutCall.auto, { transId: placed.transId, threshold: 100 }, { token: player.token });
    expect(auto.status).toBe(400);
    await expect(
      a.database.db.execute(
        sql`INSERT INTO bet_cashouts (ticket_id, customer_id, kind, stake_before, part, value) SELECT id, customer_id, 'full', stake, stake, 1 FROM bet_tickets WHERE trans_id = ${placed.transId}`,
      ),
    ).rejects.toThrow();
  });
});

describe('a restart', () => {
  it('answers an accept repeated after a restart with its first answer, pays nothing again, and keeps auto rules', async () => {
    const player = await fundedPlayer(a);
    const pick = pickOne();
    const placed = await placeSingle(a, player, pick, 100);
    const ruled = await placeSingle(a, player, pickOne(), 100);
    const q = okQuote(await quote(a, player, placed.transId));
    const key = idempotencyKey();
    const first = (await accept(a, player, q.quoteId, key)).data;
    expect(first.status).toBe('done');
    await call(a, 'tp', CashoutCall.auto, { transId: ruled.transId, threshold: 1 }, { token: player.token });
    const before = await balance(player);
    await b.close();
    bClosed = true;
    a = await a.restart();
    expect((await accept(a, player, q.quoteId, key)).data).toEqual(first);
    expect(await ledgerKinds(placed.transId)).toEqual(['bet', 'bet_cashout']);
    expect(await balance(player)).toBe(before);
    // The rule outlived the restart: the leader's job after it cashes out.
    await a.app.jobs.tick(now, ['bets-auto-cashout']);
    expect((await ticketOf(player, ruled.transId)).status).toBe('cashout');
  });
});
