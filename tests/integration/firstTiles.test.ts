import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GameEntry, type GameListIndex, gameListChunkSchema, gameListIndexSchema } from '../../src/contract/games';
import { gamesOfKind } from '../../src/lib/gameList';
import { deferAppScripts } from '../../server/plugins/appLoader';
import { FIRST_PAINT_FILE, firstPaintInfo } from '../../scripts/vite-first-paint';
import { builtClassNames, fakeDist } from './dist';
import { type TestServer, startServer } from './server';

/**
 * The games lobby's first screen comes with the page (server/plugins/firstTiles.ts, issue 14): the
 * first tiles of the kind asked, with the names and thumbnails of the server's own catalogue, the
 * catalogue itself for the app's first render, and a policy that allows the page's inline style.
 */
let server: TestServer;
let dist: string;

const names = builtClassNames;
const CLASSES = {
  Lobby: names(
    'lb',
    'lobby',
    'jackpot',
    'jackpotLabel',
    'jackpotAmount',
    'kindBar',
    'searchLink',
    'count',
    'empty',
    'grid',
    'tile',
    'tileLink',
    'thumbBox',
    'thumbFallback',
    'thumbSaved',
    'thumb',
    'badges',
    'badge',
    'badge_hot',
    'badge_new',
    'badge_jackpot',
    'badge_live',
    'maintenance',
    'name',
    'platform',
    'heart',
    'pillMark',
  ),
  Tabs: names('tb', 'tabs', 'tab', 'pills'),
};
const CSS = '._grid_lb1{display:grid}._tile_lb1{position:relative}';

beforeAll(async () => {
  dist = fakeDist();
  const html = deferAppScripts(
    readFileSync('index.html', 'utf8')
      .replace('<script type="module" src="/src/main.tsx"></script>', '')
      .replace('</head>', '<script type="module" crossorigin src="/assets/index-Main1234.js"></script></head>'),
  );
  writeFileSync(join(dist, 'index.html'), html);
  mkdirSync(join(dist, '.vite'), { recursive: true });
  writeFileSync(
    join(dist, '.vite', 'manifest.json'),
    JSON.stringify({ 'index.html': { file: 'assets/index-Main1234.js', isEntry: true, src: 'index.html' } }),
  );
  writeFileSync(join(dist, 'assets', 'index-Main1234.js'), 'console.log("app")');
  writeFileSync(join(dist, FIRST_PAINT_FILE), JSON.stringify(firstPaintInfo(dist, '', { classes: CLASSES, css: CSS })));
  server = await startServer({ distDir: dist });
});

afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The catalogue as the app fetches it: the index, then its chunks. */
async function catalogue(): Promise<{ index: GameListIndex; games: GameEntry[] }> {
  const index = gameListIndexSchema.parse(await (await fetch(`${server.url}/static/games/index.json`)).json());
  const chunks = await Promise.all(
    index.chunks.map(async (url) => gameListChunkSchema.parse(await (await fetch(`${server.url}${url}`)).json())),
  );
  return { index, games: chunks.flat() };
}

/** The tiles drawn into a page: each one's link, name, thumbnail and how it loads. */
function tilesOf(html: string) {
  return [...html.matchAll(/data-testid="game-tile"[^>]*>([\s\S]*?)<\/button><\/div>/g)].map((m) => ({
    href: /href="([^"]+)"/.exec(m[1]!)?.[1],
    name: /class="_name_lb1">([^<]*)</.exec(m[1]!)?.[1],
    img: /<img ([^>]*)>/.exec(m[1]!)?.[1] ?? '',
  }));
}

/** A lobby page, once the server has read its catalogue (it reads it in the background at start). */
async function lobbyPage(path: string, headers: Record<string, string> = {}): Promise<string> {
  let html = '';
  await expect
    .poll(async () => (html = await (await fetch(`${server.url}${path}`, { headers })).text()).includes('data-first-tiles'), {
      timeout: 10_000,
    })
    .toBe(true);
  return html;
}

const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
const unescape = (text: string | undefined) =>
  text
    ?.replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"');

describe('the games lobby drawn into the page', () => {
  it('draws /games/slot’s first tiles from the catalogue: their names and thumbnails, in lobby order, the first row loaded first', async () => {
    const { games } = await catalogue();
    const slots = gamesOfKind(games, 'slot');
    expect(slots.length).toBeGreaterThan(12);
    const html = await lobbyPage('/games/slot');
    expect(html).not.toContain('class="ps-lines"');
    const tiles = tilesOf(html);
    expect(tiles.length).toBe(12);
    tiles.forEach((tile, position) => {
      const game = slots[position]!;
      expect(tile.href).toBe(`/game?gameId=${game.gameId}`);
      expect(unescape(tile.name)).toBe(game.gameName);
      expect(unescape(attr(tile.img, 'src'))).toBe(game.thumbnail);
      expect([attr(tile.img, 'width'), attr(tile.img, 'height')]).toEqual(['160', '120']);
      // The first screen's thumbnails are the largest paint: asked first and at once; below it, when near.
      expect(attr(tile.img, 'fetchpriority')).toBe(position < 9 ? 'high' : 'auto');
      expect(attr(tile.img, 'loading')).toBe(position < 9 ? 'eager' : 'lazy');
    });
    // A heart does nothing until the app runs: drawn disabled, so a tap is not silently lost.
    const hearts = [...html.matchAll(/<button type="button" class="[^"]*_heart_[^"]*"[^>]*>/g)].map((m) => m[0]);
    expect(hearts.length).toBe(12);
    for (const heart of hearts) expect(heart).toMatch(/\sdisabled\s/);
    // The providers' row scrolls sideways: its pills say they do nothing yet but stay reachable by keyboard.
    const providers = /<nav aria-label="Providers"[^>]*>(.*?)<\/nav>/.exec(html)?.[1] ?? '';
    const pills = [...providers.matchAll(/<button [^>]*>/g)].map((m) => m[0]);
    expect(pills.length).toBeGreaterThan(1);
    for (const pill of pills) expect(pill).toMatch(/\saria-disabled="true"/);
    for (const pill of pills) expect(pill).not.toMatch(/\sdisabled[\s>]/);
    // The count and the kind asked, current among the kinds.
    expect(html).toContain(`>${slots.length} games</p>`);
    expect(html).toMatch(/aria-current="page" href="\/games\/slot"/);
    // Preloaded before the scripts: the first screen's thumbnails, in order.
    const head = html.slice(0, html.indexOf('<title>'));
    const preloaded = [...head.matchAll(/<link rel="preload" as="image" href="([^"]+)" fetchpriority="high">/g)].map((m) => unescape(m[1]));
    expect(preloaded).toEqual(slots.slice(0, 9).map((game) => game.thumbnail));
  });

  it('carries the catalogue as /static/games serves it, so the lobby draws without fetching it first', async () => {
    const served = await catalogue();
    const html = await lobbyPage('/games/slot');
    const json = /<script type="application\/json" id="panalo-game-list">([\s\S]*?)<\/script>/.exec(html)?.[1];
    const carried = JSON.parse(json ?? 'null') as { index: GameListIndex; chunks: GameEntry[][] } | null;
    expect(carried?.index).toEqual(served.index);
    expect(carried?.chunks.flat()).toEqual(served.games);
  });

  it('draws another kind’s own tiles, and keeps the skeleton on pages that are not the lobby', async () => {
    const { games } = await catalogue();
    const arcade = gamesOfKind(games, 'arcade');
    expect(arcade.length).toBeGreaterThan(0);
    const html = await lobbyPage('/games/arcade');
    expect(tilesOf(html).map((tile) => tile.href)).toEqual(arcade.slice(0, 12).map((game) => `/game?gameId=${game.gameId}`));
    expect(html).toMatch(/aria-current="page" href="\/games\/arcade"/);
    const account = await (await fetch(`${server.url}/account`)).text();
    expect(account).toContain('class="ps-lines"');
    expect(account).not.toContain('panalo-game-list');
  });

  it('allows the page’s inline styles by their hashes in its policy', async () => {
    const response = await fetch(`${server.url}/games/slot`);
    const html = await response.text();
    const policy = response.headers.get('content-security-policy') ?? '';
    const styleSrc = /style-src ([^;]*)/.exec(policy)?.[1] ?? '';
    const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
    expect(styles.length).toBe(2);
    expect(styles[1]).toContain(CSS);
    for (const style of styles) expect(styleSrc).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(styleSrc).not.toContain('unsafe-inline');
  });

  it('asks no thumbnail with Save-Data: on (or the player’s data saver cookie): the same tiles, each named on a placeholder', async () => {
    const { games } = await catalogue();
    const slots = gamesOfKind(games, 'slot');
    const full = await lobbyPage('/games/slot');
    for (const headers of [{ 'Save-Data': 'on' }, { Cookie: 'panalo_data_saver=on' }] as Record<string, string>[]) {
      const response = await fetch(`${server.url}/games/slot`, { headers });
      expect(response.headers.get('vary')).toMatch(/Save-Data/);
      const html = await response.text();
      expect(html).not.toContain('rel="preload" as="image"');
      const tiles = tilesOf(html);
      expect(tiles.filter((tile) => tile.img !== '')).toEqual([]);
      expect(tiles.map((tile) => tile.href)).toEqual(tilesOf(full).map((tile) => tile.href));
      const placeholders = [...html.matchAll(/data-testid="thumb-saved">([^<]*)</g)].map((m) => unescape(m[1]));
      expect(placeholders).toEqual(slots.slice(0, 12).map((game) => game.gameName));
      expect(html.length).toBeLessThan(full.length);
    }
    // The player’s Off wins over the browser’s Save-Data: the thumbnails are back.
    const off = await (await fetch(`${server.url}/games/slot`, { headers: { 'Save-Data': 'on', Cookie: 'panalo_data_saver=off' } })).text();
    expect(tilesOf(off).every((tile) => tile.img.includes('src='))).toBe(true);
    expect(off).toContain('rel="preload" as="image"');
  });

  it('asks the browser for its effective connection, and gives a 2G/3G link the light page unless the player chose Off', async () => {
    const fast = await fetch(`${server.url}/games/slot`);
    expect(fast.headers.get('accept-ch')).toBe('ECT, Save-Data');
    expect(fast.headers.get('critical-ch')).toBe('ECT');
    expect(fast.headers.get('vary')).toBe('Accept-Encoding, ECT, Save-Data, Cookie');
    expect(tilesOf(await fast.text()).every((tile) => tile.img.includes('src='))).toBe(true);
    const page = async (headers: Record<string, string>) => (await fetch(`${server.url}/games/slot`, { headers })).text();
    for (const ect of ['slow-2g', '2g', '3g']) {
      const slow = await page({ ECT: ect });
      expect(slow).not.toContain('rel="preload" as="image"');
      expect(tilesOf(slow).filter((tile) => tile.img !== '')).toEqual([]);
    }
    expect(await page({ ECT: '4g' })).toContain('rel="preload" as="image"');
    // The player's explicit choice wins over Auto's reading of the link, both ways.
    expect(await page({ ECT: '3g', Cookie: 'panalo_data_saver=off' })).toContain('rel="preload" as="image"');
    expect(await page({ ECT: '4g', Cookie: 'panalo_data_saver=on' })).not.toContain('rel="preload" as="image"');
  });
});
