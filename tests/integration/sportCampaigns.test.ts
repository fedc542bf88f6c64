import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { highlightViews } from '../../server/db/schema';
import { ledgerTotal } from '../../server/modules/wallet/ledger';
import type { MissionAnswer, MissionsAnswer, OpenHighlightAnswer, WatchedHighlightAnswer } from '../../src/contract/answers/campaigns';
import type { PublicOffersAnswer } from '../../src/contract/answers/promotions';
import { BetCode, type PlacementResult } from '../../src/contract/betting';
import { GatewayCode } from '../../src/contract/errorCodes';
import { MarketStatus, SportTypeId } from '../../src/contract/sports';
import type { HighlightClip } from '../../src/contract/video';
import { type Pick, singleBody } from './bodies';
import { call, fund, idempotencyKey, quickCustomer, visitorToken } from './player';
import { type TestServer, startServer } from './server';

/**
 * The sport campaign pages' rules (issue 35: /nbaPlayoff, /fiba, /boxing, /nbaVideo, the NBA live
 * activity, the bingo and agency offers): a development database starts with one mission per campaign,
 * listed by its campaign; a live task counts only bets placed in play; a watch task counts a highlight
 * only when the server handed this player its playlist and the clip's length has passed since, once
 * however often it is reported; the tagged offers carry their tag and their terms in plain words.
 */

let server: TestServer;
/** Shifts the server's clock (a clip "watched" 13 s later without waiting). */
let shift = 0;

beforeAll(async () => {
  server = await startServer({}, undefined, { clock: () => Date.now() + shift, ipCallsPerMinute: 100_000, accountCallsPerMinute: 10_000 });
  await server.app.videoProvider.simulator!.media();
}, 180_000);

afterAll(async () => {
  await server.close();
});

afterEach(async () => {
  shift = 0;
  await server.app.bets.idle();
  expect(await ledgerTotal(server.database.db)).toEqual({ entries: 0, balances: 0 });
});

const missions = (token: string, eventId: string) =>
  call<MissionsAnswer>(server, 'main', 'sport-activity/missions', { eventId }, { token });
const detail = (token: string, id: string) => call<MissionAnswer>(server, 'main', 'sport-activity/detail', { id }, { token });
const join = (token: string, id: string) =>
  call(server, 'main', 'sport-activity/join', { id }, { token, idempotencyKey: idempotencyKey() });
const open = (token: string, clipId: string) =>
  call<OpenHighlightAnswer>(server, 'main', 'sport-activity/open-highlight', { clipId }, { token });
const watched = (token: string, clipId: string) =>
  call<WatchedHighlightAnswer>(server, 'main', 'sport-activity/watched-highlight', { clipId }, { token });

/** A pre-match basketball main market with a selection at 1.50 or more. */
function basketballPick(): Pick | undefined {
  const feed = server.app.feed;
  for (const mode of ['today', 'early'] as const) {
    for (const listed of feed.listSnapshot(SportTypeId.Basketball, mode).matches) {
      const snapshot = feed.matchSnapshot(listed.matchId);
      if (!snapshot || snapshot.match.runningStatus === '0') continue; // '0': being played
      const market = snapshot.markets.find((m) => m.main && m.status === MarketStatus.Running && m.selections.some((s) => s.price >= 1.5));
      if (market) return { match: snapshot.match, market, key: market.selections[0]!.key, price: market.selections[0]!.price };
    }
  }
  return undefined;
}

describe('sport campaigns', () => {
  it('lists each campaign’s own missions: basketball for the playoffs and FIBA, boxing for fight night', async () => {
    const visitor = await visitorToken(server);
    const sports = async (eventId: string) => {
      const answer = await missions(visitor, eventId);
      expect(answer.code, answer.message).toBe('0000');
      expect(answer.data.missions.length).toBeGreaterThan(0);
      expect(answer.data.missions.every((mission) => mission.eventId === eventId && mission.status === 'running')).toBe(true);
      return new Set(answer.data.missions.flatMap((mission) => mission.tasks.map((task) => `${task.kind}:${task.sportTypeId}`)));
    };
    expect(await sports('nba-playoffs')).toEqual(new Set([`bet:${SportTypeId.Basketball}`]));
    expect(await sports('fiba')).toEqual(new Set([`bet:${SportTypeId.Basketball}`]));
    expect(await sports('boxing')).toEqual(new Set([`bet:${SportTypeId.Boxing}`]));
    expect(await sports('nba-video')).toEqual(new Set([`watch:${SportTypeId.Basketball}`]));
    const live = (await missions(visitor, 'nba-live')).data.missions[0]!;
    expect(live.terms.join(' ')).toMatch(/placed while the match is being played/);
  });

  it('counts a pre-match basketball bet for the playoff mission but not for the live one', async () => {
    const player = await quickCustomer(server);
    await fund(server, player.customerId, 20_000);
    expect((await join(player.token, 'basketball-playoff-3')).code).toBe('0000');
    expect((await join(player.token, 'basketball-live-2')).code).toBe('0000');
    const basketball = basketballPick();
    expect(basketball, 'a pre-match basketball market at 1.50 or more').toBeDefined();
    const selection = basketball!.market.selections.find((s) => s.price >= 1.5)!;
    const placed = await call<PlacementResult>(
      server,
      'tp',
      'saba/sabaDoPlaceBetV2',
      singleBody({ ...basketball!, key: selection.key, price: selection.price }, 20),
      { token: player.token, idempotencyKey: idempotencyKey() },
    );
    expect(placed.data.code, placed.data.message).toBe(BetCode.Ok);
    expect((await fetch(`${server.url}/dev/feed/settle/${basketball!.match.matchId}`, { method: 'POST' })).status).toBe(200);
    await server.app.bets.idle();
    expect((await detail(player.token, 'basketball-playoff-3')).data.tasks[0]).toMatchObject({ done: 1, count: 3 });
    expect((await detail(player.token, 'basketball-live-2')).data.tasks[0]).toMatchObject({ done: 0, count: 2 });
  });

  it('counts a highlight once, only after the server opened it for the player and its length has passed', async () => {
    const feed = server.app.feed;
    let clip: HighlightClip | undefined;
    for (let i = 0; i < 60 && !clip; i++) {
      const { data } = await call<{ clips: HighlightClip[] }>(server, 'tp', 'saba/highlights');
      clip = data.clips.find((one) => one.sportTypeId === SportTypeId.Basketball);
      if (!clip) feed.step(10_000);
    }
    expect(clip, 'a basketball highlight in the test feed').toBeDefined();
    const player = await quickCustomer(server);
    const other = await quickCustomer(server);
    expect((await join(player.token, 'highlight-watch-2')).code).toBe('0000');

    // Never opened: refused, nothing recorded.
    const unopened = await watched(player.token, clip!.clipId);
    expect(unopened.code).toBe(GatewayCode.PromotionRefused);
    expect(unopened.message).toBe('Open this highlight first: only a highlight played here counts.');
    // A clip the player is not offered cannot be opened.
    expect((await open(player.token, 'nothing.final')).code).toBe(GatewayCode.PromotionRefused);

    const opened = await open(player.token, clip!.clipId);
    expect(opened.code, opened.message).toBe('0000');
    expect(opened.data).toMatchObject({ clipId: clip!.clipId, durationSeconds: clip!.durationSeconds, watched: false });
    expect(opened.data.url).toMatch(/master\.m3u8/);

    // Reported at once: the clip has not had time to play.
    const early = await watched(player.token, clip!.clipId);
    expect(early.code).toBe(GatewayCode.PromotionRefused);
    expect(early.message).toMatch(/^Watch the highlight to its end: \d+ seconds? left\.$/);
    // Another player's opening is not this one's.
    expect((await watched(other.token, clip!.clipId)).code).toBe(GatewayCode.PromotionRefused);

    shift = (clip!.durationSeconds + 1) * 1000;
    const [first, second] = await Promise.all([watched(player.token, clip!.clipId), watched(player.token, clip!.clipId)]);
    expect(first.code, first.message).toBe('0000');
    expect(second.data).toEqual(first.data);
    expect((await watched(player.token, clip!.clipId)).data).toEqual(first.data);
    const rows = (await server.database.db.select().from(highlightViews)).filter((row) => row.customerId === player.customerId);
    expect(rows).toHaveLength(1);

    const progress = await detail(player.token, 'highlight-watch-2');
    expect(progress.data.tasks[0]).toMatchObject({ kind: 'watch', done: 1, count: 2 });
    // Reopening a clip already watched keeps it counted once.
    expect((await open(player.token, clip!.clipId)).data.watched).toBe(true);
    expect((await detail(player.token, 'highlight-watch-2')).data.tasks[0]!.done).toBe(1);
  });

  it('offers the bingo and agency reloads with their tag and their terms in plain words', async () => {
    const { data } = await call<PublicOffersAnswer>(server, 'main', 'promotion/offers', {});
    const bingo = data.offers.find((offer) => offer.id === 'bingo-reload');
    expect(bingo).toMatchObject({ tags: ['bingo'], vertical: 'casino' });
    expect(bingo!.terms).toContain('What counts toward wagering: bingo rounds 100%.');
    expect(data.offers.find((offer) => offer.id === 'agency-reload')).toMatchObject({ tags: ['agency'], vertical: 'sports' });
    expect(data.offers.find((offer) => offer.id === 'sports-welcome')?.tags).toEqual([]);
  });
});
