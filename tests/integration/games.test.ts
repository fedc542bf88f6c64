import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, type IMessage, type IStompSocket } from '@stomp/stompjs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { customers, gameCatalogue, gameLikes } from '../../server/db/schema';
import { DEFAULT_SITE_SETTINGS } from '../../server/modules/site/settings';
import { HOUSE, houseAccountId, post, walletAccountId } from '../../server/modules/wallet/ledger';
import type { CasinoSession, CasinoWalletApi, OpenSessionInput } from '../../server/modules/casinoWallet/api';
import {
  type GameProvider,
  GameProviderError,
  type LaunchRequest,
  type ProviderGame,
  type ProviderPlatform,
} from '../../server/providers/games/types';
import { GAME_LIST_CHUNK } from '../../src/contract/constants';
import { Destination, STOMP_PATH, STOMP_PROTOCOL } from '../../src/contract/feed';
import {
  GAME_KINDS,
  GAME_LIKES_MAX,
  GameCall,
  type GameEntry,
  type GameListIndex,
  type GameKind,
  gameListChunkSchema,
  gameListIndexSchema,
} from '../../src/contract/games';
import { siteInfoSchema } from '../../src/contract/site';
import { call, quickCustomer } from './player';
import { type TestServer, startServer } from './server';

// A fake aggregator: five platforms (one transfer-wallet, one to be gray-listed) and 250 games, so the
// lists come in three chunks of at most 100.

const PLATFORMS: ProviderPlatform[] = [
  { platformCode: 'PGS', name: 'Pine Games Studio', wallet: 'seamless' },
  { platformCode: 'LVX', name: 'Live Vortex', wallet: 'seamless' },
  { platformCode: 'ARC', name: 'Arcadia', wallet: 'seamless' },
  { platformCode: 'TRF', name: 'Transfer World', wallet: 'transfer' },
  { platformCode: 'GRY', name: 'Gray Labs', wallet: 'seamless' },
];

const ENGINE_OF: Record<GameKind, { engine: ProviderGame['engine']; gameType: string; category: ProviderGame['category'] }> = {
  slot: { engine: 'slot', gameType: 'SLOT', category: 5 },
  casino: { engine: 'roulette', gameType: 'LIVE', category: 17 },
  poker: { engine: 'video-poker', gameType: 'POKER', category: 3 },
  bingo: { engine: 'bingo', gameType: 'BINGO', category: 27 },
  fishing: { engine: 'fishing', gameType: 'FISH', category: 8 },
  arcade: { engine: 'crash', gameType: 'CRASH', category: 8 },
};

function makeGame(n: number, platformCode: string, kind: GameKind): ProviderGame {
  const { engine, gameType, category } = ENGINE_OF[kind];
  return {
    gameCode: `${platformCode.toLowerCase()}-${kind}-${n}`,
    gameName: `${kind[0]!.toUpperCase()}${kind.slice(1)} ${n}`,
    platformCode,
    kind,
    category,
    gameType,
    engine,
    rtpBps: 9_500 + (n % 5) * 10,
    tags: n % 17 === 0 ? ['hot'] : n % 11 === 0 ? ['new'] : [],
    trial: n % 4 !== 0,
    minBet: 100,
    maxBet: 500_000,
    theme: { background: '#12345' + (n % 10), accent: '#f5b400', glyph: '🍒' },
  };
}

function catalogue(): ProviderGame[] {
  const games: ProviderGame[] = [];
  for (let n = 1; n <= 200; n++) games.push(makeGame(n, n % 2 ? 'PGS' : 'ARC', 'slot'));
  for (let n = 1; n <= 20; n++) games.push(makeGame(n, 'LVX', 'casino'));
  for (let n = 1; n <= 10; n++) games.push(makeGame(n, 'PGS', 'poker'));
  for (let n = 1; n <= 6; n++) games.push(makeGame(n, 'ARC', 'bingo'));
  for (let n = 1; n <= 6; n++) games.push(makeGame(n, 'ARC', 'fishing'));
  for (let n = 1; n <= 4; n++) games.push(makeGame(n, 'TRF', 'arcade'));
  for (let n = 1; n <= 4; n++) games.push(makeGame(n, 'TRF', 'slot'));
  return games; // 250
}
const GRAY_GAMES = [makeGame(1, 'GRY', 'slot'), makeGame(2, 'GRY', 'slot')];

class FakeProvider implements GameProvider {
  games_ = [...catalogue(), ...GRAY_GAMES];
  launches: LaunchRequest[] = [];
  failure: GameProviderError | Error | null = null;
  jackpotAmount = 1_000_000;
  readonly transfers = {
    deposit: () => Promise.reject(new Error('not used')),
    withdraw: () => Promise.reject(new Error('not used')),
    transferStatus: () => Promise.reject(new Error('not used')),
    balance: async ({ user }: { user: string; platformCode: string }) => (user ? 12_345 : 0),
  };
  platforms = async () => PLATFORMS;
  games = async () => this.games_;
  async launch(request: LaunchRequest) {
    if (this.failure) throw this.failure;
    this.launches.push(request);
    return { url: `/sim/games/play/${randomBytes(6).toString('hex')}?game=${request.gameCode}` };
  }
  round = async () => null;
  jackpot = async () => this.jackpotAmount;
}

/** The casino wallet's side of a launch: a token per session, remembered so the test can match the provider's request. */
class FakeCasinoWallet implements CasinoWalletApi {
  sessions: (OpenSessionInput & CasinoSession)[] = [];
  constructor(private readonly server: () => TestServer) {}
  async openSession(input: OpenSessionInput): Promise<CasinoSession> {
    const [row] = await this.server()
      .database.db.select({ loginName: customers.loginName })
      .from(customers)
      .where(eq(customers.id, input.customerId));
    const session = { token: randomBytes(16).toString('hex'), user: row!.loginName, expiresAt: new Date(Date.now() + 3_600_000) };
    this.sessions.push({ ...input, ...session });
    return session;
  }
}

const provider = new FakeProvider();
let server: TestServer;
const casinoWallet = new FakeCasinoWallet(() => server);
/** What the app is handed; a test sets `provider` to null to see the site without a configured provider. */
const gamesOptions: { provider: GameProvider | null; casinoWallet: CasinoWalletApi } = { provider, casinoWallet };

beforeAll(async () => {
  server = await startServer({}, undefined, { games: gamesOptions });
});
afterAll(() => server.close());

function writeGames(games: Partial<(typeof DEFAULT_SITE_SETTINGS)['games']>) {
  const settings = { ...DEFAULT_SITE_SETTINGS, games: { ...DEFAULT_SITE_SETTINGS.games, grayPlatforms: ['GRY'], ...games } };
  writeFileSync(join(server.config.dataDir, 'site.json'), JSON.stringify(settings));
}

beforeEach(() => {
  writeGames({});
  provider.failure = null;
  provider.launches = [];
  gamesOptions.provider = provider;
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers });

async function index(): Promise<GameListIndex> {
  const response = await get('/static/games/index.json');
  expect(response.status).toBe(200);
  return gameListIndexSchema.parse(await response.json());
}

async function allGames(list: GameListIndex): Promise<GameEntry[]> {
  const games: GameEntry[] = [];
  for (const url of list.chunks) games.push(...gameListChunkSchema.parse(await (await get(url)).json()));
  return games;
}

async function gameOf(where: (game: GameEntry) => boolean, list?: GameListIndex): Promise<GameEntry> {
  const game = (await allGames(list ?? (await index()))).find(where);
  if (!game) throw new Error('no such game in the lists');
  return game;
}

async function loginNameOf(customerId: number): Promise<string> {
  const [row] = await server.database.db.select({ loginName: customers.loginName }).from(customers).where(eq(customers.id, customerId));
  return row!.loginName;
}

describe('the static game lists', () => {
  it('lists the 250 public games in three chunks of at most 100, each game with a stable id', async () => {
    const list = await index();
    expect(list.count).toBe(250);
    expect(list.chunks).toHaveLength(3);
    expect(list.chunks[0]).toBe(`/static/games/${list.version}/0.json`);
    expect(list.platforms.map((p) => p.platformCode)).toEqual(['PGS', 'LVX', 'ARC', 'TRF']);
    const games = await allGames(list);
    expect(games).toHaveLength(250);
    expect(new Set(games.map((g) => g.gameId)).size).toBe(250);
    for (const url of list.chunks) {
      expect(gameListChunkSchema.parse(await (await get(url)).json()).length).toBeLessThanOrEqual(GAME_LIST_CHUNK);
    }
    // In tab order, by rank within each kind; hot games first.
    const kinds = games.map((g) => GAME_KINDS.findIndex((k) => k.kind === g.kind));
    expect(kinds).toEqual([...kinds].sort((a, b) => a - b));
    const slots = games.filter((g) => g.kind === 'slot');
    expect(slots.map((g) => g.rank)).toEqual(slots.map((_, i) => i + 1));
    expect(slots[0]!.tags).toContain('hot');
    expect(games.some((g) => g.platformCode === 'GRY')).toBe(false);

    const answered = await call<GameListIndex>(server, 'main', GameCall.queryGameList);
    expect(answered.data).toEqual(list);
  });

  it('revalidates the index (no-cache, ETag, 304) and keeps chunks forever; an unknown version is 404', async () => {
    const first = await get('/static/games/index.json');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag')!;
    const list = gameListIndexSchema.parse(await first.json());
    expect(etag).toBe(`"${list.version}"`);
    const again = await get('/static/games/index.json', { 'If-None-Match': etag });
    expect(again.status).toBe(304);

    const chunk = await get(list.chunks[1]!, { 'Accept-Encoding': 'gzip' });
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers.get('content-type')).toMatch(/^application\/json/);
    expect(gameListChunkSchema.parse(await chunk.json())).toHaveLength(100);

    expect((await get('/static/games/0123456789abcdef/0.json')).status).toBe(404);
    expect((await get(`/static/games/${list.version}/7.json`)).status).toBe(404);
    expect((await get(`/static/games/${list.version}/x.json`)).status).toBe(404);
    const elsewhere = await get('/static/games/old-list.js');
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.headers.get('content-type')).toMatch(/^text\/plain/);
  });

  it('draws each game’s thumbnail from its theme', async () => {
    const game = await gameOf((g) => g.kind === 'poker');
    expect(game.thumbnail).toMatch(new RegExp(`^/static/games/thumbs/${game.gameId}\\.svg\\?v=[0-9a-f]{10}$`));
    const thumb = await get(game.thumbnail);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(thumb.headers.get('cache-control')).toContain('immutable');
    const svg = await thumb.text();
    expect(svg).toContain(game.gameName);
    expect(svg).toContain('#f5b400');
    expect(svg).not.toMatch(/<script|<style/);
    expect((await get(game.thumbnail, { 'If-None-Match': thumb.headers.get('etag')! })).status).toBe(304);
    expect((await get('/static/games/thumbs/999999.svg')).status).toBe(404);
  });

  it('makes a new version when a platform goes into maintenance, and refuses its launches', async () => {
    const before = await index();
    const player = await quickCustomer(server);
    const live = await gameOf((g) => g.platformCode === 'LVX', before);

    writeGames({ maintenance: ['LVX'] });
    const during = await index();
    expect(during.version).not.toBe(before.version);
    expect(during.platforms.find((p) => p.platformCode === 'LVX')?.maintenance).toBe(true);
    expect(during.count).toBe(before.count);
    expect((await get('/static/games/index.json', { 'If-None-Match': `"${before.version}"` })).status).toBe(200);
    // The chunks of the version a browser was loading are still there.
    expect((await get(before.chunks[0]!)).status).toBe(200);

    const refused = await call(server, 'main', GameCall.launchGame, { gameId: live.gameId }, { token: player.token });
    expect(refused.code).toBe('GW_800481');
    expect(refused.message).toBe('This game is under maintenance. Please try again later.');
    expect(provider.launches).toHaveLength(0);

    writeGames({});
    expect((await index()).version).toBe(before.version);
  });

  it('keeps every game’s id when the provider changes its catalogue, and across a restart', async () => {
    const before = await allGames(await index());
    const idOf = new Map(before.map((g) => [`${g.platformCode}/${g.gameCode}`, g.gameId]));
    const removed = provider.games_.find((g) => g.kind === 'casino')!;
    const saved = provider.games_;
    // The provider reorders its list, drops one game and adds one.
    provider.games_ = [makeGame(999, 'PGS', 'slot'), ...saved.filter((g) => g !== removed).reverse()];
    await server.app.jobs.tick(undefined, ['game-catalogue']);
    const after = await allGames(await index());
    expect(after).toHaveLength(250);
    expect(after.find((g) => g.gameCode === removed.gameCode)).toBeUndefined();
    for (const game of after) {
      const known = idOf.get(`${game.platformCode}/${game.gameCode}`);
      if (game.gameCode === 'pgs-slot-999') expect(known).toBeUndefined();
      else expect(game.gameId).toBe(known);
    }
    expect(Math.max(...before.map((g) => g.gameId))).toBeLessThan(after.find((g) => g.gameCode === 'pgs-slot-999')!.gameId);

    provider.games_ = saved;
    await server.app.jobs.tick(undefined, ['game-catalogue']);
    server = await server.restart();
    const restarted = await allGames(await index());
    expect(restarted.map((g) => g.gameId).sort()).toEqual(before.map((g) => g.gameId).sort());
    expect(restarted.find((g) => g.gameCode === removed.gameCode)?.gameId).toBe(idOf.get(`${removed.platformCode}/${removed.gameCode}`));
  });
});

describe('gray platforms', () => {
  it('are hidden from everyone but the gray-listed players, who get their own lists and may launch them', async () => {
    const gray = await quickCustomer(server);
    const other = await quickCustomer(server);
    writeGames({ grayUsers: [await loginNameOf(gray.customerId)] });

    const hidden = (token?: string) =>
      call<{ platformCodes: string[] }>(server, 'main', GameCall.queryGrayPlatformList, {}, token ? { token } : {});
    expect((await hidden()).data.platformCodes).toEqual(['GRY']);
    expect((await hidden(other.token)).data.platformCodes).toEqual(['GRY']);
    expect((await hidden(gray.token)).data.platformCodes).toEqual([]);

    const publicList = await index();
    expect(publicList.platforms.map((p) => p.platformCode)).not.toContain('GRY');
    expect((await call<GameListIndex>(server, 'main', GameCall.queryGameList, {}, { token: other.token })).data).toEqual(publicList);
    const grayList = (await call<GameListIndex>(server, 'main', GameCall.queryGameList, {}, { token: gray.token })).data;
    expect(grayList.version).not.toBe(publicList.version);
    expect(grayList.count).toBe(252);
    const grayGame = await gameOf((g) => g.platformCode === 'GRY', grayList);

    const refused = await call(server, 'main', GameCall.launchGame, { gameId: grayGame.gameId }, { token: other.token });
    expect(refused.code).toBe('GW_800480');
    expect((await call(server, 'main', GameCall.likeGame, { gameId: grayGame.gameId, like: true }, { token: other.token })).code).toBe(
      'GW_800480',
    );
    const launched = await call<{ url: string }>(server, 'main', GameCall.launchGame, { gameId: grayGame.gameId }, { token: gray.token });
    expect(launched.code).toBe('0000');
    expect(provider.launches.at(-1)?.gameCode).toBe(grayGame.gameCode);
  });
});

describe('launching a game', () => {
  it('opens a casino-wallet session and hands its token to the provider; answers the game URL and records it as played', async () => {
    const player = await quickCustomer(server);
    const slot = await gameOf((g) => g.kind === 'slot' && g.platformCode === 'PGS');
    const answer = await call<{ url: string; currency: string; expiresAt: string }>(
      server,
      'main',
      GameCall.launchGame,
      {
        gameId: slot.gameId,
        gameCode: 'forged',
        platformCode: 'GRY',
        callbackPath: 'https://evil.example/x',
        lang: 'en',
        isWithTransfer: true,
      },
      { token: player.token },
    );
    expect(answer.code).toBe('0000');
    expect(answer.data.currency).toBe('PHP');
    expect(answer.data.url).toMatch(/^\/sim\/games\/play\//);
    const session = casinoWallet.sessions.at(-1)!;
    expect(session).toMatchObject({
      customerId: player.customerId,
      gameCode: slot.gameCode,
      platformCode: 'PGS',
      currency: 'PHP',
      gameId: slot.gameId,
      gameName: slot.gameName,
      category: 5,
    });
    expect(answer.data.expiresAt).toBe(session.expiresAt.toISOString());
    expect(provider.launches.at(-1)).toEqual({
      user: await loginNameOf(player.customerId),
      token: session.token,
      gameCode: slot.gameCode,
      platformCode: 'PGS',
      currency: 'PHP',
      lang: 'en',
      lobbyUrl: '/games/slot',
      ip: '127.0.0.1',
      country: 'PH',
      platform: 'GPL_MOBILE',
    });

    const poker = await gameOf((g) => g.kind === 'poker');
    await call(
      server,
      'main',
      GameCall.launchGame,
      { gameId: poker.gameId, callbackPath: '/games/poker?from=search' },
      { token: player.token },
    );
    expect(provider.launches.at(-1)?.lobbyUrl).toBe('/games/poker?from=search');

    const history = await call<{ historyGameList: { gameId: number }[]; lastGamePlayed: number | null }>(
      server,
      'main',
      GameCall.queryHistoryGameList,
      {},
      { token: player.token },
    );
    expect(history.data.historyGameList.map((h) => h.gameId)).toEqual([poker.gameId, slot.gameId]);
    expect(history.data.lastGamePlayed).toBe(poker.gameId);

    // Played again: back on top, once.
    await call(server, 'main', GameCall.launchGame, { gameId: slot.gameId }, { token: player.token });
    const again = await call<{ historyGameList: { gameId: number }[]; lastGamePlayed: number }>(
      server,
      'main',
      GameCall.queryHistoryGameList,
      {},
      { token: player.token },
    );
    expect(again.data.historyGameList.map((h) => h.gameId)).toEqual([slot.gameId, poker.gameId]);
    expect(again.data.lastGamePlayed).toBe(slot.gameId);
  });

  it('v2/inGame also answers the game, its wallet mode and the transfer platform’s balance', async () => {
    const player = await quickCustomer(server);
    const transfer = await gameOf((g) => g.platformCode === 'TRF');
    const answer = await call<{ game: GameEntry; wallet: string; transferBalance: number | null; currency: string }>(
      server,
      'main',
      GameCall.inGameV2,
      { gameId: transfer.gameId },
      { token: player.token },
    );
    expect(answer.code).toBe('0000');
    expect(answer.data).toMatchObject({ game: transfer, wallet: 'transfer', transferBalance: 12_345, currency: 'PHP' });
    const seamless = await gameOf((g) => g.platformCode === 'ARC');
    const other = await call<{ wallet: string; transferBalance: number | null }>(
      server,
      'main',
      GameCall.inGameV2,
      { gameId: seamless.gameId },
      { token: player.token },
    );
    expect(other.data).toMatchObject({ wallet: 'seamless', transferBalance: null });
  });

  it('refuses: no login, an unknown game, past the KYC days, a provider down, a full table', async () => {
    const player = await quickCustomer(server);
    const game = await gameOf((g) => g.kind === 'casino');
    const launch = (gameId = game.gameId) => call(server, 'main', GameCall.launchGame, { gameId }, { token: player.token });

    expect((await call(server, 'main', GameCall.launchGame, { gameId: game.gameId })).code).toBe('GW_800402');
    expect((await launch(987_654)).code).toBe('GW_800480');

    provider.failure = new GameProviderError('PROVIDER_DOWN', 'timeout');
    const down = await launch();
    expect(down.code).toBe('GW_800482');
    expect(down.message).toBe('Games are not available right now. Please try again later.');
    provider.failure = new Error('socket hang up');
    expect((await launch()).code).toBe('GW_800482');

    provider.failure = new GameProviderError('TABLE_FULL', 'table full');
    const full = await launch();
    expect(full.code).toBe('GW_510520');
    expect(full.message).toBe('Massive fanatics are waiting, please try again!');
    provider.failure = null;
    expect((await launch()).code).toBe('0000');

    await server.database.db
      .update(customers)
      .set({ createdAt: sql`now() - make_interval(days => 8)` })
      .where(eq(customers.id, player.customerId));
    expect((await launch()).code).toBe('GW_800460');
    // Demo play needs no verification.
    expect((await call(server, 'main', GameCall.trialGame, { gameId: game.gameId }, { token: player.token })).code).toBe('0000');
  });
});

describe('demo play', () => {
  it('opens a trial without login, in play money, without a wallet session; a game without demo play is refused', async () => {
    const game = await gameOf((g) => g.trial && g.kind === 'slot');
    const sessions = casinoWallet.sessions.length;
    const answer = await call<{ url: string; currency: string }>(server, 'main', GameCall.trialGame, { gameId: game.gameId });
    expect(answer.code).toBe('0000');
    expect(answer.data.currency).toBe('XXX');
    expect(provider.launches.at(-1)).toMatchObject({ token: null, currency: 'XXX', gameCode: game.gameCode });
    expect(casinoWallet.sessions).toHaveLength(sessions);

    const noDemo = await gameOf((g) => !g.trial);
    const refused = await call(server, 'main', GameCall.trialGame, { gameId: noDemo.gameId });
    expect(refused.code).toBe('GW_800483');
  });

  it('answers GameProviderDown for every launch when no provider is configured', async () => {
    const player = await quickCustomer(server);
    const game = await gameOf((g) => g.trial && g.kind === 'slot');
    gamesOptions.provider = null;
    for (const answer of [
      await call(server, 'main', GameCall.trialGame, { gameId: game.gameId }),
      await call(server, 'main', GameCall.launchGame, { gameId: game.gameId }, { token: player.token }),
    ]) {
      expect(answer.code).toBe('GW_800482');
      expect(answer.message).toBe('Games are not available right now. Please try again later.');
    }
    // The lobby still lists the stored catalogue.
    expect((await index()).count).toBe(250);
  });
});

describe('likes', () => {
  it('likes and unlikes games, newest first; an unknown game is refused; at most GAME_LIKES_MAX', async () => {
    const player = await quickCustomer(server);
    const [a, b] = (await allGames(await index())).slice(10, 12);
    const like = (gameId: number, liked = true) =>
      call<{ likeGameList: number[] }>(server, 'main', GameCall.likeGame, { gameId, like: liked }, { token: player.token });
    expect((await like(a!.gameId)).data.likeGameList).toEqual([a!.gameId]);
    expect((await like(b!.gameId)).data.likeGameList).toEqual([b!.gameId, a!.gameId]);
    expect((await like(b!.gameId)).data.likeGameList).toEqual([b!.gameId, a!.gameId]);
    expect((await like(a!.gameId, false)).data.likeGameList).toEqual([b!.gameId]);
    const unknown = await like(987_654);
    expect(unknown.code).toBe('GW_800480');
    expect((await call<{ likeGameList: number[] }>(server, 'main', GameCall.queryLikeGameList, {}, { token: player.token })).data).toEqual({
      likeGameList: [b!.gameId],
    });

    // Fill up to the limit, then one more is refused and nothing changes.
    const ids = (await server.database.db.select({ id: gameCatalogue.id }).from(gameCatalogue))
      .map((r) => r.id)
      .filter((id) => id !== b!.gameId);
    await server.database.db
      .insert(gameLikes)
      .values(
        ids
          .slice(0, GAME_LIKES_MAX - 1)
          .map((gameId, i) => ({ customerId: player.customerId, gameId, createdAt: new Date(Date.now() - 60_000 - i) })),
      );
    const full = await like(ids[GAME_LIKES_MAX - 1]!);
    expect(full.code).toBe('GW_800400');
    expect(full.message).toBe(`You can like up to ${GAME_LIKES_MAX} games. Remove one from your likes first.`);
  });
});

describe('bonus, jackpot and site settings', () => {
  it('answers the bonus wallet’s balance as gameBonusBalance', async () => {
    const player = await quickCustomer(server);
    expect((await call(server, 'main', GameCall.gameBonusBalance, {}, { token: player.token })).data).toEqual({ gameBonusBalance: 0 });
    await server.database.db.transaction(async (tx) => {
      await post(tx, {
        kind: 'bonus',
        customerId: player.customerId,
        reference: 'test:bonus',
        entries: [
          { accountId: await houseAccountId(tx, HOUSE.payments), amount: -25_000 },
          { accountId: await walletAccountId(tx, player.customerId, 'bonus'), amount: 25_000 },
        ],
      });
    });
    expect((await call(server, 'main', GameCall.gameBonusBalance, {}, { token: player.token })).data).toEqual({ gameBonusBalance: 25_000 });
  });

  it('publishes the jackpot on /topic/jackpot when it changes, and answers the last amount', async () => {
    const inbox: IMessage[] = [];
    const client = new Client({
      webSocketFactory: () =>
        new WebSocket(`${server.url.replace('http', 'ws')}${STOMP_PATH}`, [STOMP_PROTOCOL]) as unknown as IStompSocket,
      reconnectDelay: 0,
      heartbeatIncoming: 0,
      heartbeatOutgoing: 0,
    });
    const connected = new Promise<void>((resolve) => (client.onConnect = () => resolve()));
    client.activate();
    try {
      await connected;
      const receipt = 'jackpot-sub';
      const subscribed = new Promise<void>((resolve) => client.watchForReceipt(receipt, () => resolve()));
      client.subscribe(Destination.jackpot, (message) => inbox.push(message), { receipt });
      await subscribed;

      provider.jackpotAmount = 4_321_000;
      await server.app.jobs.tick(1_700_000_000_000, ['game-jackpot']);
      await until(() => inbox.length === 1);
      expect(JSON.parse(inbox[0]!.body)).toEqual({ amount: 4_321_000, ts: 1_700_000_000_000 });
      expect((await call(server, 'main', GameCall.queryJackpot)).data).toEqual({ amount: 4_321_000 });

      // Unchanged: nothing published. Changed: published again.
      await server.app.jobs.tick(1_700_000_002_000, ['game-jackpot']);
      provider.jackpotAmount = 4_322_500;
      await server.app.jobs.tick(1_700_000_004_000, ['game-jackpot']);
      await until(() => inbox.length === 2);
      expect(inbox.map((m) => JSON.parse(m.body).amount)).toEqual([4_321_000, 4_322_500]);
    } finally {
      await client.deactivate({ force: true });
    }
  });

  it('tells the anti-addiction reminders per category in siteinfo', async () => {
    const info = siteInfoSchema.parse((await call(server, 'front', 'front/siteinfo')).data);
    expect(info.antiAddiction).toMatchObject({ '5': { remindEveryMinutes: 60 }, '17': { remindEveryMinutes: 60 } });
    writeFileSync(
      join(server.config.dataDir, 'site.json'),
      JSON.stringify({ ...DEFAULT_SITE_SETTINGS, antiAddiction: { '5': { remindEveryMinutes: 30 }, '3': { remindEveryMinutes: 0 } } }),
    );
    const changed = siteInfoSchema.parse((await call(server, 'front', 'front/siteinfo')).data);
    expect(changed.antiAddiction).toMatchObject({
      '5': { remindEveryMinutes: 30 },
      '3': { remindEveryMinutes: 0 },
      '27': { remindEveryMinutes: 60 },
    });
  });
});

async function until(condition: () => boolean, timeoutMs = 3_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
