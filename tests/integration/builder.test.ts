import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTotal } from '../../server/modules/wallet/ledger';
import { type BetTicket, BetCode, type PlacementResult, oddsHundredths } from '../../src/contract/betting';
import { type BuilderCalculateResponse, BuilderCall, type BuilderSelectionsResponse } from '../../src/contract/builder';
import { type CashoutQuoteResponse, CashoutCall } from '../../src/contract/cashout';
import { GatewayCode } from '../../src/contract/errorCodes';
import { OddsType, SportTypeId } from '../../src/contract/sports';
import { type Pick, parlayBody } from './bodies';
import { call, fundedPlayer, idempotencyKey, mainBalance, visitorToken } from './player';
import { type TestServer, startServer } from './server';

/**
 * The bet builder (issue 38) against the real server and database: priced by the feed's custom-bet API
 * from its model (not the product of the selections' prices), conflicts refused with the pair named,
 * re-priced at placement, idempotent, one ticket on the ledger, settled from the match's result, no
 * cash-out, and a visitor cannot place. The feed is not started: nothing moves unless a test moves it.
 */

let server: TestServer;
const ACCEPT_DELAY_MS = 200;

beforeAll(async () => {
  server = await startServer({}, undefined, {
    betAcceptDelayMs: ACCEPT_DELAY_MS,
    ipCallsPerMinute: 100_000,
    accountCallsPerMinute: 100_000,
  });
});

afterAll(async () => {
  await server?.close();
});

afterEach(async () => {
  await server.app.bets.idle();
  expect(await ledgerTotal(server.database.db)).toEqual({ entries: 0, balances: 0 });
});

/** Matches a test played to its end. */
const used = new Set<string>();

/** A football match offering a builder (pre-match, or live), not one a test finished. */
function footballMatch(live = false): string {
  const feed = server.app.feed;
  const modes = live ? (['live'] as const) : (['today', 'early'] as const);
  for (const mode of modes) {
    for (const listed of feed.listSnapshot(SportTypeId.Football, mode).matches) {
      if (used.has(listed.matchId) || (listed.runningStatus === '0') !== live) continue;
      if (!feed.customBets.availableSelections(listed.matchId)) continue;
      return listed.matchId;
    }
  }
  throw new Error('no football match offers a builder');
}

const selections = (matchId: string) => call<BuilderSelectionsResponse>(server, 'tp', BuilderCall.selections, { matchId });
const calculate = (matchId: string, selectionIds: string[]) =>
  call<BuilderCalculateResponse>(server, 'tp', BuilderCall.calculate, { matchId, selectionIds });

function placeBody(matchId: string, selectionIds: string[], price: number, stake: number, extra: object = {}) {
  return { matchId, selectionIds, price, stake, oddsType: OddsType.Decimal, seamless: true, ...extra };
}

const place = (player: { token: string }, body: object, key = idempotencyKey()) =>
  call<PlacementResult>(server, 'tp', BuilderCall.place, body, { token: player.token, idempotencyKey: key });

async function priceOf(matchId: string, selectionIds: string[]): Promise<number> {
  const { calculation } = (await calculate(matchId, selectionIds)).data;
  if (calculation.status !== 'ok') throw new Error(`${selectionIds.join('+')}: ${calculation.status}`);
  return calculation.price;
}

async function ticketCount(customerId: number): Promise<number> {
  const result = (await server.database.db.execute(
    sql`SELECT count(*)::int AS n FROM bet_tickets WHERE customer_id = ${customerId}`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

describe('pricing a builder (anyone may)', () => {
  it('prices a positively correlated pair below the product of its prices, a negatively correlated one above', async () => {
    const matchId = footballMatch();
    const markets = (await selections(matchId)).data.markets;
    const own = new Map(markets.flatMap((m) => m.selections.map((s) => [s.selectionId, s.price] as const)));
    const product = (ids: string[]) => ids.reduce((acc, id) => acc * own.get(id)!, 1);
    // Both teams scoring and over 2.5 goals go together: the combination is likelier than independence says.
    expect(await priceOf(matchId, ['btts:y', 'tg2.5:o'])).toBeLessThan(product(['btts:y', 'tg2.5:o']));
    // Both scoring in under 2.5 goals is only 1-1.
    expect(await priceOf(matchId, ['btts:y', 'tg2.5:u'])).toBeGreaterThan(product(['btts:y', 'tg2.5:u']));
  });

  it('refuses conflicting selections naming the pair, and greys out what no longer combines', async () => {
    const matchId = footballMatch();
    const home = server.app.feed.match(matchId)!.homeName;
    const same = (await calculate(matchId, ['tg2.5:o', 'tg2.5:u'])).data;
    expect(same.calculation).toEqual({
      status: 'conflict',
      message: '“Over 2.5” and “Under 2.5” are of the same market.',
      selectionIds: ['tg2.5:o', 'tg2.5:u'],
    });
    const impossible = (await calculate(matchId, ['1x2:h', 'dc:x2', 'btts:y'])).data;
    expect(impossible.calculation).toMatchObject({ status: 'conflict', selectionIds: ['1x2:h', 'dc:x2'] });
    expect(impossible.calculation.status === 'conflict' && impossible.calculation.message).toBe(
      `“${home}” and “Draw or ${server.app.feed.match(matchId)!.awayName}” cannot both happen.`,
    );
    const { combinable } = (await calculate(matchId, ['btts:y'])).data;
    expect(combinable).toContain('tg2.5:o');
    expect(combinable).not.toContain('btts:n');
    expect(combinable).not.toContain('tg1.5:u');
  });
});

describe('placing a builder', () => {
  it('places one ticket at the combined price through the placement path, once per idempotency key', async () => {
    const player = await fundedPlayer(server);
    const matchId = footballMatch();
    const ids = ['1x2:h', 'tg1.5:o', 'btts:y'];
    const price = await priceOf(matchId, ids);
    const before = await mainBalance(server, player.token);
    const key = idempotencyKey();
    const placed = await place(player, placeBody(matchId, ids, price, 100), key);
    expect(placed.data.code, placed.data.message).toBe(BetCode.Ok);
    const ticket = placed.data.ticket!;
    expect(ticket).toMatchObject({ mode: 'builder', status: 'running', stake: 10_000, odds: price });
    expect(ticket.payout).toBe(Math.floor((10_000 * oddsHundredths(price)) / 100));
    expect(ticket.legs.map((leg) => leg.key)).toEqual(ids);
    expect(ticket.legs.every((leg) => leg.matchId === matchId)).toBe(true);
    expect(await mainBalance(server, player.token)).toBe(before - 10_000);
    // The same call again: the first answer, nothing more taken.
    const again = await place(player, placeBody(matchId, ids, price, 100), key);
    expect(again.data).toEqual(placed.data);
    expect(await mainBalance(server, player.token)).toBe(before - 10_000);
    expect(await ticketCount(player.customerId)).toBe(1);
    // My Bets lists it with its legs.
    const list = await call<{ tickets: BetTicket[] }>(
      server,
      'main',
      'transactionRecord/queryBetList',
      { status: 'running', pageNo: 1, pageSize: 10 },
      { token: player.token },
    );
    const listed = list.data.tickets.find((t) => t.transId === ticket.transId)!;
    expect(listed.legs).toHaveLength(3);
    // No cash-out for a builder: its price is the combination's, which its legs' prices cannot re-value.
    expect(listed.cashout?.offered).toBe(false);
    const quote = await call<CashoutQuoteResponse>(server, 'tp', CashoutCall.quote, { transId: ticket.transId }, { token: player.token });
    expect(quote.data).toEqual({ status: 'unavailable', message: 'Bet Builder bets cannot be cashed out.' });
  });

  it('answers a moved price with the new one to accept, taking nothing, and places at it once accepted', async () => {
    const player = await fundedPlayer(server);
    const matchId = footballMatch();
    const ids = ['btts:y', 'tg2.5:o'];
    const price = await priceOf(matchId, ids);
    const before = await mainBalance(server, player.token);
    // The slip shows an older, higher price.
    const seen = Math.round((price + 0.4) * 100) / 100;
    const moved = await place(player, placeBody(matchId, ids, seen, 50));
    expect(moved.data).toMatchObject({ code: BetCode.OddsChanged, bet_status: 'reject', current: { price } });
    expect(await mainBalance(server, player.token)).toBe(before);
    expect(await ticketCount(player.customerId)).toBe(0);
    // Only a higher price is taken without asking (the player's choice), at the price now.
    const higher = await place(player, placeBody(matchId, ids, Math.round((price - 0.2) * 100) / 100, 50, { acceptOddsChange: 'higher' }));
    expect(higher.data.code, higher.data.message).toBe(BetCode.Ok);
    expect(higher.data.ticket!.odds).toBe(price);
    const accepted = await place(player, placeBody(matchId, ids, moved.data.current!.price, 50));
    expect(accepted.data.code, accepted.data.message).toBe(BetCode.Ok);
    expect(await mainBalance(server, player.token)).toBe(before - 10_000);
  });

  it('refuses a conflicting builder with the pair named, a stake out of range and a short balance, taking nothing', async () => {
    const player = await fundedPlayer(server, 100);
    const matchId = footballMatch();
    const conflict = await place(player, placeBody(matchId, ['1x2:h', '1x2:d'], 5, 20));
    expect(conflict.data.code).toBe(BetCode.ComboNotAllowed);
    expect(conflict.data.message).toMatch(/“Draw” are of the same market/);
    const ids = ['1x2:a', 'oe:odd'];
    const price = await priceOf(matchId, ids);
    expect((await place(player, placeBody(matchId, ids, price, 5))).data.code).toBe(BetCode.StakeOutOfRange);
    expect((await place(player, placeBody(matchId, ids, price, 101))).data.code).toBe(BetCode.InsufficientBalance);
    expect(await ticketCount(player.customerId)).toBe(0);
    expect(await mainBalance(server, player.token)).toBe(10_000);
  });

  it('is refused to a visitor', async () => {
    const matchId = footballMatch();
    const ids = ['1x2:h', 'btts:n'];
    const price = await priceOf(matchId, ids);
    for (const token of [undefined, await visitorToken(server)]) {
      const answer = await call(server, 'tp', BuilderCall.place, placeBody(matchId, ids, price, 20), {
        ...(token ? { token } : {}),
        idempotencyKey: idempotencyKey(),
      });
      expect(answer.code).toBe(GatewayCode.LoginRequired);
    }
  });

  it('waits out the live-bet delay on a live match, then runs', async () => {
    const player = await fundedPlayer(server);
    const matchId = footballMatch(true);
    const markets = (await selections(matchId)).data.markets;
    const ids = [markets[0]!.selections[0]!.selectionId, markets.find((m) => m.marketId === 'oe')!.selections[0]!.selectionId];
    const placed = await place(player, placeBody(matchId, ids, await priceOf(matchId, ids), 20, { acceptOddsChange: 'any' }));
    expect(placed.data).toMatchObject({ code: BetCode.Ok, bet_status: 'waiting' });
    await new Promise((resolve) => setTimeout(resolve, ACCEPT_DELAY_MS + 100));
    await server.app.bets.idle();
    const ticket = await call<BetTicket>(
      server,
      'tp',
      'saba/queryTicketByTransId',
      { transId: placed.data.ticket!.transId },
      { token: player.token },
    );
    expect(ticket.data.status).toBe('running');
  });
});

describe('settling a builder', () => {
  it('wins only when every selection wins, paying the combined price; the others lose', async () => {
    const player = await fundedPlayer(server);
    const matchId = footballMatch();
    used.add(matchId);
    // Exactly one of these four wins, whatever the score.
    const builders = [
      ['btts:y', 'oe:even'],
      ['btts:n', 'oe:even'],
      ['btts:y', 'oe:odd'],
      ['btts:n', 'oe:odd'],
    ];
    const tickets: BetTicket[] = [];
    for (const ids of builders) {
      const placed = await place(player, placeBody(matchId, ids, await priceOf(matchId, ids), 10));
      expect(placed.data.code, placed.data.message).toBe(BetCode.Ok);
      tickets.push(placed.data.ticket!);
    }
    const before = await mainBalance(server, player.token);
    expect(server.app.feed.finishNow(matchId)).toBe(true);
    await server.app.feed.idle();
    await server.app.bets.idle();
    const result = server.app.feed.result(matchId)!;
    const both = result.homeScore > 0 && result.awayScore > 0;
    const even = (result.homeScore + result.awayScore) % 2 === 0;
    const winner = builders.findIndex(([btts, oe]) => (btts === 'btts:y') === both && (oe === 'oe:even') === even);
    let paid = 0;
    for (const [i, placed] of tickets.entries()) {
      const settled = (
        await call<BetTicket>(server, 'tp', 'saba/queryTicketByTransId', { transId: placed.transId }, { token: player.token })
      ).data;
      expect(settled.status).toBe(i === winner ? 'won' : 'lost');
      expect(settled.payout).toBe(i === winner ? Math.floor((1_000 * oddsHundredths(placed.odds)) / 100) : 0);
      expect(settled.legs.every((leg) => leg.score === `${result.homeScore}-${result.awayScore}`)).toBe(true);
      paid += settled.payout;
    }
    expect(await mainBalance(server, player.token)).toBe(before + paid);
  });
});

describe('ordinary parlays', () => {
  it('still take one bet type per match: two markets of one match are refused', async () => {
    const player = await fundedPlayer(server);
    const matchId = footballMatch();
    const snapshot = server.app.feed.matchSnapshot(matchId)!;
    const legs: Pick[] = snapshot.markets
      .filter((m) => m.combo && m.status === 'Running' && m.selections.every((s) => s.price > 1))
      .slice(0, 2)
      .map((market) => ({ match: snapshot.match, market, key: market.selections[0]!.key, price: market.selections[0]!.price }));
    expect(legs).toHaveLength(2);
    const answer = await call(server, 'tp', 'sabaCombo/comboBetToSaba', parlayBody(legs, [{ combo_type: 'Doubles', stake: 10 }]), {
      token: player.token,
      idempotencyKey: idempotencyKey(),
    });
    expect(answer.status).toBe(400);
    expect(answer.message).toBe('Only 1 bet type can be chosen for the same match.');
    expect(await ticketCount(player.customerId)).toBe(0);
  });
});
