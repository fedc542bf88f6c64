import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingService } from '../../server/modules/booking/service';
import {
  BOOKING_ALPHABET,
  BookingCall,
  type BookingCreated,
  type BookingLoaded,
  BookingMessage,
  type BookedSelection,
} from '../../src/contract/booking';
import { MarketStatus } from '../../src/contract/sports';
import { type Pick, openPicks } from './bodies';
import { call, quickCustomer } from './player';
import { type TestServer, startServer } from './server';

/**
 * Booking codes (issue 38) against the real server, database and feed simulator (not running: time
 * and prices move only when a test moves them): a code stores selections and never prices, loading
 * re-prices from the feed and drops started, suspended and settled selections by name, a code expires
 * when its last match starts, bad codes are told apart, creation is limited per player, and the unique
 * index is what keeps two slips from one code.
 */

let server: TestServer;
let player: { token: string; customerId: number };
const used = new Set<string>();

beforeAll(async () => {
  server = await startServer({}, undefined, {
    ipCallsPerMinute: 100_000,
    accountCallsPerMinute: 100_000,
    booking: { codesPerWindow: 6, loadsPerMinute: 10_000 },
    // One tick a second, so stepping the feed to a kick-off hours away stays quick.
    simulator: { feed: { seed: 11, matchesPerSport: 8, matchSpeed: 60, tickMs: 1_000 }, run: false },
  });
  player = await quickCustomer(server);
});

afterAll(async () => {
  await server?.close();
});

const selectionOf = (pick: Pick): BookedSelection => ({
  matchId: pick.match.matchId,
  marketId: pick.market.marketId,
  key: pick.key,
  point: pick.market.point,
});

/** Pre-match picks of different matches, soonest kick-off first. */
function prematch(count: number): Pick[] {
  const all = openPicks(server.app.feed, { live: false, count: 500, exclude: new Set(used) });
  const picks = all.sort((x, y) => Date.parse(x.match.kickoff) - Date.parse(y.match.kickoff)).slice(0, count);
  expect(picks).toHaveLength(count);
  for (const pick of picks) used.add(pick.match.matchId);
  return picks;
}

const create = (selections: BookedSelection[], token = player.token) =>
  call<BookingCreated>(server, 'tp', BookingCall.create, { selections }, { token });
const load = (code: string, token?: string) => call<BookingLoaded>(server, 'tp', BookingCall.load, { code }, token ? { token } : {});

/** Steps the feed until its clock passes `iso` (a kick-off). */
function stepPast(iso: string): void {
  const ms = Date.parse(iso) - server.app.feed.now() + 2_000;
  expect(ms, 'a kick-off within the hour of feed time').toBeLessThan(3_600_000);
  if (ms > 0) server.app.feed.step(ms);
}

describe('booking codes', () => {
  it('a code holds the selections, never a price, and loads them at the prices of now for anyone', async () => {
    const picks = prematch(3);
    const created = await create(picks.map(selectionOf));
    expect(created.code, created.message).toBe('0');
    const { code } = created.data;
    expect(code).toMatch(new RegExp(`^[${BOOKING_ALPHABET}]{8}$`));
    expect(code).not.toMatch(/[01OIL]/);
    expect(created.data.selections).toBe(3);
    expect(created.data.expiresAt).toBe(picks[2]!.match.kickoff);

    const result = await server.database.db.execute(sql`SELECT selections FROM booking_codes WHERE code = ${code}`);
    const [row] = (result as unknown as { rows: { selections: BookedSelection[] }[] }).rows;
    expect(row!.selections.map((s) => Object.keys(s).sort())).toEqual(picks.map(() => ['key', 'marketId', 'matchId', 'point']));

    // The price moves after sharing: the friend gets the new one.
    const moved = Math.round((picks[0]!.price + 0.37) * 100) / 100;
    expect(server.app.feed.changeMarketNow(picks[0]!.market.marketId, { key: picks[0]!.key, price: moved })).toBe(true);

    // A visitor (no login) opens the link, a player types it in lower case with a dash.
    const asVisitor = await load(code);
    expect(asVisitor.code, asVisitor.message).toBe('0');
    const typed = await load(`${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`, (await quickCustomer(server)).token);
    expect(typed.code, typed.message).toBe('0');
    for (const loaded of [asVisitor.data, typed.data]) {
      expect(loaded.dropped).toEqual([]);
      expect(loaded.orders.map((o) => [o.matchId, o.marketId, o.key])).toEqual(
        picks.map((p) => [p.match.matchId, p.market.marketId, p.key]),
      );
      expect(loaded.orders[0]!.odds).toBe(moved);
      expect(loaded.orders[1]!.odds).toBe(
        server.app.feed.market(picks[1]!.market.marketId)!.selections.find((s) => s.key === picks[1]!.key)!.price,
      );
      expect(loaded.orders.every((o) => o.marketStatus === MarketStatus.Running)).toBe(true);
    }
    // Whoever shared it is not told to whoever loads it: the answer is the code, its expiry and the slip.
    expect(Object.keys(asVisitor.data).sort()).toEqual(['code', 'dropped', 'expiresAt', 'orders']);
    const named = asVisitor.data.orders.flatMap((order) => Object.keys(order)).filter((key) => /customer|login|nick|phone/i.test(key));
    expect(named).toEqual([]);
  });

  it('drops a suspended selection and then one whose match has started, naming them, and keeps the rest', async () => {
    const [first, second, third] = prematch(3);
    const created = await create([first!, second!, third!].map(selectionOf));
    expect(created.code, created.message).toBe('0');

    expect(server.app.feed.changeMarketNow(third!.market.marketId, { status: MarketStatus.Suspend })).toBe(true);
    const suspended = await load(created.data.code);
    expect(suspended.data.orders.map((o) => o.matchId)).toEqual([first!.match.matchId, second!.match.matchId]);
    expect(suspended.data.dropped).toEqual([
      expect.objectContaining({ reason: 'suspended', homeName: third!.match.homeName, awayName: third!.match.awayName }),
    ]);
    expect(suspended.data.dropped[0]!.label).toContain(third!.market.selections.find((s) => s.key === third!.key)!.keyEn);

    stepPast(first!.match.kickoff);
    expect(server.app.feed.match(first!.match.matchId)?.runningStatus ?? '2').not.toBe('1');
    const started = await load(created.data.code);
    expect(started.code, started.message).toBe('0');
    expect(started.data.orders.map((o) => o.matchId)).not.toContain(first!.match.matchId);
    expect(started.data.dropped).toContainEqual(
      expect.objectContaining({
        reason: server.app.feed.match(first!.match.matchId) ? 'started' : 'settled',
        homeName: server.app.feed.match(first!.match.matchId) ? first!.match.homeName : '',
      }),
    );
  });

  it('refuses a code once its last match has started, with a message that says so', async () => {
    const picks = prematch(2);
    const created = await create(picks.map(selectionOf));
    expect(created.code, created.message).toBe('0');
    stepPast(picks[1]!.match.kickoff);
    const expired = await load(created.data.code);
    expect(expired.status).toBe(410);
    expect(expired.code).not.toBe('0');
    expect(expired.message).toBe(BookingMessage.expired);
  });

  it('tells a malformed code from one no slip has', async () => {
    for (const bad of ['', 'ABC', 'ABCDEFG0', 'OOOOOOOO', 'ABCDEFGHJ', '<script>']) {
      const answer = await load(bad);
      expect(answer.code, bad).not.toBe('0');
      expect(answer.message, bad).toBe(BookingMessage.invalid);
    }
    const unknown = await load('ZZZZ2222');
    expect(unknown.status).toBe(404);
    expect(unknown.message).toBe(BookingMessage.unknown);
  });

  it('needs a login to share, and refuses a slip with nothing open (a live match only)', async () => {
    const [pick] = prematch(1);
    const anonymous = await call(server, 'tp', BookingCall.create, { selections: [selectionOf(pick!)] });
    expect(anonymous.code).not.toBe('0');
    const [live] = openPicks(server.app.feed, { live: true, count: 1, exclude: used });
    expect(live, 'the feed has a live match').toBeDefined();
    const nothing = await create([selectionOf(live!)]);
    expect(nothing.code).not.toBe('0');
    expect(nothing.message).toBe(BookingMessage.nothingOpen);
    const mixed = await create([selectionOf(live!), selectionOf(pick!)]);
    expect(mixed.code, mixed.message).toBe('0');
    expect(mixed.data.selections).toBe(1);
    expect(mixed.data.dropped).toEqual([expect.objectContaining({ reason: 'started', homeName: live!.match.homeName })]);
  });

  it('limits how many codes one player makes', async () => {
    const sharer = await quickCustomer(server);
    const [pick] = prematch(1);
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await create([selectionOf(pick!)], sharer.token));
    expect(answers.slice(0, 6).map((a) => a.code)).toEqual(Array(6).fill('0'));
    expect(answers[6]!.status).toBe(429);
    expect(answers[6]!.message).toBe(BookingMessage.tooMany);
    expect(new Set(answers.slice(0, 6).map((a) => a.data.code)).size).toBe(6);
    // Another player's budget is their own.
    expect((await create([selectionOf(pick!)])).code).toBe('0');
  });

  it('a drawn code another slip has is drawn again: the unique index decides', async () => {
    const [pick] = prematch(1);
    const first = await create([selectionOf(pick!)], (await quickCustomer(server)).token);
    expect(first.code, first.message).toBe('0');
    const draws = [first.data.code, first.data.code, 'HJKMNPQR'];
    const service = new BookingService({ db: server.database.db, feed: server.app.feed, draw: () => draws.shift()! });
    const second = await service.create(player.customerId, [selectionOf(pick!)]);
    expect(second.code).toBe('HJKMNPQR');
    const stuck = new BookingService({ db: server.database.db, feed: server.app.feed, draw: () => first.data.code });
    await expect(stuck.create(player.customerId, [selectionOf(pick!)])).rejects.toThrow(/no free booking code/);
    // The first slip's code still loads the first slip.
    expect((await load(first.data.code)).data.orders.map((o) => o.marketId)).toEqual([pick!.market.marketId]);
  });
});
