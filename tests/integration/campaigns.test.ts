import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bonusGrants, casinoRounds, ledgerTransactions, luckySpins, missionEntries, tournamentPayouts } from '../../server/db/schema';
import { prizeFor, rollOf, seedHash } from '../../server/modules/campaigns/fairness';
import { ledgerTotal } from '../../server/modules/wallet/ledger';
import type {
  ClaimMissionAnswer,
  MissionAnswer,
  MissionsAnswer,
  SpinAnswer,
  SpinOpportunityAnswer,
  TournamentsAnswer,
} from '../../src/contract/answers/campaigns';
import type { PromotionListAnswer } from '../../src/contract/answers/promotions';
import { BetCode, type PlacementResult } from '../../src/contract/betting';
import type { LuckySpinConfig, Mission, SpinPrize, Tournament } from '../../src/contract/campaigns';
import { GatewayCode } from '../../src/contract/errorCodes';
import { type Pick, openPicks, singleBody } from './bodies';
import { call, fund, idempotencyKey, quickCustomer, visitorToken } from './player';
import { type TestServer, secondInstance, startServer } from './server';

/**
 * Campaigns (issue 35) through the calls a player makes, on two instances sharing one database:
 * missions counted from settled bets placed after joining (each bet once, the stake, odds and sport
 * asked, the time limit from joining), their reward paid once through the promotions wallet however
 * many claims race; the lucky spin earned by qualifying deposits, drawn on the server (the seed's hash
 * shown before and the seed after reproduce the prize), one spin per entitlement under a race, refused
 * by the responsible-gaming gate; the ledger at zero after every test.
 */

let server: TestServer;
let second: TestServer;
/** Shifts the server's clock (tickets keep the real time): joining "two hours ago". */
let shift = 0;
const HOUR = 3_600_000;

beforeAll(async () => {
  server = await startServer({}, undefined, { clock: () => Date.now() + shift, ipCallsPerMinute: 100_000, accountCallsPerMinute: 10_000 });
  second = await secondInstance(server, { clock: () => Date.now() + shift });
});

afterAll(async () => {
  await second.close();
  await server.close();
});

afterEach(async () => {
  shift = 0;
  await server.app.bets.idle();
  expect(await ledgerTotal(server.database.db)).toEqual({ entries: 0, balances: 0 });
});

const db = () => server.database.db;

async function devPost(path: string, body: unknown): Promise<Response> {
  return fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

function missionOf(overrides: Partial<Mission> = {}): Mission {
  return {
    eventId: 'test-event',
    kind: `kind-${Math.random().toString(36).slice(2, 8)}`,
    title: 'Three bets this week',
    summary: 'Settled bets count.',
    startsAt: new Date(Date.now() - 10 * 24 * HOUR).toISOString(),
    endsAt: new Date(Date.now() + 10 * 24 * HOUR).toISOString(),
    hours: 48,
    tasks: [{ id: 'bets', label: 'Bet on this sport', minOddsH: 101, minStake: 2_000, count: 2 }],
    reward: { bonus: 5_000, multiple: 1, maxBet: 5_000, maxWin: 50_000, days: 7 },
    claimDays: 3,
    ...overrides,
  };
}

async function saveMission(id: string, mission: Mission, active = true) {
  const response = await devPost('/dev/missions', { id, definition: mission, active });
  expect(response.status, await response.clone().text()).toBe(200);
}

const missions = (token: string, eventId?: string) =>
  call<MissionsAnswer>(server, 'main', 'sport-activity/missions', eventId ? { eventId } : {}, { token });
const detail = (token: string, id: string, on = server) => call<MissionAnswer>(on, 'main', 'sport-activity/detail', { id }, { token });
const join = (token: string, id: string, key = idempotencyKey()) =>
  call<{ joinedAt: string; deadline: string }>(server, 'main', 'sport-activity/join', { id }, { token, idempotencyKey: key });
const claim = (token: string, id: string, key = idempotencyKey(), on = server) =>
  call<ClaimMissionAnswer>(on, 'main', 'sport-activity/claim-rewards', { id }, { token, idempotencyKey: key });
const place = (token: string, body: unknown) =>
  call<PlacementResult>(server, 'tp', 'saba/sabaDoPlaceBetV2', body, { token, idempotencyKey: idempotencyKey() });

async function settle(matchId: string) {
  expect((await fetch(`${server.url}/dev/feed/settle/${matchId}`, { method: 'POST' })).status).toBe(200);
  await server.app.bets.idle();
}

/** A pre-match market of three selections whose highest price is above its lowest. */
function threeWay(): { high: Pick; low: Pick } {
  const [pick] = openPicks(server.app.feed, {
    live: false,
    count: 1,
    exclude: used,
    filter: (market) =>
      market.selections.length === 3 &&
      market.selections.every((s) => s.price > 1.01) &&
      Math.max(...market.selections.map((s) => s.price)) > Math.min(...market.selections.map((s) => s.price)),
  });
  if (!pick) throw new Error('no three-way market');
  const sorted = [...pick.market.selections].sort((a, b) => a.price - b.price);
  const as = (s: (typeof sorted)[number]) => ({ ...pick, key: s.key, price: s.price });
  return { low: as(sorted[0]!), high: as(sorted.at(-1)!) };
}
const used = new Set<string>();

async function bet(token: string, pick: Pick, pesos: number) {
  const placed = await place(token, singleBody(pick, pesos));
  expect(placed.data.code, placed.data.message).toBe(BetCode.Ok);
}

describe('missions', () => {
  it('refuses a mission overlapping a running one of its kind, and one that does not validate', async () => {
    await saveMission('overlap-a', missionOf({ kind: 'overlap' }));
    const clash = await devPost('/dev/missions', { id: 'overlap-b', definition: missionOf({ kind: 'overlap' }) });
    expect(clash.status).toBe(400);
    expect(((await clash.json()) as { error: string }).error).toMatch(/overlap-a of the same kind/);
    const bad = await devPost('/dev/missions', {
      id: 'bad-mission',
      definition: { ...missionOf(), reward: { ...missionOf().reward, multiple: 11 } },
    });
    expect(bad.status).toBe(400);
  });

  it('counts settled bets placed after joining, each once, at the stake, odds and sport asked; pays the reward once however many claims race on two instances', async () => {
    const { high, low } = threeWay();
    const minOddsH = Math.round(high.price * 100);
    await saveMission(
      'count-once',
      missionOf({
        eventId: 'count-event',
        tasks: [{ id: 'sport', label: 'Bet on this sport', sportTypeId: high.match.sportTypeId, minOddsH, minStake: 2_000, count: 2 }],
      }),
    );
    const player = await quickCustomer(server);
    await fund(server, player.customerId, 20_000);

    // A visitor reads every condition before joining; nothing of theirs is shown.
    const visitor = await missions(await visitorToken(server), 'count-event');
    expect(visitor.data.missions).toHaveLength(1);
    expect(visitor.data.missions[0]).toMatchObject({ id: 'count-once', status: 'running', entry: null });
    expect(visitor.data.missions[0]!.terms.join(' ')).toMatch(/only bets placed after you join/);

    await bet(player.token, high, 20); // before joining: never counts
    const key = idempotencyKey();
    const [first, again] = [await join(player.token, 'count-once', key), await join(player.token, 'count-once', key)];
    expect(first.code, first.message).toBe('0000');
    expect(again.data).toEqual(first.data);
    expect(await db().select().from(missionEntries).where(eq(missionEntries.customerId, player.customerId))).toHaveLength(1);

    await bet(player.token, high, 20); // counts
    await bet(player.token, high, 25); // counts
    await bet(player.token, low, 20); // under the odds asked
    await bet(player.token, high, 10); // under the stake asked
    // Not settled yet: nothing counts, the claim says what is missing.
    expect((await detail(player.token, 'count-once')).data.tasks[0]!.done).toBe(0);
    const early = await claim(player.token, 'count-once');
    expect(early.code).toBe(GatewayCode.PromotionRefused);
    expect(early.message).toBe('Not complete yet: Bet on this sport (0 of 2).');

    await settle(high.match.matchId);
    used.add(high.match.matchId);
    for (const on of [server, second]) {
      const read = await detail(player.token, 'count-once', on);
      expect(read.data.tasks[0]).toMatchObject({ done: 2, count: 2 });
      expect(read.data.entry?.state).toBe('completed');
    }

    // Twenty claims with different keys, half on each instance: one reward.
    const claims = await Promise.all(
      Array.from({ length: 20 }, (_, i) => claim(player.token, 'count-once', idempotencyKey(), i % 2 ? second : server)),
    );
    const paid = claims.filter((answer) => answer.code === '0000');
    expect(paid).toHaveLength(1);
    expect(claims.filter((answer) => answer.code !== '0000').every((answer) => answer.message === 'You already claimed this reward.')).toBe(
      true,
    );
    const grants = await db()
      .select()
      .from(bonusGrants)
      .where(and(eq(bonusGrants.customerId, player.customerId), eq(bonusGrants.offerId, 'mission-count-once')));
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ amount: 5_000, wageringRequired: 5_000, status: 'active' });
    expect(
      await db()
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.reference, `grant:${grants[0]!.id}`)),
    ).toHaveLength(1);
    expect((await detail(player.token, 'count-once')).data.entry?.state).toBe('claimed');
    // The bonus wallet shows it apart from cash.
    const wallet = await call<PromotionListAnswer>(server, 'main', 'promotion/list', {}, { token: player.token });
    expect(wallet.data.bonus).toBe(5_000);
  });

  it('does not count a bet settled after the time limit, and refuses the claim with the reason', async () => {
    const { high } = threeWay();
    await saveMission(
      'time-limit',
      missionOf({ hours: 1, tasks: [{ id: 'one', label: 'One bet', minOddsH: 101, minStake: 1_000, count: 1 }] }),
    );
    const player = await quickCustomer(server);
    await fund(server, player.customerId, 10_000);
    shift = -2 * HOUR; // joined two hours ago: the one-hour limit has passed
    expect((await join(player.token, 'time-limit')).code).toBe('0000');
    shift = 0;
    await bet(player.token, high, 20);
    await settle(high.match.matchId);
    used.add(high.match.matchId);
    const read = await detail(player.token, 'time-limit');
    expect(read.data.tasks[0]!.done).toBe(0);
    expect(read.data.entry?.state).toBe('timedOut');
    expect((await claim(player.token, 'time-limit')).message).toBe('Not complete yet: One bet (0 of 1).');
  });

  it('refuses the claim of a player on a break with the gate’s code: nothing paid, the entry unclaimed', async () => {
    const { high } = threeWay();
    await saveMission('on-a-break', missionOf({ tasks: [{ id: 'one', label: 'One bet', minOddsH: 101, minStake: 1_000, count: 1 }] }));
    const player = await quickCustomer(server);
    await fund(server, player.customerId, 10_000);
    expect((await join(player.token, 'on-a-break')).code).toBe('0000');
    await bet(player.token, high, 20);
    await settle(high.match.matchId);
    used.add(high.match.matchId);
    expect((await detail(player.token, 'on-a-break')).data.entry?.state).toBe('completed');
    const took = await call(server, 'main', 'responsibleGaming/takeBreak', { period: '1d' }, { token: player.token });
    expect(took.code, took.message).toBe('0000');
    const refusedClaim = await claim(player.token, 'on-a-break');
    expect(refusedClaim.code).not.toBe('0000');
    const [entry] = await db().select().from(missionEntries).where(eq(missionEntries.customerId, player.customerId));
    expect(entry).toMatchObject({ status: 'joined', grantId: null });
    expect(
      await db()
        .select()
        .from(bonusGrants)
        .where(and(eq(bonusGrants.customerId, player.customerId), eq(bonusGrants.offerId, 'mission-on-a-break'))),
    ).toHaveLength(0);
  });
});

describe('the lucky spin', () => {
  const prizes: SpinPrize[] = [
    { id: 'cash-10', label: '₱10 cash', amount: 1_000, weight: 3, multiple: 0 },
    { id: 'bonus-50', label: '₱50 bonus', amount: 5_000, weight: 2, multiple: 2 },
    { id: 'nothing', label: 'Try again', amount: 0, weight: 1, multiple: 0 },
  ];
  const config: LuckySpinConfig = { active: true, minDeposit: 50_000, since: new Date(Date.now() - HOUR).toISOString(), days: 7, prizes };
  const opportunity = (token: string) => call<SpinOpportunityAnswer>(server, 'main', 'luckySpin/opportunity', {}, { token });
  const spin = (token: string, on = server, key = idempotencyKey()) =>
    call<SpinAnswer>(on, 'main', 'luckySpin/spin', {}, { token, idempotencyKey: key });

  beforeAll(async () => {
    const saved = await devPost('/dev/lucky-spin', { config });
    expect(saved.status, await saved.clone().text()).toBe(200);
  });

  it('gives one spin per qualifying deposit; twenty racing spins on two instances spend exactly those, each paid once and reproducible from its revealed seed', async () => {
    const player = await quickCustomer(server);
    await fund(server, player.customerId, 30_000); // under ₱500: no spin
    expect((await opportunity(player.token)).data).toMatchObject({ active: true, awardTimes: 0, nextSeedHash: null, jackpotAmount: 5_000 });
    const none = await spin(player.token);
    expect(none.code).toBe(GatewayCode.PromotionRefused);
    expect(none.message).toBe('You have no spins left. A deposit of ₱500 or more earns one.');

    await fund(server, player.customerId, 50_000);
    await fund(server, player.customerId, 60_000);
    const before = await opportunity(player.token);
    expect(before.data.awardTimes).toBe(2);
    expect(before.data.prizes.map((p) => [p.id, p.percent])).toEqual([
      ['cash-10', '50.0'],
      ['bonus-50', '33.3'],
      ['nothing', '16.7'],
    ]);
    const shownHash = before.data.nextSeedHash!;

    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => spin(player.token, i % 2 ? second : server)));
    const won = answers.filter((answer) => answer.code === '0000').map((answer) => answer.data);
    expect(won).toHaveLength(2);
    expect(answers.filter((answer) => answer.code !== '0000').every((answer) => /no spins left/.test(answer.message))).toBe(true);
    expect((await opportunity(player.token)).data.awardTimes).toBe(0);

    // Each spin: the hash shown before is the revealed seed's, and the seed reproduces the roll and the prize.
    expect(won.map((w) => w.seedHash)).toContain(shownHash);
    for (const result of won) {
      expect(seedHash(result.seed)).toBe(result.seedHash);
      expect(rollOf(result.seed, result.spinId)).toBe(result.roll);
      expect(prizeFor(result.roll, prizes).id).toBe(result.prizeId);
    }
    // Each prize paid once, through the bonus wallet: cash at once, a bonus kept apart.
    const grants = await db()
      .select()
      .from(bonusGrants)
      .where(and(eq(bonusGrants.customerId, player.customerId), like(bonusGrants.offerId, 'spin-%')));
    expect(grants.map((g) => g.amount).sort()).toEqual(
      won
        .filter((w) => w.amount > 0)
        .map((w) => w.amount)
        .sort(),
    );
    const wallet = await call<PromotionListAnswer>(server, 'main', 'promotion/list', {}, { token: player.token });
    const cashWon = won.filter((w) => w.cash).reduce((sum, w) => sum + w.amount, 0);
    const bonusWon = won.filter((w) => !w.cash).reduce((sum, w) => sum + w.amount, 0);
    expect(wallet.data.cash).toBe(140_000 + cashWon);
    expect(wallet.data.bonus).toBe(bonusWon);
    // The same key again answers the first spin; nothing more moves.
    const spins = await db().select().from(luckySpins).where(eq(luckySpins.customerId, player.customerId));
    expect(spins.filter((s) => s.spunAt !== null)).toHaveLength(2);
  });

  it('replays a spin under its key, and refuses a player on a break with the gate’s code, the spin kept', async () => {
    const player = await quickCustomer(server);
    await fund(server, player.customerId, 100_000);
    await fund(server, player.customerId, 100_000);
    const key = idempotencyKey();
    const first = await spin(player.token, server, key);
    expect(first.code, first.message).toBe('0000');
    expect((await spin(player.token, second, key)).data).toEqual(first.data);
    expect((await opportunity(player.token)).data.awardTimes).toBe(1);

    const took = await call(server, 'main', 'responsibleGaming/takeBreak', { period: '1d' }, { token: player.token });
    expect(took.code, took.message).toBe('0000');
    const refusedSpin = await spin(player.token);
    expect(refusedSpin.code).not.toBe('0000');
    const open = await db().select().from(luckySpins).where(eq(luckySpins.customerId, player.customerId));
    expect(open.filter((s) => s.spunAt === null)).toHaveLength(1);
  });
});

describe('slot tournaments', () => {
  it('ranks settled rounds of the category in the window by the rule, pays each place once though two instances run the payout at once, and withholds the prize of a winner on a break', async () => {
    const start = Date.now() - 3 * HOUR;
    const end = Date.now() - HOUR;
    const tournament: Tournament = {
      title: 'Slots sprint',
      summary: 'Most staked on slots wins.',
      category: 5,
      rule: 'turnover',
      minBet: 100,
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(end).toISOString(),
      prizes: [3_000, 2_000, 1_000],
      multiple: 0,
    };
    const saved = await devPost('/dev/tournaments', { id: 'sprint', definition: tournament });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const [first, second_, third, onBreak] = await Promise.all([1, 2, 3, 4].map(() => quickCustomer(server)));
    let n = 0;
    const round = (customerId: number, bet: number, extra: Partial<typeof casinoRounds.$inferInsert> = {}) => ({
      customerId,
      roundId: `t-${customerId}-${n++}`,
      gameId: 1,
      gameCode: 'slot-1',
      gameName: 'Slot',
      platformCode: 'sim',
      category: 5,
      startedAt: new Date(start + HOUR),
      lastAt: new Date(start + HOUR + n * 1_000),
      status: 'settled',
      bet,
      win: 0,
      ...extra,
    });
    await db()
      .insert(casinoRounds)
      .values([
        round(first!.customerId, 3_000),
        round(first!.customerId, 2_000),
        round(onBreak!.customerId, 4_000),
        round(second_!.customerId, 3_000),
        round(third!.customerId, 1_000),
        // Not counted: before the window, rolled back, another category, under the minimum bet.
        round(third!.customerId, 90_000, { startedAt: new Date(start - HOUR) }),
        round(third!.customerId, 90_000, { status: 'rolled_back' }),
        round(third!.customerId, 90_000, { category: 17 }),
        round(third!.customerId, 99),
      ]);
    const took = await call(server, 'main', 'responsibleGaming/takeBreak', { period: '1d' }, { token: onBreak!.token });
    expect(took.code, took.message).toBe('0000');

    const before = await call<TournamentsAnswer>(server, 'main', 'tournament/list', {}, { token: first!.token });
    const shown = before.data.tournaments.find((t) => t.id === 'sprint')!;
    expect(shown.status).toBe('ended');
    expect(shown.standings.map((s) => s.score)).toEqual([5_000, 4_000, 3_000, 1_000]);
    expect(shown.mine).toMatchObject({ place: 1, me: true });
    expect(shown.standings[1]!.name).toMatch(/\*\*\*$/);

    // Both instances run the payout at once, then the leader's job ticks again: paid once.
    const [a, b] = await Promise.all([server.app.tournaments.payDue(), second.app.tournaments.payDue()]);
    expect(a + b).toBe(1);
    expect(await server.app.jobs.tick(Date.now(), ['tournament-payouts'])).toEqual({ 'tournament-payouts': 0 });
    expect(await db().select().from(tournamentPayouts).where(eq(tournamentPayouts.tournamentId, 'sprint'))).toHaveLength(1);
    const paid = await db().select().from(bonusGrants).where(eq(bonusGrants.offerId, 'tournament-sprint'));
    expect(paid.map((g) => [g.customerId, g.amount, g.status]).sort()).toEqual(
      [
        [first!.customerId, 3_000, 'converted'],
        [second_!.customerId, 1_000, 'converted'],
      ].sort(),
    );
    const after = await call<TournamentsAnswer>(server, 'main', 'tournament/list', {}, { token: second_!.token });
    const final = after.data.tournaments.find((t) => t.id === 'sprint')!;
    expect(final.status).toBe('paid');
    expect(final.standings.map((s) => s.prize)).toEqual([3_000, 0, 1_000]);
    expect(final.mine).toMatchObject({ place: 3, prize: 1_000, me: true });
    const cash = await call<PromotionListAnswer>(server, 'main', 'promotion/list', {}, { token: first!.token });
    expect(cash.data.cash).toBe(3_000);
  });
});
