import { Client } from '@stomp/stompjs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO_PLAYER } from '../../server/plugins/seed';
import { betTickets, ledgerTransactions } from '../../server/db/schema';
import { ledgerTotal } from '../../server/modules/wallet/ledger';
import { settleSelection } from '../../server/providers/feed/settlement';
import { BetService, type BetServiceOptions } from '../../server/modules/bets/service';
import { createFeedSimulator } from '../../server/providers/feed/simulator';
import { DEFAULT_FEED_OPTIONS, FEED_SPORTS, type MatchResult, type OutrightResult } from '../../server/providers/feed/types';
import {
  type BatchPlacementResponse,
  type BetListResponse,
  type BetPush,
  type BetTicket,
  type LegOutcome,
  type ParlayResult,
  type PlacementResult,
  type SelectionDetailResponse,
  type SingleMarketResponse,
  BetCode,
  betReturn,
  combinations,
  oddsHundredths,
  parlayPotentialReturn,
  parlayStatus,
} from '../../src/contract/betting';
import { MarketStatus, OddsType, type SportTypeId } from '../../src/contract/sports';
import { type Pick, openPicks, outrightBody, parlayBody, singleBody } from './bodies';
import { call, fundedPlayer, idempotencyKey, internalId, loginWithPassword } from './player';
import { type TestServer, startServer } from './server';

/**
 * The betting service over HTTP against the real server and database: placement of every bet type,
 * refusals with their codes, the live acceptance delay, settlement from the feed, pushes, records, and
 * the ledger's balance after every test. The feed is not started: it moves only when a test steps it.
 */

let server: TestServer;
const ACCEPT_DELAY_MS = 250;
/** Every result the feed emitted, to check settlement independently of the service. */
const results = new Map<string, MatchResult>();
const outrightResults: OutrightResult[] = [];

beforeAll(async () => {
  server = await startServer({}, undefined, {
    betAcceptDelayMs: ACCEPT_DELAY_MS,
    ipCallsPerMinute: 100_000,
    accountCallsPerMinute: 10_000,
  });
  server.app.feed.onResult((result) => results.set(result.matchId, result));
  server.app.feed.onOutrightResult((result) => outrightResults.push(result));
});

afterAll(async () => {
  await server.close();
});

afterEach(async () => {
  await server.app.bets.idle();
  expect(await ledgerTotal(server.database.db)).toEqual({ entries: 0, balances: 0 });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const feed = () => server.app.feed;

interface Player {
  token: string;
  customerId: number;
}

async function balance(player: Player): Promise<number> {
  return (await call<{ balance: number }>(server, 'main', 'customer/getBalance', {}, { token: player.token })).data.balance;
}

const single = singleBody;
const picks = (options: Parameters<typeof openPicks>[1]) => openPicks(feed(), options);
const parlay = parlayBody;

const placeSingle = (player: Player, body: unknown, key = idempotencyKey()) =>
  call<PlacementResult>(server, 'tp', 'saba/sabaDoPlaceBetV2', body, { token: player.token, idempotencyKey: key });
const placeParlay = (player: Player, body: unknown, key = idempotencyKey()) =>
  call<ParlayResult>(server, 'tp', 'sabaCombo/comboBetToSaba', body, { token: player.token, idempotencyKey: key });
const placeOutright = (player: Player, body: unknown, key = idempotencyKey()) =>
  call<PlacementResult>(server, 'tp', 'saba/sabaPlaceOutrightBetV2', body, { token: player.token, idempotencyKey: key });
const ticket = (player: Player, transId: string) =>
  call<BetTicket>(server, 'tp', 'saba/queryTicketByTransId', { transId }, { token: player.token });

/** Plays a match to its end at once (the development endpoint) and waits for its bets to settle. */
async function finish(matchId: string): Promise<MatchResult> {
  const response = await fetch(`${server.url}/dev/feed/settle/${matchId}`, { method: 'POST' });
  expect(response.status).toBe(200);
  return results.get(matchId)!;
}

/** What a leg of a finished match returns, computed here from the result alone. */
function legOutcome(result: MatchResult, marketId: string, key: string, point: number | null): LegOutcome {
  const market = result.markets.find((m) => m.marketId === marketId)!;
  return market.score ? settleSelection(market.kind, key, point, market.score, Object.keys(market.outcomes)) : 'void';
}

describe('placing bets', () => {
  it('places a pre-match single: running at once, stake debited, readable by its owner only', async () => {
    const player = await fundedPlayer(server);
    const [pick] = picks({ live: false, count: 1 });
    const answer = await placeSingle(player, single(pick!, 100));
    expect(answer).toMatchObject({ status: 200, code: '0' });
    expect(answer.data).toMatchObject({ code: 0, bet_status: 'running' });
    const placed = answer.data.ticket!;
    expect(placed).toMatchObject({ mode: 'single', status: 'running', stake: 10_000, odds: pick!.price, oddsType: OddsType.Decimal });
    expect(placed.payout).toBe(betReturn(10_000, [{ oddsH: oddsHundredths(pick!.price), outcome: 'running' }]));
    expect(placed.legs[0]).toMatchObject({
      marketId: pick!.market.marketId,
      matchId: pick!.match.matchId,
      key: pick!.key,
      outcome: 'running',
    });
    expect(placed.transId).toMatch(/^\d{18}$/);
    expect(await balance(player)).toBe(500_000 - 10_000);

    // Read back, a running ticket also says whether it can be cashed out (issue 38).
    expect((await ticket(player, placed.transId)).data).toEqual({
      ...placed,
      cashout: { offered: true, marginBp: server.config.cashoutMarginBp, auto: null },
    });
    const stranger = await fundedPlayer(server, 10);
    expect(await ticket(stranger, placed.transId)).toMatchObject({ status: 404, code: 'GW_800400', message: 'No such bet.' });
    expect(await ticket(stranger, '123456789012345678')).toMatchObject({ status: 404, message: 'No such bet.' });
  });

  it('refuses a price that moved with code 39 and the current price, and takes a better one when allowed', async () => {
    const player = await fundedPlayer(server);
    const [pick] = picks({ live: false, count: 1 });
    const lower = Math.round((pick!.price - 0.05) * 100) / 100;
    const moved = await placeSingle(player, single(pick!, 100, { price: lower }));
    expect(moved.data).toMatchObject({
      code: BetCode.OddsChanged,
      message: 'Odds Changed',
      bet_status: 'reject',
      current: { price: pick!.price, status: 'Running', point: pick!.market.point },
    });
    expect(moved.data.ticket).toBeUndefined();
    // The player accepts higher odds: the bet stands at the current (higher) price.
    const better = await placeSingle(player, single(pick!, 100, { price: lower, acceptOddsChange: 'higher' }));
    expect(better.data).toMatchObject({ code: 0, bet_status: 'running' });
    expect(better.data.ticket!.legs[0]!.price).toBe(pick!.price);
    // A higher price than the current one is refused under 'higher', taken under 'any'.
    const higher = Math.round((pick!.price + 0.05) * 100) / 100;
    expect((await placeSingle(player, single(pick!, 100, { price: higher, acceptOddsChange: 'higher' }))).data.code).toBe(
      BetCode.OddsChanged,
    );
    expect((await placeSingle(player, single(pick!, 100, { price: higher, acceptOddsChange: 'any' }))).data.ticket!.odds).toBe(pick!.price);
    // A line that moved is a different bet: refused whatever the player accepts.
    const line = await placeSingle(player, single(pick!, 100, { point: (pick!.market.point ?? 0) + 0.25, acceptOddsChange: 'any' }));
    expect(line.data).toMatchObject({ code: BetCode.OddsChanged, current: { point: pick!.market.point } });
    expect(await balance(player)).toBe(500_000 - 2 * 10_000);
  });

  it('refuses a suspended market with its status, and stakes outside the limits naming them', async () => {
    const player = await fundedPlayer(server);
    let suspended: Pick | undefined;
    for (let i = 0; i < 3_000 && !suspended; i++) {
      feed().step(100);
      for (const sport of FEED_SPORTS) {
        for (const match of feed().listSnapshot(sport as SportTypeId, 'live').matches) {
          const market = feed()
            .matchSnapshot(match.matchId)
            ?.markets.find((m) => m.status === MarketStatus.Suspend && m.selections.every((s) => s.price > 1));
          if (market && !suspended) suspended = { match, market, key: market.selections[0]!.key, price: market.selections[0]!.price };
        }
      }
    }
    expect(suspended).toBeDefined();
    const answer = await placeSingle(player, single(suspended!, 100));
    expect(answer.data).toMatchObject({
      code: BetCode.MarketSuspended,
      message: 'Market Suspend',
      bet_status: 'reject',
      current: { status: 'Suspend', price: suspended!.price },
    });

    const [pick] = picks({ live: false, count: 1 });
    const low = await placeSingle(player, single(pick!, 5));
    expect(low.data).toMatchObject({
      code: BetCode.StakeOutOfRange,
      bet_status: 'reject',
      message: `The stake must be between ₱10 and ₱${pick!.market.maxBet.toLocaleString('en-US')}.`,
    });
    expect((await placeSingle(player, single(pick!, 1_000_000))).data.code).toBe(BetCode.StakeOutOfRange);
    expect(await placeSingle(player, single(pick!, 10.5))).toMatchObject({ code: 'GW_800400', message: 'stake: Stakes are whole pesos.' });
    expect((await placeSingle(player, { ...single(pick!, 100), marketId: 'nosuch' })).data).toMatchObject({
      code: BetCode.MatchNotAvailable,
      message: 'This market is no longer available.',
    });
    expect(await balance(player)).toBe(500_000);
  });

  it('needs a login and an idempotency key', async () => {
    const [pick] = picks({ live: false, count: 1 });
    const anonymous = await call(server, 'tp', 'saba/sabaDoPlaceBetV2', single(pick!, 100), { idempotencyKey: idempotencyKey() });
    expect(anonymous).toMatchObject({ status: 401, code: 'GW_800402' });
    const player = await fundedPlayer(server);
    const noKey = await call(server, 'tp', 'saba/sabaDoPlaceBetV2', single(pick!, 100), { token: player.token });
    expect(noKey).toMatchObject({ status: 400, code: 'GW_800400' });
    expect(noKey.message).toMatch(/Idempotency-Key/);
  });

  it('places a player bet and an outright, and settles the outright when it is decided', async () => {
    const player = await fundedPlayer(server);
    const [prop] = picks({ live: false, count: 1, filter: (m) => m.player !== undefined });
    expect(prop).toBeDefined();
    const answer = await placeSingle(
      player,
      single(prop!, 50, {
        playerId: prop!.market.player!.playerId,
        playerName: prop!.market.player!.playerName,
        parentMatchId: prop!.match.matchId,
      }),
    );
    expect(answer.data).toMatchObject({ code: 0, bet_status: 'running', ticket: { mode: 'player', stake: 5_000 } });
    expect(answer.data.ticket!.legs[0]!.playerName).toBe(prop!.market.player!.playerName);
    const wrongPlayer = await placeSingle(player, single(prop!, 50, { playerId: 'someone-else' }));
    expect(wrongPlayer.data.code).toBe(BetCode.MatchNotAvailable);

    const outright = feed().outrights('1')[0]!;
    const team = outright.teams[0]!;
    const body = outrightBody(outright, team, 200);
    const placed = await placeOutright(player, body);
    expect(placed.data).toMatchObject({ code: 0, bet_status: 'running', ticket: { mode: 'outright', stake: 20_000, odds: team.price } });
    expect(placed.data.ticket!.legs[0]).toMatchObject({ marketId: outright.outrightOddsId, key: team.teamId, teamName: team.teamName });
    const stale = await placeOutright(player, { ...body, price: team.price + 1 });
    expect(stale.data).toMatchObject({ code: BetCode.OddsChanged, current: { price: team.price } });
    const before = await balance(player);

    expect((await fetch(`${server.url}/dev/feed/settle/${outright.outrightOddsId}`, { method: 'POST' })).status).toBe(200);
    const decided = outrightResults.find((r) => r.outrightOddsId === outright.outrightOddsId)!;
    const won = decided.winnerTeamId === team.teamId;
    const settled = (await ticket(player, placed.data.ticket!.transId)).data;
    expect(settled).toMatchObject({
      status: won ? 'won' : 'lost',
      payout: won ? betReturn(20_000, [{ oddsH: oddsHundredths(team.price), outcome: 'won' }]) : 0,
    });
    expect(settled.legs[0]).toMatchObject({ outcome: won ? 'won' : 'lost', score: decided.winnerTeamName });
    expect(await balance(player)).toBe(before + settled.payout);
    // The league's next season is offered at once.
    expect(
      feed()
        .outrights('1')
        .some((o) => o.leagueId === outright.leagueId && o.outrightOddsId !== outright.outrightOddsId),
    ).toBe(true);
  });

  it('places ending-game options after a first deposit only, at most 10', async () => {
    const fresh = await fundedPlayer(server);
    const options = picks({ live: false, count: 2 });
    const body = { oddsType: OddsType.Decimal, seamless: true, bets: options.map((p) => single(p, 20)) };
    const refused = await call(server, 'tp', 'saba/sabaDoBatchPlaceBet', body, { token: fresh.token, idempotencyKey: idempotencyKey() });
    expect(refused).toMatchObject({
      status: 403,
      code: 'GW_800400',
      message: 'This type of gameplay requires completing the first deposit.',
    });

    const login = await loginWithPassword(server, DEMO_PLAYER.phoneAsTyped, DEMO_PLAYER.password);
    const demo = { token: login.data.webToken.token, customerId: await internalId(server, login.data.userInfo) };
    const before = await balance(demo);
    const answer = await call<BatchPlacementResponse>(server, 'tp', 'saba/sabaDoBatchPlaceBet', body, {
      token: demo.token,
      idempotencyKey: idempotencyKey(),
    });
    expect(answer.data.results).toHaveLength(2);
    expect(answer.data.results.every((r) => r.code === 0 && r.ticket?.mode === 'endingGame')).toBe(true);
    expect(await balance(demo)).toBe(before - 2 * 2_000);
    const tooMany = await call(
      server,
      'tp',
      'saba/sabaDoBatchPlaceBet',
      { ...body, bets: Array.from({ length: 11 }, () => body.bets[0]) },
      {
        token: demo.token,
        idempotencyKey: idempotencyKey(),
      },
    );
    expect(tooMany).toMatchObject({ code: 'GW_800400', message: 'bets: No more than 10 options' });
  });
});

describe('parlays', () => {
  it('places Doubles + Trebles + Fold4 on 4 legs and pays every combination when the matches finish', async () => {
    const player = await fundedPlayer(server);
    const legs = picks({ live: false, count: 4, filter: (m) => m.main && m.combo });
    expect(legs).toHaveLength(4);
    const combos = [
      { combo_type: 'Doubles', stake: 10 },
      { combo_type: 'Trebles', stake: 10 },
      { combo_type: 'Fold4', stake: 10 },
    ];
    const answer = await placeParlay(player, parlay(legs, combos));
    expect(answer.data).toMatchObject({
      code: 0,
      bet_status: 'running',
      parlay_ticket_status: 'running',
      abnormal_odds: [],
      payout_list: [],
    });
    const placed = answer.data.ticket!;
    expect(answer.data.trans_idStr).toBe(placed.transId);
    expect(placed.stake).toBe(1_000 * (6 + 4 + 1));
    expect(answer.data.combos).toEqual([
      { combo_type: 'Doubles', stake: 1_000, bet_count: 6 },
      { combo_type: 'Trebles', stake: 1_000, bet_count: 4 },
      { combo_type: 'Fold4', stake: 1_000, bet_count: 1 },
    ]);
    expect(answer.data.price_info.every((info) => info.state_code === 0)).toBe(true);
    const pricesH = legs.map((leg) => oddsHundredths(leg.price));
    const stakes = [2, 3, 4].map((size) => ({ size, stakeCentavos: 1_000 }));
    expect(placed.payout).toBe(parlayPotentialReturn(pricesH, stakes));
    expect(placed.odds).toBe(Number((pricesH.reduce((a, b) => a * BigInt(b), 1n) / 100n ** 3n).toString()) / 100);
    expect(await balance(player)).toBe(500_000 - 11_000);

    // Three legs settle: the ticket still runs. The fourth settles it.
    for (const leg of legs.slice(0, 3)) await finish(leg.match.matchId);
    expect((await ticket(player, placed.transId)).data.status).toBe('running');
    await finish(legs[3]!.match.matchId);
    const outcomes = legs.map((leg) => legOutcome(results.get(leg.match.matchId)!, leg.market.marketId, leg.key, leg.market.point));
    let expected = 0;
    for (const { size } of stakes) {
      for (const pick of combinations(4, size))
        expected += betReturn(
          1_000,
          pick.map((i) => ({ oddsH: pricesH[i]!, outcome: outcomes[i]! })),
        );
    }
    const settled = (await ticket(player, placed.transId)).data;
    expect(settled.legs.map((leg) => leg.outcome)).toEqual(outcomes);
    expect(settled).toMatchObject({ status: parlayStatus(11_000, expected), payout: expected });
    expect(settled.settledAt).not.toBeNull();
    expect(await balance(player)).toBe(500_000 - 11_000 + expected);
  });

  it('checks the slip rules of spec §5', async () => {
    const player = await fundedPlayer(server);
    const legs = picks({ live: false, count: 4, filter: (m) => m.main && m.combo });
    const doubles = [{ combo_type: 'Doubles', stake: 10 }];
    const sameMatch = parlay([legs[0]!, legs[0]!], doubles);
    expect(await placeParlay(player, sameMatch)).toMatchObject({
      code: 'GW_800400',
      message: 'Only 1 bet type can be chosen for the same match.',
    });
    const many = parlay(legs, doubles);
    many.bet_matches = Array.from({ length: 21 }, (_, i) => ({ ...many.bet_matches[0]!, eventId: `m${i}` }));
    expect(await placeParlay(player, many)).toMatchObject({ code: 'GW_800400', message: 'You can choose a maximum of 20 matches.' });
    expect(await placeParlay(player, parlay(legs.slice(0, 1), doubles))).toMatchObject({
      message: 'Parlay bet must combine more than 1 bets',
    });
    expect(await placeParlay(player, parlay(legs, [{ combo_type: 'Fold5', stake: 10 }]))).toMatchObject({
      message: 'Parlay bet must combine more than 4 bets',
    });
    expect((await placeParlay(player, parlay(legs, [{ combo_type: 'Fold99', stake: 10 }]))).code).toBe('GW_800400');

    const [prop] = picks({ live: false, count: 1, filter: (m) => !m.combo, exclude: new Set(legs.map((l) => l.match.matchId)) });
    const notCombo = await placeParlay(player, parlay([legs[0]!, prop!], doubles));
    expect(notCombo.data).toMatchObject({
      code: BetCode.ComboNotAllowed,
      message: "The selected bet type can't create a Doubles, please try to modify and bet",
      bet_status: 'reject',
      trans_idStr: '',
    });
    expect(notCombo.data.price_info.map((info) => info.state_code)).toEqual([0, BetCode.ComboNotAllowed]);

    const stale = parlay(legs.slice(0, 2), doubles);
    stale.bet_matches[1]!.price = Math.round((legs[1]!.price - 0.1) * 100) / 100;
    const moved = await placeParlay(player, stale);
    expect(moved.data).toMatchObject({ code: BetCode.OddsChanged, message: 'Odds Changed', bet_status: 'reject' });
    expect(moved.data.price_info[1]).toMatchObject({ state_code: 39, state_message: 'Odds Changed', current_price: legs[1]!.price });
    expect(moved.data.current_combos).toEqual([]);
    // parlay_odds_option 2 accepts any change: placed at the current prices.
    const accepted = await placeParlay(player, { ...stale, parlay_odds_option: 2 });
    expect(accepted.data.ticket!.legs[1]!.price).toBe(legs[1]!.price);
    expect(await balance(player)).toBe(500_000 - 1_000);
  });
});

describe('money safety', () => {
  it('never overdraws: 50 bets of ₱100.00 at once on ₱1,000.00', async () => {
    const player = await fundedPlayer(server, 1_000);
    const [pick] = picks({ live: false, count: 1 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => placeSingle(player, single(pick!, 100))));
    const accepted = answers.filter((a) => a.data.code === 0);
    const refused = answers.filter((a) => a.data.code === BetCode.InsufficientBalance);
    expect(accepted.length + refused.length).toBe(50);
    expect(accepted.length).toBe(10);
    expect(refused[0]!.data).toMatchObject({ bet_status: 'reject', message: 'Your balance is not enough for this bet.' });
    const left = await balance(player);
    expect(left).toBe(100_000 - accepted.length * 10_000);
    expect(left).toBeGreaterThanOrEqual(0);
  });

  it('answers the same Idempotency-Key with one ticket and the same answer', async () => {
    const player = await fundedPlayer(server);
    const [pick] = picks({ live: false, count: 1 });
    const key = idempotencyKey();
    const answers = await Promise.all(Array.from({ length: 5 }, () => placeSingle(player, single(pick!, 100), key)));
    expect(new Set(answers.map((a) => JSON.stringify(a.data))).size).toBe(1);
    expect((await placeSingle(player, single(pick!, 100), key)).data).toEqual(answers[0]!.data);
    const [count] = await server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(betTickets)
      .where(eq(betTickets.customerId, player.customerId));
    expect(count!.n).toBe(1);
    expect(await balance(player)).toBe(500_000 - 10_000);
    expect(await placeSingle(player, single(pick!, 200), key)).toMatchObject({ status: 409, code: 'GW_800441' });
  });

  it('pays a settled single once, however often or concurrently the result is applied', async () => {
    const player = await fundedPlayer(server);
    const [pick] = picks({ live: false, count: 1 });
    const placed = (await placeSingle(player, single(pick!, 100))).data.ticket!;
    const result = await finish(pick!.match.matchId);
    const outcome = legOutcome(result, pick!.market.marketId, pick!.key, pick!.market.point);
    const payout = betReturn(10_000, [{ oddsH: oddsHundredths(pick!.price), outcome }]);
    const settled = (await ticket(player, placed.transId)).data;
    expect(settled).toMatchObject({ status: outcome, payout });
    await Promise.all([server.app.bets.settleMatch(result), server.app.bets.settleMatch(result), server.app.bets.settleMatch(result)]);
    expect((await ticket(player, placed.transId)).data).toEqual(settled);
    expect(await balance(player)).toBe(500_000 - 10_000 + payout);
    const postings = await server.database.db
      .select({ kind: ledgerTransactions.kind })
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.reference, `bet:${placed.transId}`)));
    expect(postings.map((p) => p.kind).sort()).toEqual(['bet', 'bet_payout']);
  });
});

describe('a feed that lost its events', () => {
  it('voids the running bets on events the feed no longer offers, refunding them once, parlay legs counting 1', async () => {
    const player = await fundedPlayer(server);
    const [pick, ...legs] = picks({ live: false, count: 3, filter: (m) => m.main && m.combo });
    const placedSingle = (await placeSingle(player, single(pick!, 100))).data.ticket!;
    const placedParlay = (await placeParlay(player, parlay(legs, [{ combo_type: 'Doubles', stake: 50 }]))).data.ticket!;
    const outright = feed().outrights('1')[0]!;
    const team = outright.teams[0]!;
    const placedOutright = (await placeOutright(player, outrightBody(outright, team, 200))).data.ticket!;
    expect(await balance(player)).toBe(500_000 - 35_000);

    // The server comes back with a new simulated feed (its stored state was unreadable): none of these events exists in it.
    const pushes: BetPush[] = [];
    const restarted = new BetService({
      db: server.database.db,
      feed: createFeedSimulator({ ...DEFAULT_FEED_OPTIONS, now: () => Date.now() + 60_000 }),
      acceptDelayMs: ACCEPT_DELAY_MS,
      publishBet: (customerId, push) => customerId === player.customerId && pushes.push(push),
      onBalanceChange: () => undefined,
      log: server.app.log,
    });
    await restarted.start();
    await restarted.stop();

    for (const placed of [placedSingle, placedParlay, placedOutright]) {
      const after = (await ticket(player, placed.transId)).data;
      expect(after).toMatchObject({ status: 'void', payout: placed.stake });
      expect(after.legs.every((leg) => leg.outcome === 'void')).toBe(true);
    }
    expect(pushes.map((push) => push.status)).toEqual(['void', 'void', 'void']);
    expect(await balance(player)).toBe(500_000);
    // Nothing is left to void, and nothing is paid twice.
    expect(await restarted.reconcile()).toEqual({ settled: 0, voided: 0 });
    expect(await balance(player)).toBe(500_000);
  });
});

describe('several instances (issue 15)', () => {
  it("an instance that is not the feed's leader voids nothing at its start, whatever its feed lacks", async () => {
    const player = await fundedPlayer(server);
    const [pick] = picks({ live: false, count: 1 });
    const placed = (await placeSingle(player, single(pick!, 100))).data.ticket!;
    const follower = new BetService({
      db: server.database.db,
      feed: createFeedSimulator({ ...DEFAULT_FEED_OPTIONS, now: () => Date.now() + 60_000 }),
      acceptDelayMs: ACCEPT_DELAY_MS,
      publishBet: () => undefined,
      onBalanceChange: () => undefined,
      log: server.app.log,
      reconcileOnStart: false,
    });
    await follower.start();
    await follower.stop();
    expect((await ticket(player, placed.transId)).data.status).toBe('running');
  });

  it('the leader decides a live ticket its instance left waiting when it died, once', async () => {
    const player = await fundedPlayer(server);
    const [pick] = picks({ live: true, count: 1 });
    const service = (acceptDelayMs: number, publishBet: BetServiceOptions['publishBet']) =>
      new BetService({
        db: server.database.db,
        feed: feed(),
        acceptDelayMs,
        publishBet,
        onBalanceChange: () => undefined,
        log: server.app.log,
        reconcileOnStart: false,
      });
    // The instance that took the bet dies before its acceptance timer fires.
    const dying = service(60_000, () => undefined);
    const placed = (await dying.placeSingle(player.customerId, idempotencyKey(), single(pick!, 100))).ticket!;
    await dying.stop();
    expect(placed.status).toBe('waiting');

    const pushes: BetPush[] = [];
    const leader = service(ACCEPT_DELAY_MS, (customerId, push) => customerId === player.customerId && pushes.push(push));
    expect(await leader.decideOverdue(2_000)).toBe(0);
    expect(await leader.decideOverdue(2_000, Date.now() + 70_000)).toBe(1);
    await leader.idle();
    expect((await ticket(player, placed.transId)).data.status).toBe('running');
    expect(await leader.decideOverdue(2_000, Date.now() + 70_000)).toBe(0);
    expect(pushes).toEqual([{ transId: placed.transId, status: 'running', payout: placed.payout }]);
  });
});

describe('live bets', () => {
  it('waits for the acceptance delay, then runs', async () => {
    const player = await fundedPlayer(server);
    const [pick] = picks({ live: true, count: 1 });
    expect(pick).toBeDefined();
    const answer = await placeSingle(player, single(pick!, 100));
    expect(answer.data).toMatchObject({ code: 0, bet_status: 'waiting', ticket: { status: 'waiting' } });
    expect(await balance(player)).toBe(490_000);
    const transId = answer.data.ticket!.transId;
    let status = 'waiting';
    for (let i = 0; i < 20 && status === 'waiting'; i++) {
      await sleep(100);
      status = (await ticket(player, transId)).data.status;
    }
    expect(status).toBe('running');
  });

  it('rejects and refunds once when the price falls or the market stops during the delay', async () => {
    const player = await fundedPlayer(server);
    const [pick] = picks({ live: true, count: 1 });
    const answer = await placeSingle(player, single(pick!, 100));
    expect(answer.data.bet_status).toBe('waiting');
    // Move the feed (synchronously, inside the delay) until the bet could no longer stand as placed.
    let reasons: string[] = [];
    for (let i = 0; i < 20_000 && reasons.length === 0; i++) {
      feed().step(100);
      const match = feed().match(pick!.match.matchId);
      const market = feed().market(pick!.market.marketId);
      const price = market?.selections.find((s) => s.key === pick!.key)?.price ?? 0;
      // A finished match is caught by settlement or by the delay's check, whichever runs first.
      if (!match || match.runningStatus === '2')
        reasons = ['The match ended before the live bet was confirmed.', 'This match is over or no longer available.'];
      else if (!market || market.status !== 'Running') reasons = [`Market ${market?.status ?? 'Closed'}`];
      else if (price <= 1) reasons = ['Market ClosedPrice'];
      else if (market.point !== pick!.market.point || price < pick!.price) reasons = ['Odds Changed'];
    }
    expect(reasons.length).toBeGreaterThan(0);
    await sleep(ACCEPT_DELAY_MS + 100);
    await server.app.bets.idle();
    const rejected = (await ticket(player, answer.data.ticket!.transId)).data;
    expect(rejected).toMatchObject({ status: 'reject', payout: 0 });
    expect(reasons).toContain(rejected.reason);
    expect(await balance(player)).toBe(500_000);
    const refunds = await server.database.db
      .select({ kind: ledgerTransactions.kind })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, `bet:${rejected.transId}`));
    expect(refunds.map((r) => r.kind).sort()).toEqual(['bet', 'bet_refund']);
  });

  it('pushes ticket changes on /user/queue/bets and balance changes on /user/queue/balance', async () => {
    const player = await fundedPlayer(server);
    const url = `${server.url.replace('http', 'ws')}/ws`;
    const client = new Client({
      brokerURL: url,
      webSocketFactory: () => new WebSocket(url, ['v12.stomp']),
      connectHeaders: { token: player.token },
      reconnectDelay: 0,
    });
    const bets: BetPush[] = [];
    let balances = 0;
    await new Promise<void>((resolve, reject) => {
      client.onConnect = () => resolve();
      client.onStompError = (frame) => reject(new Error(frame.headers['message']));
      client.activate();
    });
    try {
      client.subscribe('/user/queue/bets', (m) => bets.push(JSON.parse(m.body) as BetPush));
      client.subscribe('/user/queue/balance', () => balances++);
      await sleep(50);
      const [pick] = picks({ live: true, count: 1 });
      const placed = (await placeSingle(player, single(pick!, 100))).data.ticket!;
      for (let i = 0; i < 30 && bets.length < 2; i++) await sleep(50);
      expect(bets).toEqual([
        { transId: placed.transId, status: 'waiting', payout: placed.payout },
        { transId: placed.transId, status: 'running', payout: placed.payout },
      ]);
      expect(balances).toBeGreaterThanOrEqual(1);
      await finish(pick!.match.matchId);
      for (let i = 0; i < 30 && bets.length < 3; i++) await sleep(50);
      const settled = (await ticket(player, placed.transId)).data;
      expect(bets[2]).toEqual({ transId: placed.transId, status: settled.status, payout: settled.payout });
    } finally {
      await client.deactivate();
    }
  });
});

describe('lookups and records', () => {
  it('answers selection details, outright ones, and a single market', async () => {
    const [pick] = picks({ live: false, count: 1 });
    const outright = feed().outrights('2')[0]!;
    const details = await call<SelectionDetailResponse>(server, 'tp', 'saba/querySelectionDetailV2', {
      selections: [
        { marketId: pick!.market.marketId, key: pick!.key },
        { marketId: 'gone', key: 'h' },
        {
          marketId: outright.outrightOddsId,
          key: outright.teams[1]!.teamId,
          outrightOddsId: outright.outrightOddsId,
          teamId: outright.teams[1]!.teamId,
        },
      ],
    });
    expect(details.data.selections).toEqual([
      {
        marketId: pick!.market.marketId,
        key: pick!.key,
        price: pick!.price,
        status: 'Running',
        point: pick!.market.point,
        point2: pick!.market.point2,
        minBet: pick!.market.minBet,
        maxBet: pick!.market.maxBet,
        found: true,
      },
      { marketId: 'gone', key: 'h', price: 0, status: 'Closed', point: null, point2: null, minBet: 0, maxBet: 0, found: false },
      expect.objectContaining({ outrightOddsId: outright.outrightOddsId, price: outright.teams[1]!.price, status: 'Running', found: true }),
    ]);
    const tooMany = await call(server, 'tp', 'saba/querySelectionDetailV2', {
      selections: Array.from({ length: 51 }, () => ({ marketId: 'x', key: 'h' })),
    });
    expect(tooMany).toMatchObject({ code: 'GW_800400', message: 'selections: At most 50 selections per call.' });

    for (const name of ['saba/queryQuickBetSingleMarket', 'saba/refreshSingleMarket']) {
      const one = await call<SingleMarketResponse>(server, 'tp', name, { marketId: pick!.market.marketId });
      expect(one.data.market).toEqual(feed().market(pick!.market.marketId));
      expect(one.data.match.matchId).toBe(pick!.match.matchId);
    }
    expect(await call(server, 'tp', 'saba/refreshSingleMarket', { marketId: 'gone' })).toMatchObject({
      status: 404,
      message: 'This market is closed or no longer available.',
    });
  });

  it('pages a player’s running and settled bets, with mode, match and Manila date filters', async () => {
    const player = await fundedPlayer(server);
    const singles = picks({ live: false, count: 3 });
    const placed: BetTicket[] = [];
    for (const pick of singles) placed.push((await placeSingle(player, single(pick, 10))).data.ticket!);
    const legs = picks({ live: false, count: 2, filter: (m) => m.main && m.combo, exclude: new Set(singles.map((p) => p.match.matchId)) });
    const combo = (await placeParlay(player, parlay(legs, [{ combo_type: 'Doubles', stake: 10 }]))).data.ticket!;
    await finish(singles[0]!.match.matchId);

    const list = (body: Record<string, unknown>) =>
      call<BetListResponse>(
        server,
        'main',
        'transactionRecord/queryBetList',
        { pageNo: 1, pageSize: 10, ...body },
        { token: player.token },
      );
    const running = (await list({ status: 'running' })).data;
    expect(running.total).toBe(3);
    expect(running.tickets.map((t) => t.transId)).toEqual([combo.transId, placed[2]!.transId, placed[1]!.transId]);
    expect(running.totals).toEqual({ stake: 3_000, payout: running.tickets.reduce((sum, t) => sum + t.payout, 0) });
    const page2 = (await list({ status: 'running', pageNo: 2, pageSize: 2 })).data;
    expect(page2).toMatchObject({ total: 3 });
    expect(page2.tickets.map((t) => t.transId)).toEqual([placed[1]!.transId]);
    const settled = (await list({ status: 'settled' })).data;
    expect(settled.tickets.map((t) => t.transId)).toEqual([placed[0]!.transId]);
    expect((await list({ status: 'running', mode: 'parlay' })).data.tickets.map((t) => t.transId)).toEqual([combo.transId]);
    // The match page's own open tickets: a single on it and a parlay with a leg on it; nothing of a finished match.
    const onMatch = async (matchId: string) => (await list({ status: 'running', matchId })).data.tickets.map((t) => t.transId);
    expect(await onMatch(singles[1]!.match.matchId)).toEqual([placed[1]!.transId]);
    expect(await onMatch(legs[1]!.match.matchId)).toEqual([combo.transId]);
    expect(await onMatch(singles[0]!.match.matchId)).toEqual([]);
    expect(await list({ status: 'running', matchId: "1' or 1=1" })).toMatchObject({
      code: 'GW_800400',
      message: 'matchId: Unknown match.',
    });
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Manila' });
    expect((await list({ status: 'running', beginDate: today, endDate: today })).data.total).toBe(3);
    expect((await list({ status: 'running', beginDate: '2020-01-01', endDate: '2020-01-31' })).data.total).toBe(0);
    const backwards = await list({ status: 'running', beginDate: '2020-02-01', endDate: '2020-01-01' });
    expect(backwards).toMatchObject({ code: 'GW_800400', message: 'beginDate must not be after endDate.' });
    const other = await fundedPlayer(server, 10);
    const theirs = await call<BetListResponse>(
      server,
      'main',
      'transactionRecord/queryBetList',
      { status: 'running', pageNo: 1, pageSize: 10 },
      {
        token: other.token,
      },
    );
    expect(theirs.data.total).toBe(0);
  });
});
