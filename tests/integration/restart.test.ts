import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransactions } from '../../server/db/schema';
import { ledgerTotal } from '../../server/modules/wallet/ledger';
import { settleSelection } from '../../server/providers/feed/settlement';
import { FEED_SPORTS } from '../../server/providers/feed/types';
import type { BetTicket, LegOutcome, ParlayResult, PlacementResult } from '../../src/contract/betting';
import { MarketStatus, OddsType, type SportTypeId } from '../../src/contract/sports';
import { type Pick, singleBody } from './bodies';
import { call, fundedPlayer, idempotencyKey } from './player';
import { type TestServer, startServer } from './server';

/**
 * A restart (a deploy, a crash) loses nothing: the feed resumes the same matches, markets and prices,
 * bets placed before it settle after it, each paid exactly once, and none is voided by the restart.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startServer({}, undefined, { betAcceptDelayMs: 250, ipCallsPerMinute: 100_000, accountCallsPerMinute: 10_000 });
});

afterAll(async () => {
  await server.close();
});

const feed = () => server.app.feed;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Running main-market selections of different matches, pre-match or live. */
function picks(live: boolean, count: number, taken: Set<string>): Pick[] {
  const found: Pick[] = [];
  for (const sport of FEED_SPORTS) {
    for (const mode of live ? (['live'] as const) : (['today', 'early'] as const)) {
      for (const listed of feed().listSnapshot(sport as SportTypeId, mode).matches) {
        if (found.length === count) return found;
        if (taken.has(listed.matchId)) continue;
        const snapshot = feed().matchSnapshot(listed.matchId)!;
        if (live !== (snapshot.match.runningStatus === '0')) continue;
        const market = snapshot.markets.find(
          (m) => m.main && m.combo && m.status === MarketStatus.Running && m.selections.every((s) => s.price > 1),
        );
        if (!market) continue;
        taken.add(listed.matchId);
        found.push({ match: snapshot.match, market, key: market.selections[0]!.key, price: market.selections[0]!.price });
      }
    }
  }
  return found;
}

describe('a server restarted on the same data', () => {
  it('resumes the feed and settles every bet placed before it once, voiding none', async () => {
    const player = await fundedPlayer(server, 5_000);
    const token = { token: player.token };
    const taken = new Set<string>();
    const [preMatch, parlayA, parlayB, cutOff] = picks(false, 4, taken);
    const [live, liveWaiting] = picks(true, 2, taken);
    expect([preMatch, parlayA, parlayB, cutOff, live, liveWaiting].every(Boolean)).toBe(true);

    const place = (body: unknown) =>
      call<PlacementResult>(server, 'tp', 'saba/sabaDoPlaceBetV2', body, { ...token, idempotencyKey: idempotencyKey() });
    const tickets: string[] = [];
    for (const pick of [preMatch!, cutOff!, live!]) tickets.push((await place(singleBody(pick, 100))).data.ticket!.transId);
    const parlay = await call<ParlayResult>(
      server,
      'tp',
      'sabaCombo/comboBetToSaba',
      {
        parlay_odds_option: 0,
        oddsType: OddsType.Decimal,
        seamless: true,
        bet_combos: [{ combo_type: 'Doubles', stake: 50 }],
        bet_matches: [parlayA!, parlayB!].map(({ match, market, key, price }) => ({
          key,
          market_id: market.marketId,
          point: market.point,
          point2: market.point2,
          price,
          sport_type: match.sportTypeId,
          home_name: match.homeName,
          away_name: match.awayName,
          league_name: match.leagueName,
          betType: market.betType,
          betTypeName: market.betTypeName,
          keyEn: market.selections.find((s) => s.key === key)!.keyEn,
          eventId: match.matchId,
          matchDate: match.kickoff,
        })),
      },
      { ...token, idempotencyKey: idempotencyKey() },
    );
    tickets.push(parlay.data.ticket!.transId);
    const outright = feed().outrights('1')[0]!;
    const team = outright.teams[0]!;
    const outrightBet = await call<PlacementResult>(
      server,
      'tp',
      'saba/sabaPlaceOutrightBetV2',
      {
        oddsType: OddsType.Decimal,
        seamless: true,
        stake: 200,
        price: team.price,
        outrightOddsId: outright.outrightOddsId,
        teamId: team.teamId,
        teamName: team.teamName,
        leagueId: outright.leagueId,
        leagueName: outright.name,
        sportTypeId: outright.sportTypeId,
        eventDate: outright.eventDate,
      },
      { ...token, idempotencyKey: idempotencyKey() },
    );
    tickets.push(outrightBet.data.ticket!.transId);
    const ticket = (transId: string) => call<BetTicket>(server, 'tp', 'saba/queryTicketByTransId', { transId }, token);
    // The first live bet is accepted before the restart; the second is still waiting for its check across it.
    for (let i = 0; i < 40 && (await ticket(tickets[2]!)).data.status === 'waiting'; i++) await sleep(50);
    expect((await ticket(tickets[2]!)).data.status).toBe('running');
    tickets.push((await place(singleBody(liveWaiting!, 100))).data.ticket!.transId);
    expect((await ticket(tickets[5]!)).data.status).toBe('waiting');

    // A match ends and the server goes down before settling it (settlement stopped listening first).
    await server.app.bets.stop();
    expect(feed().finishNow(cutOff!.match.matchId)).toBe(true);
    await feed().idle();
    expect((await ticket(tickets[1]!)).data.status).toBe('running');

    const matchIds = [preMatch, parlayA, parlayB, live, liveWaiting].map((p) => p!.match.matchId);
    const before = {
      matches: matchIds.map((id) => feed().matchSnapshot(id)),
      lists: FEED_SPORTS.map((sport) => feed().listSnapshot(sport as SportTypeId, 'today')),
      outrights: feed().outrights('1'),
      now: feed().now(),
    };
    server = await server.restart();

    // The same feed: the same matches, markets, prices, scores and stream numbers.
    expect({
      matches: matchIds.map((id) => feed().matchSnapshot(id)),
      lists: FEED_SPORTS.map((sport) => feed().listSnapshot(sport as SportTypeId, 'today')),
      outrights: feed().outrights('1'),
      now: feed().now(),
    }).toEqual(before);
    // The cut-off settlement was completed at start, from the result the feed kept.
    expect((await ticket(tickets[1]!)).data.status).not.toMatch(/running|void/);
    // The waiting live bet is checked after the restart, against the same market: accepted.
    for (let i = 0; i < 40 && (await ticket(tickets[5]!)).data.status === 'waiting'; i++) await sleep(50);
    expect((await ticket(tickets[5]!)).data.status).toBe('running');
    for (const transId of [tickets[0]!, tickets[2]!, tickets[3]!, tickets[4]!]) expect((await ticket(transId)).data.status).toBe('running');

    for (const id of [...matchIds, outright.outrightOddsId]) {
      expect((await fetch(`${server.url}/dev/feed/settle/${id}`, { method: 'POST' })).status).toBe(200);
    }

    // Every leg settled as its match's result says (a void only where the result voids it).
    let paid = 0;
    let staked = 0;
    for (const transId of tickets) {
      const settled = (await ticket(transId)).data;
      expect(settled.status).not.toMatch(/running|waiting|reject/);
      for (const leg of settled.legs) {
        if (leg.betType === 10) {
          expect(leg.outcome).toBe(
            leg.key === feed().outrightResult(outright.outrightOddsId, outright.eventDate)!.winnerTeamId ? 'won' : 'lost',
          );
          continue;
        }
        const result = feed()
          .result(leg.matchId)!
          .markets.find((m) => m.marketId === leg.marketId)!;
        const expected: LegOutcome = result.score
          ? settleSelection(result.kind, leg.key, leg.point, result.score, Object.keys(result.outcomes))
          : 'void';
        expect(leg.outcome).toBe(expected);
      }
      const postings = await server.database.db
        .select({ kind: ledgerTransactions.kind })
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.reference, `bet:${transId}`));
      // Staked once, settled once (a lost ticket's settlement moves the stake to the book), never refunded.
      expect(postings.map((p) => p.kind).sort()).toEqual(['bet', 'bet_payout']);
      paid += settled.payout;
      staked += settled.stake;
    }
    const balance = await call<{ balance: number }>(server, 'main', 'customer/getBalance', {}, token);
    expect(balance.data.balance).toBe(500_000 - staked + paid);
    expect(await ledgerTotal(server.database.db)).toEqual({ entries: 0, balances: 0 });
  });
});
