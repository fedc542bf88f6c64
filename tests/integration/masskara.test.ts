import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join as joinPath } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { betTickets, bonusGrants, casinoRounds, masskaraEntries, masskaraMasks, raffleDraws } from '../../server/db/schema';
import { rewardTerms } from '../../server/modules/campaigns/service';
import { TOURNAMENT_GRACE_MS } from '../../server/modules/campaigns/tournaments';
import { rollFor, seedHash } from '../../server/modules/campaigns/fairness';
import { ledgerTotal } from '../../server/modules/wallet/ledger';
import type { ExchangeMasskaraAnswer, MasskaraAnswer, RafflesAnswer } from '../../src/contract/answers/masskara';
import type { PromotionListAnswer } from '../../src/contract/answers/promotions';
import { BetCode, type PlacementResult } from '../../src/contract/betting';
import { drawRaffle, pickWeighted, raffleMessage } from '../../src/contract/fairness';
import type { MasskaraEdition, Raffle } from '../../src/contract/masskara';
import { GatewayCode } from '../../src/contract/errorCodes';
import { type Pick, openPicks, singleBody } from './bodies';
import { call, fund, idempotencyKey, quickCustomer, visitorToken } from './player';
import { type TestServer, secondInstance, startServer } from './server';

/**
 * The Masskara campaign and the raffle (issue 35) through the calls a player makes, on two instances
 * sharing one database: a mask drawn for each qualifying bet or round settled after joining, reproducible
 * from the player's seed (its hash shown at joining); a full set exchanged once however many exchanges
 * race on both instances, refused while incomplete and for a player on a break; raffle tickets from
 * settled turnover in the window, the draw made once though two instances run it, its winners following
 * from the seed revealed after, whose hash was published before. The ledger at zero after every test.
 */

let server: TestServer;
let second: TestServer;
const HOUR = 3_600_000;
/** Matches settled by a test here (their markets are closed). */
const settledMatches = new Set<string>();

beforeAll(async () => {
  server = await startServer({}, undefined, { ipCallsPerMinute: 100_000, accountCallsPerMinute: 10_000 });
  second = await secondInstance(server);
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

async function devPost(path: string, body: unknown): Promise<Response> {
  return fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

const masks: MasskaraEdition['masks'] = [
  { id: 'gold-mask', label: 'Gold mask', weight: 1 },
  { id: 'red-mask', label: 'Red mask', weight: 1 },
];
const campaign: MasskaraEdition = {
  id: 'fiesta-one',
  raffles: [],
  active: true,
  title: 'Masskara test',
  summary: 'Collect both masks.',
  startsAt: new Date(Date.now() - 24 * HOUR).toISOString(),
  endsAt: new Date(Date.now() + 24 * HOUR).toISOString(),
  masks,
  sports: { minStake: 2_500, minOddsH: 101 },
  casino: { minBet: 500 },
  prize: { bonus: 7_000, multiple: 2, maxBet: 5_000, maxWin: 50_000, days: 7 },
  exchangeDays: 3,
};

const read = (token: string, on = server) => call<MasskaraAnswer>(on, 'main', 'masskara/campaign', {}, { token });
const join = (token: string) =>
  call<{ seedHash: string }>(server, 'main', 'masskara/join', {}, { token, idempotencyKey: idempotencyKey() });
const exchange = (token: string, on = server, key = idempotencyKey()) =>
  call<ExchangeMasskaraAnswer>(on, 'main', 'masskara/exchange', {}, { token, idempotencyKey: key });

let n = 0;
/** A settled casino round of the player's, settled `at`. */
function round(customerId: number, bet: number, at = Date.now(), extra: Partial<typeof casinoRounds.$inferInsert> = {}) {
  n++;
  return {
    customerId,
    roundId: `mk-${customerId}-${n}`,
    gameId: 1,
    gameCode: 'slot-1',
    gameName: 'Festival Slot',
    platformCode: 'sim',
    category: 5,
    startedAt: new Date(at - 1_000),
    lastAt: new Date(at),
    status: 'settled',
    bet,
    win: 0,
    ...extra,
  };
}

/** Settled rounds for the player, one at a time, until their set is complete (each draw is 1 in 2). */
async function completeSet(customerId: number, token: string): Promise<MasskaraAnswer> {
  for (let i = 0; i < 40; i++) {
    await db().insert(casinoRounds).values(round(customerId, 1_000));
    const answer = (await read(token)).data;
    if (answer.me?.complete) return answer;
  }
  throw new Error('no full set in 40 draws');
}

describe('the Masskara campaign', () => {
  beforeAll(async () => {
    const saved = await devPost('/dev/masskara', { config: { editions: [campaign] } });
    expect(saved.status, await saved.clone().text()).toBe(200);
  });

  it('draws a mask for each qualifying bet settled after joining, recorded once with when and from what, reproducible from the seed whose hash was shown at joining', async () => {
    const visitor = await read(await visitorToken(server));
    expect(visitor.data).toMatchObject({ title: 'Masskara test', status: 'running', me: null });
    expect(visitor.data.terms.join(' ')).toMatch(
      /Each settled sports bet of at least ₱25, every selection at odds 1\.01 or more, draws one mask/,
    );
    expect(visitor.data.masks.map((m) => m.percent)).toEqual(['50.0', '50.0']);

    const player = await quickCustomer(server);
    await fund(server, player.customerId, 20_000);
    const [pick, before] = openPicks(server.app.feed, { live: false, count: 2, filter: (m) => m.selections.every((s) => s.price > 1.01) });
    // A round settled before joining draws nothing.
    await db().insert(casinoRounds).values(round(player.customerId, 5_000));
    expect((await read(player.token)).data.me).toBeNull();
    const joined = await join(player.token);
    expect(joined.code, joined.message).toBe('0000');
    const shownHash = joined.data.seedHash;

    const placed = await call<PlacementResult>(server, 'tp', 'saba/sabaDoPlaceBetV2', singleBody(pick!, 30), {
      token: player.token,
      idempotencyKey: idempotencyKey(),
    });
    expect(placed.data.code, placed.data.message).toBe(BetCode.Ok);
    // Under the stake asked: draws nothing once settled either.
    const small = await call<PlacementResult>(server, 'tp', 'saba/sabaDoPlaceBetV2', singleBody(before!, 20), {
      token: player.token,
      idempotencyKey: idempotencyKey(),
    });
    expect(small.data.code, small.data.message).toBe(BetCode.Ok);
    expect((await read(player.token)).data.me?.records).toEqual([]); // not settled yet
    for (const matchId of new Set([pick!.match.matchId, before!.match.matchId])) {
      settledMatches.add(matchId);
      expect((await fetch(`${server.url}/dev/feed/settle/${matchId}`, { method: 'POST' })).status).toBe(200);
    }
    await server.app.bets.idle();

    // Read on both instances at once: one mask, from the settled ticket.
    const [a, b] = await Promise.all([read(player.token), read(player.token, second)]);
    expect(a.data.me?.records).toEqual(b.data.me?.records);
    const records = a.data.me!.records;
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ from: 'bet', reference: placed.data.ticket!.transId, stake: 3_000, exchanged: false });
    expect(await db().select().from(masskaraMasks).where(eq(masskaraMasks.customerId, player.customerId))).toHaveLength(1);
    expect(a.data.me).toMatchObject({ seedHash: shownHash, seed: null, complete: false });
    expect(a.data.me!.counts.reduce((x, y) => x + y, 0)).toBe(1);

    // The seed (kept secret until the exchange) is the one whose hash was shown, and it reproduces the mask.
    const [entry] = await db().select().from(masskaraEntries).where(eq(masskaraEntries.customerId, player.customerId));
    expect(seedHash(entry!.seed)).toBe(shownHash);
    expect(rollFor(entry!.seed, records[0]!.message)).toBe(records[0]!.roll);
    expect(pickWeighted(records[0]!.roll, masks).id).toBe(records[0]!.maskId);

    // Incomplete: refused with what is missing, nothing paid.
    const early = await exchange(player.token);
    expect(early.code).toBe(GatewayCode.PromotionRefused);
    const missing = masks.find((m) => m.id !== records[0]!.maskId)!;
    expect(early.message).toBe(`Your set is not complete yet: you still need ${missing.label}.`);
    expect(await db().select().from(bonusGrants).where(eq(bonusGrants.customerId, player.customerId))).toHaveLength(0);
  });

  it('exchanges a full set once though twenty exchanges race on two instances, then reveals the seed that reproduces every mask', async () => {
    const player = await quickCustomer(server);
    expect((await join(player.token)).code).toBe('0000');
    const full = await completeSet(player.customerId, player.token);
    expect(full.me!.counts.every((count) => count > 0)).toBe(true);

    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => exchange(player.token, i % 2 ? second : server)));
    const paid = answers.filter((answer) => answer.code === '0000');
    expect(paid).toHaveLength(1);
    expect(
      answers.filter((answer) => answer.code !== '0000').every((answer) => answer.message === 'You already exchanged a set of masks.'),
    ).toBe(true);
    const grants = await db()
      .select()
      .from(bonusGrants)
      .where(and(eq(bonusGrants.customerId, player.customerId), eq(bonusGrants.offerId, 'masskara-fiesta-one')));
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ amount: 7_000, wageringRequired: 14_000, status: 'active' });
    const wallet = await call<PromotionListAnswer>(server, 'main', 'promotion/list', {}, { token: player.token });
    expect(wallet.data.bonus).toBe(7_000);

    const after = (await read(player.token)).data.me!;
    expect(after.exchange).toMatchObject({ bonus: 7_000, cash: false });
    expect(after.seed).toBe(paid[0]!.data.seed);
    expect(seedHash(after.seed!)).toBe(after.seedHash);
    for (const record of after.records) {
      expect(rollFor(after.seed!, record.message)).toBe(record.roll);
      expect(pickWeighted(record.roll, masks).id).toBe(record.maskId);
    }
    // One of each mask given up; no more masks after the exchange.
    expect(
      after.records
        .filter((r) => r.exchanged)
        .map((r) => r.maskId)
        .sort(),
    ).toEqual(['gold-mask', 'red-mask']);
    await db().insert(casinoRounds).values(round(player.customerId, 1_000));
    expect((await read(player.token)).data.me!.records).toHaveLength(after.records.length);
    expect((await exchange(player.token)).message).toBe('You already exchanged a set of masks.');
  });

  it('refuses the exchange of a player on a break with the gate’s code: nothing paid, the set kept', async () => {
    const player = await quickCustomer(server);
    expect((await join(player.token)).code).toBe('0000');
    await completeSet(player.customerId, player.token);
    const took = await call(server, 'main', 'responsibleGaming/takeBreak', { period: '1d' }, { token: player.token });
    expect(took.code, took.message).toBe('0000');
    const refused = await exchange(player.token);
    expect(refused.code).not.toBe('0000');
    expect(refused.code).not.toBe(GatewayCode.PromotionRefused);
    expect(await db().select().from(bonusGrants).where(eq(bonusGrants.customerId, player.customerId))).toHaveLength(0);
    const [entry] = await db().select().from(masskaraEntries).where(eq(masskaraEntries.customerId, player.customerId));
    expect(entry).toMatchObject({ exchangedAt: null, grantId: null });
  });
});

describe('raffles', () => {
  it('gives tickets by settled turnover in the window, draws once though two instances run the draw, and the revealed seed matches the hash published before and reproduces the winners', async () => {
    const start = Date.now() - 3 * HOUR;
    const end = Date.now() - HOUR;
    const raffle: Raffle = {
      title: 'Festival raffle',
      summary: 'A ticket for every ₱10 staked.',
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(end).toISOString(),
      ticketTurnover: 1_000,
      sports: true,
      casino: true,
      prizes: [4_000, 2_000],
      multiple: 0,
    };
    const saved = await devPost('/dev/raffle', { id: 'festival', definition: raffle });
    expect(saved.status, await saved.clone().text()).toBe(200);
    // Its rules are fixed once it has started.
    const edit = await devPost('/dev/raffle', { id: 'festival', definition: { ...raffle, prizes: [9_000] } });
    expect(edit.status).toBe(400);

    const players = await Promise.all([1, 2, 3, 4].map(() => quickCustomer(server)));
    const [p1, p2, p3, p4] = players;
    const inWindow = start + HOUR;
    await db()
      .insert(casinoRounds)
      .values([
        round(p1!.customerId, 2_500, inWindow), // 2 tickets
        round(p1!.customerId, 600, inWindow), // with the first: ₱31 → 3 tickets
        round(p2!.customerId, 1_000, inWindow), // 1 ticket
        round(p3!.customerId, 5_000, inWindow), // 5 tickets
        // Not counted: before the window, after it, rolled back; under one ticket's turnover.
        round(p4!.customerId, 90_000, start - HOUR),
        round(p4!.customerId, 90_000, end + 60_000),
        round(p4!.customerId, 90_000, inWindow, { status: 'rolled_back' }),
        round(p4!.customerId, 900, inWindow),
      ]);

    const list = (token: string, on = server) => call<RafflesAnswer>(on, 'main', 'raffle/list', {}, { token });
    const before = (await list(p1!.token)).data.raffles.find((r) => r.id === 'festival')!;
    expect(before).toMatchObject({ status: 'ended', myTickets: 3, seed: null, draw: null });
    expect((await list(p4!.token)).data.raffles.find((r) => r.id === 'festival')!.myTickets).toBe(0);
    const publishedHash = before.seedHash;

    const [a, b] = await Promise.all([server.app.raffles.drawDue(), second.app.raffles.drawDue()]);
    expect(a + b).toBe(1);
    expect(await server.app.jobs.tick(Date.now(), ['raffle-draws'])).toEqual({ 'raffle-draws': 0 });
    expect(await db().select().from(raffleDraws).where(eq(raffleDraws.raffleId, 'festival'))).toHaveLength(1);

    const after = (await list(p2!.token, second)).data.raffles.find((r) => r.id === 'festival')!;
    expect(after.status).toBe('drawn');
    expect(after.seedHash).toBe(publishedHash);
    expect(seedHash(after.seed!)).toBe(publishedHash);
    const draw = after.draw!;
    expect(draw.entries.map((e) => e.tickets)).toEqual([3, 1, 5]);
    expect(draw.entries.filter((e) => e.me)).toHaveLength(1);
    expect(draw.entries.find((e) => !e.me)!.name).toMatch(/\*\*\*$/);
    // The winners follow from the seed: anyone can redo the draw from the published entries.
    const rolls = raffle.prizes.map((_, i) => rollFor(after.seed!, raffleMessage('festival', i)));
    expect(draw.winners.map((w) => w.entry)).toEqual(drawRaffle(draw.entries, rolls));
    expect(new Set(draw.winners.map((w) => w.entry)).size).toBe(2);

    // Each prize paid once, in cash, to the drawn players.
    const grants = await db().select().from(bonusGrants).where(eq(bonusGrants.offerId, 'raffle-festival'));
    const ids = [p1, p2, p3].map((p) => p!.customerId);
    expect(grants.map((g) => [g.customerId, g.amount, g.status]).sort()).toEqual(
      draw.winners.map((w) => [ids[w.entry], w.prize, 'converted']).sort(),
    );
  });

  it('does not draw a raffle before its end, and shows its seed hash but not its seed while it runs', async () => {
    const raffle: Raffle = {
      title: 'Running raffle',
      summary: 'Still open.',
      startsAt: new Date(Date.now() - HOUR).toISOString(),
      endsAt: new Date(Date.now() + HOUR).toISOString(),
      ticketTurnover: 1_000,
      sports: true,
      casino: false,
      prizes: [1_000],
      multiple: 1,
    };
    expect((await devPost('/dev/raffle', { id: 'running', definition: raffle })).status).toBe(200);
    await server.app.raffles.drawDue();
    const shown = (await call<RafflesAnswer>(server, 'main', 'raffle/list', {}, { token: await visitorToken(server) })).data.raffles.find(
      (r) => r.id === 'running',
    )!;
    expect(shown).toMatchObject({ status: 'running', seed: null, draw: null, myTickets: null });
    expect(shown.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await db().select().from(raffleDraws).where(eq(raffleDraws.raffleId, 'running'))).toHaveLength(0);
  });
});

describe('campaign turnover counts the cash part of settled stakes', () => {
  /** A sports bonus of `amount` (max bet ₱100) granted to the player as the campaigns grant their rewards. */
  async function bonus(customerId: number, amount: number): Promise<void> {
    await db().transaction((tx) =>
      server.app.promotions.grant(
        tx,
        customerId,
        `turnover-test-${customerId}`,
        rewardTerms('Turnover test bonus', { bonus: amount, multiple: 5, maxBet: 10_000, maxWin: 500_000, days: 7 }),
        amount,
      ),
    );
  }
  const place = (token: string, pick: Pick, pesos: number) =>
    call<PlacementResult>(server, 'tp', 'saba/sabaDoPlaceBetV2', singleBody(pick, pesos), { token, idempotencyKey: idempotencyKey() });
  async function settle(matchId: string): Promise<void> {
    expect((await fetch(`${server.url}/dev/feed/settle/${matchId}`, { method: 'POST' })).status).toBe(200);
    await server.app.bets.idle();
    settledMatches.add(matchId);
  }
  function freshPick(): Pick {
    const [pick] = openPicks(server.app.feed, {
      live: false,
      count: 1,
      exclude: settledMatches,
      filter: (m) => m.selections.every((s) => s.price > 1.01),
    });
    settledMatches.add(pick!.match.matchId);
    return pick!;
  }

  it('draws a mask only for a settled stake whose cash part reaches the stake asked, and records that cash part', async () => {
    const player = await quickCustomer(server);
    expect((await join(player.token)).code).toBe('0000');
    await fund(server, player.customerId, 1_000);
    await bonus(player.customerId, 10_000);
    const pick = freshPick();
    // ₱40: ₱10 cash, ₱30 bonus (under the ₱25 asked in cash). ₱30: all bonus. Neither draws a mask.
    const mixed = await place(player.token, pick, 40);
    expect(mixed.data.code, mixed.data.message).toBe(BetCode.Ok);
    const fromBonus = await place(player.token, pick, 30);
    expect(fromBonus.data.code, fromBonus.data.message).toBe(BetCode.Ok);
    // ₱35 after a ₱30 deposit: ₱30 cash, ₱5 bonus: draws one mask, recorded at ₱30.
    await fund(server, player.customerId, 3_000);
    const counted = await place(player.token, pick, 35);
    expect(counted.data.code, counted.data.message).toBe(BetCode.Ok);
    await settle(pick.match.matchId);

    const tickets = await db().select().from(betTickets).where(eq(betTickets.customerId, player.customerId));
    expect(tickets.map((t) => t.status).every((s) => ['won', 'lost', 'halfWon', 'halfLost'].includes(s))).toBe(true);
    const records = (await read(player.token)).data.me!.records;
    expect(records.map((r) => [r.reference, r.stake])).toEqual([[counted.data.ticket!.transId, 3_000]]);
  });

  it('gives raffle tickets for the cash part of settled stakes only: a bonus-funded stake earns none', async () => {
    const raffle: Raffle = {
      title: 'Cash raffle',
      summary: 'A ticket for every ₱10 of your own money staked.',
      startsAt: new Date(Date.now() - HOUR).toISOString(),
      endsAt: new Date(Date.now() + 10 * 60_000).toISOString(),
      ticketTurnover: 1_000,
      sports: true,
      casino: false,
      prizes: [1_000],
      multiple: 0,
    };
    expect((await devPost('/dev/raffle', { id: 'cash-only', definition: raffle })).status).toBe(200);
    const [cash, bonusOnly, mixed] = await Promise.all([1, 2, 3].map(() => quickCustomer(server)));
    await fund(server, cash!.customerId, 3_000);
    await bonus(bonusOnly!.customerId, 4_000);
    await fund(server, mixed!.customerId, 1_000);
    await bonus(mixed!.customerId, 3_000);
    const pick = freshPick();
    expect((await place(cash!.token, pick, 30)).data.code).toBe(BetCode.Ok); // ₱30 cash: 3 tickets
    expect((await place(bonusOnly!.token, pick, 40)).data.code).toBe(BetCode.Ok); // ₱40 bonus: none
    expect((await place(mixed!.token, pick, 40)).data.code).toBe(BetCode.Ok); // ₱10 cash + ₱30 bonus: 1 ticket
    await settle(pick.match.matchId);

    const mine = async (token: string) =>
      (await call<RafflesAnswer>(server, 'main', 'raffle/list', {}, { token })).data.raffles.find((r) => r.id === 'cash-only')!.myTickets;
    expect([await mine(cash!.token), await mine(bonusOnly!.token), await mine(mixed!.token)]).toEqual([3, 0, 1]);

    expect(await server.app.raffles.drawDue(Date.parse(raffle.endsAt) + TOURNAMENT_GRACE_MS + 1_000)).toBe(1);
    const [draw] = await db().select().from(raffleDraws).where(eq(raffleDraws.raffleId, 'cash-only'));
    // (Other tests' players staked in this window too: only these three are looked at.)
    const ours = new Set([cash, bonusOnly, mixed].map((p) => p!.customerId));
    const entries = (draw!.entries as { customerId: number; tickets: number }[]).filter((e) => ours.has(e.customerId));
    expect(entries.map((e) => [e.customerId, e.tickets])).toEqual([
      [cash!.customerId, 3],
      [mixed!.customerId, 1],
    ]);
  });
});

describe('editions of the Masskara campaign', () => {
  it('keeps an ended edition readable as history while a new edition is joined and collected apart, from the operator file any instance reads', async () => {
    const player = await quickCustomer(server);
    const first: MasskaraEdition = {
      ...campaign,
      id: 'fiesta-a',
      title: 'Masskara A',
      startsAt: new Date(Date.now() - HOUR).toISOString(),
      endsAt: new Date(Date.now() + HOUR).toISOString(),
      raffles: ['festival'],
    };
    expect((await devPost('/dev/masskara', { config: { editions: [first] } })).status).toBe(200);
    expect((await join(player.token)).code).toBe('0000');
    await db().insert(casinoRounds).values(round(player.customerId, 1_000));
    expect((await read(player.token)).data.me!.records).toHaveLength(1);

    // The operator ends A now and opens B: editions may not overlap.
    const cut = Date.now() + 5;
    const ended = { ...first, endsAt: new Date(cut).toISOString() };
    const next: MasskaraEdition = {
      ...campaign,
      id: 'fiesta-b',
      title: 'Masskara B',
      startsAt: new Date(cut).toISOString(),
      endsAt: new Date(cut + 24 * HOUR).toISOString(),
      masks: [
        { id: 'sun-mask', label: 'Sun mask', weight: 1 },
        { id: 'moon-mask', label: 'Moon mask', weight: 1 },
      ],
    };
    const overlapping = await devPost('/dev/masskara', { config: { editions: [first, next] } });
    expect(overlapping.status).toBe(400);
    expect(await overlapping.text()).toContain('fiesta-b starts before fiesta-a ends: editions must not overlap.');
    expect((await devPost('/dev/masskara', { config: { editions: [ended, next] } })).status).toBe(200);
    while (Date.now() <= cut) await new Promise((resolve) => setTimeout(resolve, 5));

    // The current edition is B (on both instances); A is listed as ended.
    const current = (await read(player.token, second)).data;
    expect(current).toMatchObject({ edition: 'fiesta-b', title: 'Masskara B', status: 'running', me: null, raffles: [] });
    expect(current.editions.map((e) => [e.id, e.status])).toEqual([
      ['fiesta-a', 'ended'],
      ['fiesta-b', 'running'],
    ]);
    // A cannot be joined any more; B is joined apart, with its own seed.
    const late = await call(
      server,
      'main',
      'masskara/join',
      { edition: 'fiesta-a' },
      { token: player.token, idempotencyKey: idempotencyKey() },
    );
    expect(late.message).toBe('This edition of the Masskara campaign has ended.');
    const joinedB = await join(player.token);
    expect(joinedB.code).toBe('0000');
    await db().insert(casinoRounds).values(round(player.customerId, 1_000));
    const inB = (await read(player.token)).data.me!;
    expect(inB.records).toHaveLength(1);
    expect(['sun-mask', 'moon-mask']).toContain(inB.records[0]!.maskId);
    expect(inB.seedHash).toBe(joinedB.data.seedHash);

    // A, read as history: its one mask, its raffles, and its seed revealed now that it has ended.
    const history = (await call<MasskaraAnswer>(server, 'main', 'masskara/campaign', { edition: 'fiesta-a' }, { token: player.token }))
      .data;
    expect(history).toMatchObject({ edition: 'fiesta-a', title: 'Masskara A', status: 'ended', raffles: ['festival'] });
    expect(history.me!.records).toHaveLength(1);
    expect(['gold-mask', 'red-mask']).toContain(history.me!.records[0]!.maskId);
    expect(seedHash(history.me!.seed!)).toBe(history.me!.seedHash);
    expect(history.me!.seedHash).not.toBe(inB.seedHash);
    const entries = await db().select().from(masskaraEntries).where(eq(masskaraEntries.customerId, player.customerId));
    expect(entries.map((e) => e.edition).sort()).toEqual(['fiesta-a', 'fiesta-b']);
    const unknown = await call(server, 'main', 'masskara/campaign', { edition: 'fiesta-z' }, { token: player.token });
    expect(unknown.message).toBe('There is no such edition of the Masskara campaign.');

    // The operator's file in the data folder: an edit made there is read without a restart, by either instance.
    const file = joinPath(server.config.dataDir, 'masskara.json');
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { editions: MasskaraEdition[] };
    expect(stored.editions.map((e) => e.id)).toEqual(['fiesta-a', 'fiesta-b']);
    stored.editions[1]!.title = 'Masskara B, edited';
    // (Edits are stamped a few seconds apart, as an operator's are: the file is read again when its modification time changes.)
    const edit = (text: string, seconds: number) => {
      writeFileSync(file, text);
      utimesSync(file, new Date(), new Date(Date.now() + seconds * 1_000));
    };
    edit(JSON.stringify(stored), 2);
    expect((await read(player.token, second)).data.title).toBe('Masskara B, edited');
    expect((await read(player.token)).data.title).toBe('Masskara B, edited');
    // A broken edit is not taken: the last good content stays.
    edit('{"editions": [', 4);
    expect((await read(player.token)).data.title).toBe('Masskara B, edited');
    expect((await read(player.token, second)).data.title).toBe('Masskara B, edited');
  });
});
