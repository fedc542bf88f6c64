import { describe, expect, it } from 'vitest';
import {
  type CatalogueGame,
  type CatalogueSnapshot,
  buildLists,
  gameEntry,
  listable,
  rankGames,
} from '../../server/modules/games/catalogue';
import { lobbyPath } from '../../server/modules/games/service';
import { monogram, thumbnailSvg } from '../../server/modules/games/thumbs';
import type { ProviderGame, ProviderPlatform } from '../../server/providers/games/types';
import { gameListChunkSchema, gameListIndexSchema } from '../../src/contract/games';

function game(code: string, platformCode: string, kind: ProviderGame['kind'], tags: ProviderGame['tags'] = []): ProviderGame {
  return {
    gameCode: code,
    gameName: `Game ${code}`,
    platformCode,
    kind,
    category: kind === 'slot' ? 5 : kind === 'poker' ? 3 : 17,
    gameType: kind.toUpperCase(),
    engine: kind === 'slot' ? 'slot' : kind === 'poker' ? 'video-poker' : 'roulette',
    rtpBps: 9_600,
    tags,
    trial: true,
    minBet: 100,
    maxBet: 100_000,
    theme: { background: '#102030', accent: '#ffcc00', glyph: '7' },
  };
}

const PLATFORMS: ProviderPlatform[] = [
  { platformCode: 'AAA', name: 'Alpha', wallet: 'seamless' },
  { platformCode: 'GRY', name: 'Gray', wallet: 'seamless' },
];

function snapshot(games: ProviderGame[]): CatalogueSnapshot {
  const ranks = rankGames(games);
  const entries: CatalogueGame[] = games.map((g, i) => ({ gameId: i + 1, game: g, rank: ranks.get(`${g.platformCode}/${g.gameCode}`)! }));
  return {
    games: entries,
    platforms: PLATFORMS,
    byId: new Map(entries.map((e) => [e.gameId, e])),
    platformByCode: new Map(PLATFORMS.map((p) => [p.platformCode, p])),
  };
}

const NO_SETTINGS = { maintenance: [], grayPlatforms: [], grayUsers: [] };

describe('the game catalogue', () => {
  it('ranks hot games first within their kind, then jackpot and new ones, each group in the provider’s order', () => {
    const ranks = rankGames([
      game('a', 'AAA', 'slot'),
      game('b', 'AAA', 'slot', ['new']),
      game('c', 'AAA', 'slot', ['hot']),
      game('d', 'AAA', 'poker'),
      game('e', 'AAA', 'slot', ['jackpot']),
    ]);
    expect(Object.fromEntries(ranks)).toEqual({ 'AAA/c': 1, 'AAA/e': 2, 'AAA/b': 3, 'AAA/a': 4, 'AAA/d': 1 });
  });

  it('cuts the lists into chunks of 100 under a version that changes with the games and the platforms’ settings', () => {
    const games = Array.from({ length: 230 }, (_, i) => game(`s${i}`, i < 210 ? 'AAA' : 'GRY', 'slot'));
    const lists = buildLists(snapshot(games), NO_SETTINGS, false);
    expect(gameListIndexSchema.parse(lists.index).count).toBe(230);
    expect(lists.chunks.map((chunk) => gameListChunkSchema.parse(JSON.parse(chunk)).length)).toEqual([100, 100, 30]);
    expect(lists.index.chunks).toEqual([0, 1, 2].map((n) => `/static/games/${lists.version}/${n}.json`));
    // Same input, same version (every instance builds the same files).
    expect(buildLists(snapshot(games), NO_SETTINGS, false).version).toBe(lists.version);

    const maintenance = buildLists(snapshot(games), { ...NO_SETTINGS, maintenance: ['AAA'] }, false);
    expect(maintenance.version).not.toBe(lists.version);
    expect(maintenance.index.platforms.find((p) => p.platformCode === 'AAA')?.maintenance).toBe(true);

    const renamed = games.map((g, i) => (i === 150 ? { ...g, gameName: 'Renamed' } : g));
    expect(buildLists(snapshot(renamed), NO_SETTINGS, false).version).not.toBe(lists.version);
  });

  it('leaves gray platforms out of the public lists but not out of the gray-listed players’ lists', () => {
    const games = Array.from({ length: 12 }, (_, i) => game(`g${i}`, i < 10 ? 'AAA' : 'GRY', 'slot'));
    const settings = { ...NO_SETTINGS, grayPlatforms: ['GRY'] };
    const publicLists = buildLists(snapshot(games), settings, false);
    const grayLists = buildLists(snapshot(games), settings, true);
    expect(publicLists.index.count).toBe(10);
    expect(publicLists.index.platforms.map((p) => p.platformCode)).toEqual(['AAA']);
    expect(publicLists.chunks.join('')).not.toContain('"GRY"');
    expect(grayLists.index.count).toBe(12);
    expect(grayLists.version).not.toBe(publicLists.version);
  });

  it('leaves out a malformed provider entry instead of breaking the lists', () => {
    expect(listable(game('ok', 'AAA', 'slot'))).toBe(true);
    expect(listable({ ...game('bad', 'AAA', 'slot'), rtpBps: 12_000 })).toBe(false);
    expect(listable({ ...game('bad', 'AAA', 'slot'), minBet: 0 })).toBe(false);
    expect(listable({ ...game('bad', 'AAA', 'slot'), kind: 'lottery' as never })).toBe(false);
  });

  it('names the thumbnail by its drawing, so a new theme is a new address', () => {
    const a = gameEntry({ gameId: 7, game: game('a', 'AAA', 'slot'), rank: 1 });
    const b = gameEntry({
      gameId: 7,
      game: { ...game('a', 'AAA', 'slot'), theme: { background: '#000000', accent: '#ffffff', glyph: 'A' } },
      rank: 1,
    });
    expect(a.thumbnail).toMatch(/^\/static\/games\/thumbs\/7\.svg\?v=[0-9a-f]{10}$/);
    expect(a.thumbnail).not.toBe(b.thumbnail);
  });
});

describe('thumbnails', () => {
  it('draw the game’s monogram in letters, whatever fonts the phone has', () => {
    expect(monogram('Jeepney Jackpot Deluxe')).toBe('JJ');
    expect(monogram('Live Roulette VIP Makati')).toBe('LR');
    expect(monogram('bingo')).toBe('B');
    expect(monogram('  ')).toBe('★');
    const svg = thumbnailSvg({ gameName: 'Mayon Fire', theme: { background: '#7a1f0f', accent: '#ff8a50', glyph: '🌋' } });
    expect(svg).toContain('>MF</text>');
    expect(svg).not.toContain('🌋');
  });

  it('escape the game’s name and refuse colours that are not colours', () => {
    const svg = thumbnailSvg({ gameName: 'Tom & <Jerry>', theme: { background: 'red;x" onload="alert(1)', accent: '#abc', glyph: '<' } });
    expect(svg).toContain('Tom &amp; &lt;Jerry&gt;');
    expect(svg).not.toContain('onload');
    expect(svg).toContain('fill="#1f2a44"');
    expect(svg).toContain('#abc');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  });
});

describe('the game’s lobby button', () => {
  it('returns to a same-origin path only', () => {
    expect(lobbyPath('/games/slot?from=search', 'slot')).toBe('/games/slot?from=search');
    expect(lobbyPath(undefined, 'poker')).toBe('/games/poker');
    for (const unsafe of ['https://evil.example', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'games/slot', '/a b']) {
      expect(lobbyPath(unsafe, 'casino')).toBe('/games/casino');
    }
  });
});
