import { inflateSync } from 'node:zlib';
import { Client, type IMessage } from '@stomp/stompjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO_PLAYER } from '../../server/plugins/seed';
import type { Delta, ListSnapshot, Market, Match, MatchSnapshot } from '../../src/contract/feed';
import type { ListPatch } from '../../src/contract/realtime';
import { RealtimeCore } from '../../workers/realtime/core';
import { httpSnapshots } from '../../workers/realtime/http';
import { stompTransport } from '../../workers/realtime/stomp';
import { call, internalId, loginWithPassword, registerPlayer } from './player';
import { type TestServer, startServer } from './server';
import { ANONYMOUS_CALLER } from '../../src/contract/request';

let server: TestServer;

beforeAll(async () => {
  server = await startServer({}, undefined, { heartbeatMs: 200 });
});

afterAll(async () => {
  await server.close();
});

async function compressed<T>(name: string, body: unknown): Promise<T> {
  const response = await server.post('tp', name, body);
  expect(response.headers.get('content-type')).toBe('application/octet-stream');
  return JSON.parse(inflateSync(Buffer.from(await response.arrayBuffer())).toString('utf8')) as T;
}

const wsUrl = () => `${server.url.replace('http', 'ws')}/ws`;

function stomp(token?: string, extra: Partial<ConstructorParameters<typeof Client>[0]> = {}): Client {
  return new Client({
    brokerURL: wsUrl(),
    webSocketFactory: () => new WebSocket(wsUrl(), ['v12.stomp']),
    connectHeaders: token ? { token } : {},
    heartbeatIncoming: 200,
    heartbeatOutgoing: 200,
    reconnectDelay: 0,
    ...extra,
  });
}

async function connected(client: Client): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    client.onConnect = () => resolve();
    client.onStompError = (frame) => reject(new Error(frame.headers['message']));
    client.activate();
  });
}

/** A tiny reference reducer: snapshot + deltas, as the worker store does it. */
function applyAll(snapshot: ListSnapshot, deltas: Delta[]): Map<string, Market> {
  const markets = new Map(snapshot.markets.map((m) => [m.marketId, structuredClone(m)]));
  for (const delta of deltas) {
    for (const change of delta.changes) {
      if (change.t === 'price') {
        const selection = markets.get(change.marketId)?.selections.find((s) => s.key === change.key);
        if (selection) selection.price = change.price;
      } else if (change.t === 'market') {
        const market = markets.get(change.marketId);
        if (market && change.status) market.status = change.status;
        if (market && change.point !== undefined) market.point = change.point;
      } else if (change.t === 'addMatch') {
        for (const m of change.markets) markets.set(m.marketId, structuredClone(m));
      } else if (change.t === 'removeMatch') {
        for (const [id, m] of markets) if (m.matchId === change.matchId) markets.delete(id);
      }
    }
  }
  return markets;
}

describe('sportsbook calls', () => {
  it('answers the compressed list of a sport with its main markets, and the combo variant', async () => {
    const live = await compressed<ListSnapshot>('saba/queryCompressedMatchList', { sportTypeId: '1', mode: 'live' });
    const today = await compressed<ListSnapshot>('saba/queryCompressedMatchList', { sportTypeId: '1', mode: 'today' });
    expect(live.matches.length + today.matches.length).toBeGreaterThan(0);
    for (const match of live.matches) expect(match).toMatchObject({ eventStatus: 'running', runningStatus: '0' });
    expect(live.markets.every((m) => m.main)).toBe(true);
    const combo = await compressed<ListSnapshot>('saba/queryCompressedComboMatchList', { sportTypeId: '1', mode: 'live' });
    expect(combo.markets.every((m) => m.combo)).toBe(true);
  });

  it('answers one match with all its markets, and a clear refusal for a match that is gone', async () => {
    const list = await compressed<ListSnapshot>('saba/queryCompressedMatchList', { sportTypeId: '2', mode: 'live' });
    const first =
      list.matches[0] ?? (await compressed<ListSnapshot>('saba/queryCompressedMatchList', { sportTypeId: '2', mode: 'today' })).matches[0];
    expect(first).toBeDefined();
    const detail = await compressed<MatchSnapshot>('saba/queryCompressedMatchDetail', { matchId: first!.matchId });
    expect(detail.match.matchId).toBe(first!.matchId);
    expect(detail.markets.length).toBeGreaterThan(list.markets.filter((m) => m.matchId === first!.matchId).length);
    expect(new Set(detail.markets.map((m) => m.category))).toContain('player');
    const goneAnswer = await call(server, 'tp', 'saba/queryCompressedMatchDetail', { matchId: 'no-such-match' });
    expect(goneAnswer).toMatchObject({ status: 404, message: 'This match is over or no longer available.' });
  });

  it('answers several sports grouped, outrights, the sport switch and the market switches', async () => {
    const grouped = await compressed<{ groups: ListSnapshot[] }>('saba/queryCompressedMatchListWithGroup', {
      mode: 'today',
      limitPerSport: 3,
    });
    expect(grouped.groups.length).toBe(10);
    expect(grouped.groups.every((g) => g.matches.length <= 3)).toBe(true);
    const outrights = await call<{ outrights: { teams: unknown[] }[] }>(server, 'tp', 'saba/queryOutrights', { sportTypeId: '1' });
    expect(outrights.data.outrights.length).toBeGreaterThan(0);
    const sports = await call<{ sports: { sportTypeId: string; live: number }[] }>(server, 'tp', 'saba/sportSwitch');
    expect(sports.data.sports.map((s) => s.sportTypeId)).toContain('43');
    expect((await call(server, 'tp', 'saba/maintenanceStatus')).data).toEqual({ maintenance: false });
    expect((await call(server, 'tp', 'saba/hongkongMarketStatus')).data).toEqual({ stopped: false });
    const badSport = await call(server, 'tp', 'saba/queryCompressedMatchList', { sportTypeId: 'chess', mode: 'live' });
    expect(badSport.code).toBe('GW_800400');
  });

  it('lists video sources in priority order and looks them up', async () => {
    const lists = await Promise.all(
      ['1', '2', '43', '5'].flatMap((sportTypeId) =>
        ['live', 'today', 'early'].map((mode) => compressed<ListSnapshot>('saba/queryCompressedMatchList', { sportTypeId, mode })),
      ),
    );
    const withVideo = lists.flatMap((l) => l.matches).find((m: Match) => m.video?.channelCode);
    expect(withVideo).toBeDefined();
    const streams = await call<{ sources: { provider: string; params: Record<string, unknown> }[] }>(server, 'tp', 'saba/matchStreams', {
      matchId: withVideo!.matchId,
    });
    const providers = streams.data.sources.map((s) => s.provider);
    expect(providers.at(-1)).toBe('saba');
    expect([...providers].sort((a, b) => ['nami', 'sportradar', 'saba'].indexOf(a) - ['nami', 'sportradar', 'saba'].indexOf(b))).toEqual(
      providers,
    );
    const saba = streams.data.sources.find((s) => s.provider === 'saba')!;
    const url = await call<{ url: string }>(server, 'tp', 'saba/getSabaStreamUrl', saba.params);
    expect(url.data.url).toMatch(/^\/media\/sample\.webm/);
  });

  it('answers standings, analysis, line-ups and picks for a match', async () => {
    const list = await compressed<ListSnapshot>('saba/queryCompressedMatchList', { sportTypeId: '1', mode: 'today' });
    const match = list.matches[0]!;
    const table = await call<{ rows: { teamId: string; played: number; points: number }[] }>(server, 'tp', 'saba/standings', {
      leagueId: match.leagueId,
      sportTypeId: '1',
    });
    expect(table.data.rows.map((r) => r.teamId)).toEqual(expect.arrayContaining([match.homeId, match.awayId]));
    expect(table.data.rows[0]!.points).toBeGreaterThanOrEqual(table.data.rows.at(-1)!.points);
    const analysis = await call<{ homeForm: string[]; headToHead: { at: number }[] }>(server, 'tp', 'saba/analysis', {
      matchId: match.matchId,
    });
    expect(analysis.data.homeForm.length).toBeGreaterThan(0);
    // Past meetings are in the past.
    expect(analysis.data.headToHead.every((game) => game.at < Date.now())).toBe(true);
    const lineups = await call<{ home: { starters: string[] } }>(server, 'tp', 'saba/lineups', { matchId: match.matchId });
    expect(lineups.data.home.starters).toHaveLength(11);
    const picks = await call<{ picks: { price: number }[] }>(server, 'tp', 'saba/picks', { matchId: match.matchId });
    expect(picks.data.picks.length).toBeGreaterThan(0);
  });
});

describe('the STOMP endpoint with the feed', () => {
  it('delivers a sport’s deltas in order, and snapshot + deltas equals a later snapshot', async () => {
    const client = stomp();
    await connected(client);
    const deltas: Delta[] = [];
    client.subscribe('/topic/sport/1', (message: IMessage) => {
      const delta = JSON.parse(message.body) as Delta;
      expect(message.headers['seq']).toBe(String(delta.seq));
      deltas.push(delta);
    });
    await new Promise((r) => setTimeout(r, 100));
    const before = await compressed<ListSnapshot>('saba/queryCompressedMatchList', { sportTypeId: '1', mode: 'live' });
    server.app.feed.step(5_000);
    await new Promise((r) => setTimeout(r, 300));
    const after = await compressed<ListSnapshot>('saba/queryCompressedMatchList', { sportTypeId: '1', mode: 'live' });
    await client.deactivate();

    expect(deltas.length).toBeGreaterThan(10);
    const seqs = deltas.map((d) => d.seq);
    expect(seqs).toEqual(seqs.map((_, i) => seqs[0]! + i));
    const replayed = applyAll(
      before,
      deltas.filter((d) => d.seq > before.seq),
    );
    for (const market of after.markets) {
      const mine = replayed.get(market.marketId);
      if (mine) expect(mine.selections.map((s) => s.price)).toEqual(market.selections.map((s) => s.price));
    }
  });

  it('keeps an idle connection open with heart-beats', async () => {
    const client = stomp();
    let closed = false;
    client.onWebSocketClose = () => {
      closed = true;
    };
    await connected(client);
    await new Promise((r) => setTimeout(r, 1_200));
    expect(closed).toBe(false);
    expect(server.app.broker.stats().connections).toBeGreaterThanOrEqual(1);
    await client.deactivate();
  });

  it('lets a player read only their own queue', async () => {
    const login = await loginWithPassword(server, DEMO_PLAYER.phoneAsTyped, DEMO_PLAYER.password);
    const other = await registerPlayer(server);
    const client = stomp(login.data.webToken.token);
    await connected(client);
    const own: string[] = [];
    client.subscribe('/user/queue/messages', (m) => own.push(m.body));
    await new Promise((r) => setTimeout(r, 100));
    server.app.broker.publishToUser(await internalId(server, login.data.userInfo), 'messages', '{"n":1}');
    server.app.broker.publishToUser(await internalId(server, other.userInfo), 'messages', '{"n":2}');
    await new Promise((r) => setTimeout(r, 200));
    expect(own).toEqual(['{"n":1}']);

    const errors: string[] = [];
    const spy = stomp(login.data.webToken.token);
    await connected(spy);
    spy.onStompError = (frame) => errors.push(frame.headers['message'] ?? '');
    spy.subscribe(`/user/${other.userInfo.customerId}/queue/balance`, () => undefined);
    await new Promise((r) => setTimeout(r, 200));
    expect(errors.length).toBe(1);
    await spy.deactivate();
    await client.deactivate();
  });
});

describe('the realtime worker core against the real server', () => {
  it('resumes with a fresh snapshot after the socket is cut', async () => {
    const origin = server.url;
    const core = new RealtimeCore({
      transport: stompTransport(wsUrl(), () => new WebSocket(wsUrl(), ['v12.stomp']) as unknown as globalThis.WebSocket),
      snapshots: httpSnapshots(origin),
      now: () => Date.now(),
      setInterval: (fn, ms) => setInterval(fn, ms),
      clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      conflateMs: 50,
    });
    const patches: ListPatch[] = [];

    await core.connect('tab', null, { ...ANONYMOUS_CALLER, appKey: server.config.appKey, deviceId: 'test-device' });
    // The busiest list of the feed, so that a few seconds of feed time surely move a price in it.
    const { data } = await call<{ sports: { sportTypeId: string; live: number; today: number }[] }>(server, 'tp', 'saba/sportSwitch');
    const busiest = [...data.sports].sort((a, b) => b.live - a.live)[0]!;
    const id = await core.watchList('tab', { sportTypeId: busiest.sportTypeId, mode: 'live' }, (patch) => patches.push(patch));
    const waitFor = async (what: string, test: () => boolean) => {
      for (let i = 0; i < 160 && !test(); i++) await new Promise((r) => setTimeout(r, 50));
      expect(test(), what).toBe(true);
    };
    await waitFor('first snapshot', () => patches.some((p) => p.reset));
    await waitFor('subscribed', () => server.app.broker.stats().subscriptions > 0);
    server.app.feed.step(20_000);
    await waitFor('live prices', () => patches.some((p) => !p.reset && p.markets !== undefined));

    const resets = patches.filter((p) => p.reset).length;
    server.app.broker.dropAll();
    await waitFor('told reconnecting', () => patches.some((p) => p.status === 'reconnecting'));
    // stompjs reconnects after 5 s (spec §9); the fresh snapshot follows the reconnect.
    await waitFor('fresh snapshot', () => patches.filter((p) => p.reset).length > resets);
    expect(patches.at(-1)?.status).toBe('live');
    await core.unwatch(id);
  }, 20_000);
});
