import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GameEntry } from '../../src/contract/games';
import { carriedGameList } from '../../src/features/games/firstList';
import { type PublicGameLists, gameListJson, gameListSource } from '../../server/plugins/firstTiles';

/**
 * The lobby's catalogue on its way into the page and out of it: the server's view of the lists follows
 * the catalogue within seconds without ever making a page wait, and what the page carries is what the
 * lobby reads back (server/plugins/firstTiles.ts, src/features/games/firstList.ts).
 */

const game = (gameId: number, gameName: string): GameEntry => ({
  gameId,
  gameCode: `g-${gameId}`,
  gameName,
  platformCode: 'KALYE',
  kind: 'slot',
  category: 5,
  gameType: 'SLOT',
  engine: 'slot',
  rtpBps: 9600,
  thumbnail: `/static/games/thumbs/${gameId}.svg?v=abc`,
  tags: ['hot'],
  trial: true,
  minBet: 100,
  maxBet: 50_000,
  rank: gameId,
});

function lists(version: string, games: GameEntry[]): PublicGameLists {
  return {
    version,
    index: {
      version,
      count: games.length,
      chunks: games.length ? [`/static/games/${version}/0.json`] : [],
      platforms: [{ platformCode: 'KALYE', name: 'Kalye Studios', wallet: 'seamless', maintenance: false }],
    },
    chunks: games.length ? [JSON.stringify(games)] : [],
  };
}

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('the server’s view of the lobby’s lists', () => {
  it('has none before its first read, then the lists read, and reads again (once at a time) when they are older than two seconds', async () => {
    vi.useFakeTimers();
    let current = lists('v1', [game(1, 'Sampaguita Spins')]);
    const read = vi.fn(async () => current);
    const source = gameListSource(read);
    expect(source()).toBeUndefined();
    expect(source()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(0);
    expect(read).toHaveBeenCalledTimes(1);
    expect(source()?.version).toBe('v1');

    current = lists('v2', [game(1, 'Sampaguita Spins'), game(2, 'Jeepney Jackpot')]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(source()?.version).toBe('v1');
    await vi.advanceTimersByTimeAsync(1_500);
    // Stale: this page still gets the lists it has; the next one the new catalogue.
    expect(source()?.version).toBe('v1');
    await vi.advanceTimersByTimeAsync(0);
    expect(source()?.version).toBe('v2');
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('counts an empty catalogue (before the provider’s first answer) and a failed read as no lists', async () => {
    vi.useFakeTimers();
    const source = gameListSource(async () => lists('v0', []));
    source();
    await vi.advanceTimersByTimeAsync(0);
    expect(source()).toBeUndefined();
    const failing = gameListSource(() => Promise.reject(new Error('database gone')));
    failing();
    await vi.advanceTimersByTimeAsync(0);
    expect(failing()).toBeUndefined();
  });
});

describe('the catalogue the page carries', () => {
  it('is read back by the lobby as the lists it would fetch, even with markup in a game’s name', () => {
    const games = [game(1, 'Sampaguita </script><b>Spins</b>'), game(2, 'Jeepney Jackpot')];
    const carried = lists('v1', games);
    document.body.innerHTML = `<script type="application/json" id="panalo-game-list">${gameListJson(carried)}</script>`;
    expect(document.querySelectorAll('script')).toHaveLength(1);
    const list = carriedGameList();
    expect(list?.games).toEqual(games);
    expect(list?.index).toEqual(carried.index);
    expect(list?.byId.get(2)?.gameName).toBe('Jeepney Jackpot');
    expect(list?.platforms.get('KALYE')?.name).toBe('Kalye Studios');
    // Read once: the element goes with it.
    expect(document.getElementById('panalo-game-list')).toBeNull();
  });
});
