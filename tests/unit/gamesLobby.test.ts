import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../src/api/instance';
import { JACKPOT_DEBOUNCE_MS } from '../../src/contract/constants';
import { jackpotDebouncer, storedJackpot } from '../../src/realtime/jackpot';
import type { GameEntry, GamePlatform } from '../../src/contract/games';
import { GameCall, SEARCH_HISTORY_MAX, jackpotMessageSchema } from '../../src/contract/games';
import type { UserInfo } from '../../src/contract/user';
import { toggleLike, usePlayerGamesSync } from '../../src/features/games/api';
import type { ConnectionStatus } from '../../src/contract/realtime';
import { foldText, gamesByIds, gamesOfKind, platformsOfKind, searchGames, visibleGames } from '../../src/lib/gameList';
import { clearSearchHistory, gamesStore, rememberSearch, setGamesOwner, setLiked } from '../../src/stores/games';
import { resetToken, setLogin } from '../../src/stores/session';
import { type CoreDeps, RealtimeCore, type Transport } from '../../workers/realtime/core';

let nextId = 1;
function game(gameName: string, platformCode: string, overrides: Partial<GameEntry> = {}): GameEntry {
  const gameId = nextId++;
  return {
    gameId,
    gameCode: `g${gameId}`,
    gameName,
    platformCode,
    kind: 'slot',
    category: 5,
    gameType: 'SLOT',
    engine: 'slot',
    rtpBps: 9600,
    thumbnail: `/static/games/thumbs/${gameId}.svg`,
    tags: [],
    trial: true,
    minBet: 100,
    maxBet: 100_000,
    rank: gameId,
    ...overrides,
  };
}

const platforms: GamePlatform[] = [
  { platformCode: 'JILI', name: 'Jili Games', wallet: 'seamless', maintenance: false },
  { platformCode: 'PG', name: 'Pocket Gámes', wallet: 'seamless', maintenance: true },
  { platformCode: 'SABA', name: 'Saba', wallet: 'transfer', maintenance: false },
];
const platformMap = new Map(platforms.map((p) => [p.platformCode, p]));

const fortune = game('Fortuné Gems', 'JILI');
const dragon = game('Dragon Tiger', 'PG', { kind: 'casino', category: 17, rank: 1 });
const gems = game('Super Gems', 'PG', { rank: 0 });
const fish = game('Ocean King', 'SABA', { kind: 'fishing', category: 8 });
const catalogue = [fortune, dragon, gems, fish];

describe('searching the catalogue', () => {
  it('finds a game by its name whatever the accents and the case', () => {
    expect(searchGames(catalogue, 'FORTUNE gems', platformMap)).toEqual([fortune]);
    expect(searchGames(catalogue, '  fortuné   ', platformMap)).toEqual([fortune]);
    expect(foldText('Fortuné  GEMS ')).toBe('fortune gems');
  });

  it('finds the games of a platform by its code or its name, names that start with the query first', () => {
    expect(searchGames(catalogue, 'pocket games', platformMap).map((g) => g.gameName)).toEqual(['Super Gems', 'Dragon Tiger']);
    expect(searchGames(catalogue, 'saba', platformMap)).toEqual([fish]);
    expect(searchGames(catalogue, 'gems', platformMap).map((g) => g.gameName)).toEqual(['Super Gems', 'Fortuné Gems']);
  });

  it('answers nothing for an empty query or one no game matches', () => {
    expect(searchGames(catalogue, '   ', platformMap)).toEqual([]);
    expect(searchGames(catalogue, 'baccarat', platformMap)).toEqual([]);
  });
});

describe('the lobby lists', () => {
  it('shows one kind in rank order, filtered by platform, without the platforms hidden from the visitor', () => {
    expect(gamesOfKind(catalogue, 'slot')).toEqual([gems, fortune]);
    expect(gamesOfKind(catalogue, 'slot', 'JILI')).toEqual([fortune]);
    expect(gamesOfKind(visibleGames(catalogue, ['PG']), 'slot')).toEqual([fortune]);
    expect(platformsOfKind(catalogue, 'slot', platforms).map((p) => p.platformCode)).toEqual(['JILI', 'PG']);
  });

  it('lists liked or recent games in the order of the ids, skipping the ones not in view', () => {
    expect(gamesByIds([fish.gameId, 999, fortune.gameId], catalogue)).toEqual([fish, fortune]);
    expect(gamesByIds([dragon.gameId, fortune.gameId], visibleGames(catalogue, ['PG']))).toEqual([fortune]);
  });
});

describe('the games store', () => {
  it('keeps the recent searches newest first, without repeats, at most SEARCH_HISTORY_MAX, and clears them', () => {
    clearSearchHistory();
    rememberSearch('gems');
    rememberSearch('  dragon   tiger ');
    rememberSearch('GEMS');
    rememberSearch('');
    expect(gamesStore.searchHistory).toEqual(['GEMS', 'dragon tiger']);
    for (let i = 0; i < SEARCH_HISTORY_MAX + 3; i++) rememberSearch(`term ${i}`);
    expect(gamesStore.searchHistory).toHaveLength(SEARCH_HISTORY_MAX);
    expect(gamesStore.searchHistory[0]).toBe(`term ${SEARCH_HISTORY_MAX + 2}`);
    clearSearchHistory();
    expect(gamesStore.searchHistory).toEqual([]);
  });

  it('puts a new like first, removes an unlike, and drops one player’s likes when another logs in', () => {
    setGamesOwner('alice');
    setLiked(1, true);
    setLiked(2, true);
    setLiked(1, true);
    expect(gamesStore.likeGameList).toEqual([1, 2]);
    setLiked(2, false);
    expect(gamesStore.likeGameList).toEqual([1]);
    setGamesOwner('alice');
    expect(gamesStore.likeGameList).toEqual([1]);
    setGamesOwner('bob');
    expect(gamesStore.likeGameList).toEqual([]);
  });
});

describe('the jackpot over the realtime worker', () => {
  function harness() {
    const subscribed: string[] = [];
    const unsubscribed: string[] = [];
    const handlers = new Map<string, (body: string) => void>();
    const statusListeners: ((s: ConnectionStatus) => void)[] = [];
    const transport: Transport = {
      subscribe(destination, onMessage) {
        subscribed.push(destination);
        handlers.set(destination, (body) => onMessage(body, {}));
        return () => {
          unsubscribed.push(destination);
          handlers.delete(destination);
        };
      },
      publish: () => true,
      setToken: () => undefined,
      onStatus: (listener) => statusListeners.push(listener),
      start: () => undefined,
    };
    const deps: CoreDeps = {
      transport,
      snapshots: {
        list: () => Promise.reject(new Error('unused')),
        match: () => Promise.reject(new Error('unused')),
      },
      now: () => 0,
      setInterval: () => 1,
      clearInterval: () => undefined,
      setTimeout: () => 0,
    };
    return {
      core: new RealtimeCore(deps),
      subscribed,
      unsubscribed,
      push: (d: string, v: unknown) => handlers.get(d)?.(JSON.stringify(v)),
    };
  }

  it('subscribes /topic/jackpot once for every tab, hands each message to each tab, and lets go with the last tab', async () => {
    const h = harness();
    const tabA = h.core.client();
    const tabB = h.core.client();
    const heardA: unknown[] = [];
    const heardB: unknown[] = [];
    const a = await tabA.watchJackpot((m) => heardA.push(m));
    const b = await tabB.watchJackpot((m) => heardB.push(m));
    expect(h.subscribed).toEqual(['/topic/jackpot']);
    h.push('/topic/jackpot', { amount: 123_456_00, ts: 1 });
    expect(heardA).toEqual([{ amount: 123_456_00, ts: 1 }]);
    expect(heardB).toEqual([{ amount: 123_456_00, ts: 1 }]);
    await tabA.unwatch(a);
    expect(h.unsubscribed).toEqual([]);
    await tabB.unwatch(b);
    expect(h.unsubscribed).toEqual(['/topic/jackpot']);
  });
});

describe('the jackpot ticker’s debounce', () => {
  it('shows the last amount of a burst once per JACKPOT_DEBOUNCE_MS, stores it for the next visit, and ignores junk', () => {
    vi.useFakeTimers();
    try {
      const shown: number[] = [];
      const debouncer = jackpotDebouncer((amount) => shown.push(amount), jackpotMessageSchema);
      debouncer.push({ amount: 100, ts: 1 });
      debouncer.push({ amount: 250, ts: 2 });
      debouncer.push({ amount: 'lots', ts: 3 });
      debouncer.push(null);
      expect(shown).toEqual([]);
      vi.advanceTimersByTime(JACKPOT_DEBOUNCE_MS);
      expect(shown).toEqual([250]);
      expect(storedJackpot()).toBe(250);
      debouncer.push({ amount: 300, ts: 4 });
      debouncer.cancel();
      vi.advanceTimersByTime(JACKPOT_DEBOUNCE_MS * 2);
      expect(shown).toEqual([250]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a like made while the likes are being refreshed', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    resetToken();
  });

  it('stays: the refresh that was asked for before it does not put back the older list', async () => {
    setLogin({ loginName: 'juan01', customerId: '1001' } as UserInfo, { token: 't', u2token: '' });
    let historyArrives!: () => void;
    const history = new Promise<void>((resolve) => (historyArrives = resolve));
    vi.spyOn(api, 'call').mockImplementation(async (_prefix: string, path: string, body: Record<string, unknown> = {}) => {
      if (path === GameCall.queryLikeGameList) return { likeGameList: [] };
      if (path === GameCall.queryHistoryGameList) {
        await history;
        return { historyGameList: [], lastGamePlayed: null };
      }
      if (path === GameCall.likeGame) return { likeGameList: body['like'] ? [body['gameId']] : [] };
      return null;
    });
    // Opening the lobby refreshes the likes (answered []) and the history (late).
    renderHook(() => usePlayerGamesSync());
    await vi.waitFor(() => expect(api.call).toHaveBeenCalledWith('main', GameCall.queryHistoryGameList, {}, { quiet: true }));
    await toggleLike(7);
    expect(gamesStore.likeGameList).toEqual([7]);
    historyArrives();
    await vi.waitFor(() => expect(vi.mocked(api.call).mock.results.every((r) => r.type === 'return')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(gamesStore.likeGameList).toEqual([7]);
  });
});
