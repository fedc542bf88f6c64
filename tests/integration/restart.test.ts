import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransactions } from '../../server/db/schema';
import { ledgerTotal } from '../../server/modules/wallet/ledger';
import { settleSelection } from '../../server/providers/feed/settlement';
import { FEED_SPORTS } from '../../server/providers/feed/types';
import type { BetTicket, LegOutcome, ParlayResult, PlacementResult } from '../../src/contract/betting';
import type { SportTypeId } from '../../src/contract/sports';
import { openPicks, outrightBody, parlayBody, singleBody } from './bodies';
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

describe('a server restarted on the same data', () => {
  it('resumes the feed and settles every bet placed before it once, voiding none', async () => {
    const player = await fundedPlayer(server, 5_000);
    const token = { token: player.token };
    const taken = new Set<string>();
    const [preMatch, parlayA, parlayB, cutOff] = openPicks(feed(), {
      live: false,
      count: 4,
      exclude: taken,
      filter: (m) => m.main && m.combo,
    });
    const [live, liveWaiting] = openPicks(feed(), { live: true, count: 2, exclude: taken, filter: (m) => m.main && m.combo });
    expect([preMatch, parlayA, parlayB, cutOff, live, liveWaiting].every(Boolean)).toBe(true);

    const place = (body: unknown) =>
      call<PlacementResult>(server, 'tp', 'saba/sabaDoPlaceBetV2', body, { ...token, idempotencyKey: idempotencyKey() });
    const tickets: string[] = [];
    for (const pick of [preMatch!, cutOff!, live!]) tickets.push((await place(singleBody(pick, 100))).data.ticket!.transId);
    const parlay = await call<ParlayResult>(
      server,
      'tp',
      'sabaCombo/comboBetToSaba',
      parlayBody([parlayA!, parlayB!], [{ combo_type: 'Doubles', stake: 50 }]),
      { ...token, idempotencyKey: idempotencyKey() },
    );
    tickets.push(parlay.data.ticket!.transId);
    const outright = feed().outrights('1')[0]!;
    const team = outright.teams[0]!;
    const outrightBet = await call<PlacementResult>(server, 'tp', 'saba/sabaPlaceOutrightBetV2', outrightBody(outright, team, 200), {
      ...token,
      idempotencyKey: idempotencyKey(),
    });
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
