import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, logInWithPassword, test, waitForServiceWorker } from './fixtures';

/**
 * The casino lobby in chromium: the demo player browses Slots, filters by a provider, searches a game
 * and likes it; and after one online visit the lobby, /search and the likes open with the network cut
 * for every browser target (the page, the service worker and the realtime shared worker), saying that
 * playing needs a connection.
 */

const INDEX = '/static/games/index.json';

/**
 * The server publishes the game lists under /static/games (server/modules/games). Where this checkout
 * has no games module yet, the same static files are written into the build the server serves, so the
 * lobby is tested against real static files and a real service worker either way.
 */
async function ensureCatalogue(page: Page): Promise<void> {
  const response = await page.request.get(INDEX);
  if (response.ok() && (response.headers()['content-type'] ?? '').includes('json')) return;
  const dist = process.env['E2E_DIST_DIR']!;
  const platforms = [
    { platformCode: 'PGS', name: 'Pocket Studio', wallet: 'seamless', maintenance: false },
    { platformCode: 'JLI', name: 'Jili Lights', wallet: 'seamless', maintenance: false },
    { platformCode: 'EVO', name: 'Evo Tables', wallet: 'seamless', maintenance: true },
    { platformCode: 'SBA', name: 'Saba Arcade', wallet: 'transfer', maintenance: false },
  ];
  const themes = [
    'Fortune Gems',
    'Dragon Pearl',
    'Golden Empire',
    'Lucky Neko',
    'Mahjong Ways',
    'Crazy Seven',
    'Jungle King',
    'Pharaoh Gold',
  ];
  const kinds = [
    { kind: 'slot', category: 5, gameType: 'SLOT', engine: 'slot', count: 90 },
    { kind: 'casino', category: 17, gameType: 'LIVE', engine: 'roulette', count: 12 },
    { kind: 'poker', category: 3, gameType: 'POKER', engine: 'video-poker', count: 10 },
    { kind: 'bingo', category: 27, gameType: 'BINGO', engine: 'bingo', count: 4 },
    { kind: 'fishing', category: 8, gameType: 'FISH', engine: 'fishing', count: 8 },
    { kind: 'arcade', category: 8, gameType: 'CRASH', engine: 'crash', count: 8 },
  ];
  const games = [];
  let gameId = 1000;
  for (const kind of kinds) {
    for (let i = 0; i < kind.count; i++) {
      gameId++;
      const platform = kind.kind === 'casino' ? platforms[2]! : kind.kind === 'fishing' ? platforms[3]! : platforms[i % 2]!;
      games.push({
        gameId,
        gameCode: `sim-${gameId}`,
        gameName: `${themes[i % themes.length]}${i >= themes.length ? ` ${Math.floor(i / themes.length) + 1}` : ''}${kind.kind === 'slot' ? '' : ` ${kind.gameType}`}`,
        platformCode: platform.platformCode,
        kind: kind.kind,
        category: kind.category,
        gameType: kind.gameType,
        engine: kind.engine,
        rtpBps: 9600,
        thumbnail: `/static/games/thumbs/${gameId}.svg`,
        tags: i % 7 === 0 ? ['hot'] : i % 11 === 0 ? ['new', 'jackpot'] : [],
        trial: true,
        minBet: 100,
        maxBet: 500_000,
        rank: i,
      });
    }
  }
  const version = `e2e${games.length}`;
  const root = join(dist, 'static', 'games');
  mkdirSync(join(root, version), { recursive: true });
  mkdirSync(join(root, 'thumbs'), { recursive: true });
  const chunks: string[] = [];
  for (let n = 0; n * 100 < games.length; n++) {
    writeFileSync(join(root, version, `${n}.json`), JSON.stringify(games.slice(n * 100, n * 100 + 100)));
    chunks.push(`/static/games/${version}/${n}.json`);
  }
  for (const entry of games) {
    const hue = (entry.gameId * 47) % 360;
    writeFileSync(
      join(root, 'thumbs', `${entry.gameId}.svg`),
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 120"><rect width="160" height="120" fill="hsl(${hue} 60% 35%)"/><circle cx="80" cy="60" r="34" fill="hsl(${(hue + 60) % 360} 70% 55%)"/></svg>`,
    );
  }
  writeFileSync(join(root, 'index.json'), JSON.stringify({ version, count: games.length, chunks, platforms }));
}

/** Opens a page and logs the demo player in from its header. */
async function logIn(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('button', { name: 'Log In' }).first().click();
  await logInWithPassword(page);
}

const CUT_TYPES = new Set(['page', 'service_worker', 'shared_worker', 'worker']);

/**
 * Cuts the network of every browser target of the test (pages, the service worker, the shared worker)
 * through the DevTools protocol, as a phone without signal would be: `context.setOffline` leaves workers
 * online. Targets that appear later (a reload's new worker) are cut when `cut()` is called again.
 * Returns the kinds of target cut so far.
 */
async function networkCutter(browser: Browser) {
  const cdp = await browser.newBrowserCDPSession();
  const sessions = new Map<string, { sessionId: string; type: string }>();
  let nextId = 1;
  const pending = new Map<number, () => void>();
  cdp.on('Target.receivedMessageFromTarget', ({ message }) => {
    const parsed = JSON.parse(message) as { id?: number };
    if (parsed.id !== undefined) pending.get(parsed.id)?.();
  });
  const send = (sessionId: string, method: string, params: Record<string, unknown>) => {
    const id = nextId++;
    const done = new Promise<void>((resolve) => pending.set(id, resolve));
    void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) });
    return done;
  };
  const conditions = (offline: boolean) => ({ offline, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  return {
    async cut(): Promise<string[]> {
      const { targetInfos } = await cdp.send('Target.getTargets');
      for (const target of targetInfos) {
        if (!CUT_TYPES.has(target.type) || sessions.has(target.targetId)) continue;
        try {
          const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: target.targetId, flatten: false });
          await send(sessionId, 'Network.enable', {});
          await send(sessionId, 'Network.emulateNetworkConditions', conditions(true));
          sessions.set(target.targetId, { sessionId, type: target.type });
        } catch {
          // The target ended meanwhile.
        }
      }
      return [...new Set([...sessions.values()].map((session) => session.type))].sort();
    },
    async restore(): Promise<void> {
      for (const { sessionId } of sessions.values())
        await send(sessionId, 'Network.emulateNetworkConditions', conditions(false)).catch(() => undefined);
      await cdp.detach().catch(() => undefined);
    },
  };
}

test('the demo player opens Slots, filters by a provider, searches a game and likes it; the like stays after a reload', async ({
  page,
}) => {
  await ensureCatalogue(page);
  await logIn(page, '/games/slot');
  await expect(page.getByRole('link', { name: 'Slots' })).toHaveAttribute('aria-current', 'page');
  const grid = page.getByRole('list', { name: 'Slots' });
  const tiles = grid.getByTestId('game-tile');
  await expect(tiles.first()).toBeVisible();
  // The tile's thumbnail is lazy and keeps its box before it arrives.
  const thumb = tiles.first().locator('img');
  await expect(thumb).toHaveAttribute('loading', 'lazy');
  await expect(thumb).toHaveAttribute('width', /\d+/);
  await page.screenshot({ path: 'test-results/screens/games-slots-390x844.png' });

  // A provider filter keeps only that provider's games.
  const providers = page.getByRole('navigation', { name: 'Providers' });
  const provider = providers.getByRole('button').nth(1);
  const providerName = (await provider.innerText()).split('\n')[0]!.trim();
  await provider.click();
  await expect(provider).toHaveAttribute('aria-selected', 'true');
  await expect(tiles.first()).toBeVisible();
  for (const name of await tiles.locator('[class*="platform"]').allInnerTexts()) expect(name).toBe(providerName);
  const picked = (await tiles.first().locator('[class*="name"]').first().innerText()).trim();

  // Search the whole catalogue for that game, case- and accent-blind.
  await page.getByRole('link', { name: 'Search games' }).click();
  await expect(page).toHaveURL(/\/search/);
  const box = page.getByRole('searchbox', { name: 'Game or provider' });
  await box.fill(picked.toUpperCase());
  await box.press('Enter');
  const results = page.getByRole('list', { name: 'Search games' }).getByTestId('game-tile');
  await expect(results.first()).toContainText(picked);
  await page.screenshot({ path: 'test-results/screens/games-search-390x844.png' });

  // Like it: the heart fills at once and stays filled after a reload (the server kept it).
  const heart = results.first().getByRole('button', { name: `Like ${picked}` });
  await heart.click();
  const liked = results.first().getByRole('button', { name: `Remove ${picked} from favourites` });
  await expect(liked).toHaveAttribute('aria-pressed', 'true');
  // Wait until the server answered (the optimistic heart would otherwise be all a reload shows).
  await page.waitForResponse((response) => response.url().includes('game/likeGame')).catch(() => undefined);
  await page.evaluate(() => localStorage.removeItem('games'));
  await page.goto('/games/slot');
  const favourites = page.getByRole('region', { name: 'Favourites' });
  await expect(favourites.getByTestId('game-tile').filter({ hasText: picked })).toBeVisible();
  await expect(favourites.getByRole('button', { name: `Remove ${picked} from favourites` })).toHaveAttribute('aria-pressed', 'true');

  // The search history remembers it and can be cleared.
  await page.goto('/search');
  const history = page.getByRole('region', { name: 'Recent searches' });
  await expect(history.getByRole('button', { name: picked.toUpperCase() })).toBeVisible();
  await history.getByRole('button', { name: 'Clear the recent searches' }).click();
  await expect(history).toHaveCount(0);

  // Unlike, so the test can run again against the same player.
  await page.goto('/games/slot');
  await page
    .getByRole('region', { name: 'Favourites' })
    .getByRole('button', { name: `Remove ${picked} from favourites` })
    .click();
  await expect(page.getByRole('region', { name: 'Favourites' })).toHaveCount(0);
});

test('a visitor tapping a heart is asked to log in', async ({ page }) => {
  await ensureCatalogue(page);
  await page.goto('/games/slot');
  await page
    .getByTestId('game-tile')
    .first()
    .getByRole('button', { name: /^Like / })
    .click();
  await expect(page.getByRole('dialog', { name: 'Log In' })).toBeVisible();
});

test('after one online visit the lobby, /search and the likes open with every browser target offline, and say playing needs a connection', async ({
  page,
  browser,
}) => {
  await ensureCatalogue(page);
  await logIn(page, '/foryou');
  await waitForServiceWorker(page);
  // The service worker keeps the game lists from the moment it starts, before any lobby is opened.
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.open('game-lists')).keys()).map((request) => new URL(request.url).pathname)))
    .toContain('/static/games/index.json');

  // The one online visit to the lobby (its page now comes through the service worker): like a game.
  await page.goto('/games/casino');
  const tile = page.getByTestId('game-tile').first();
  const name = (await tile.locator('[class*="name"]').first().innerText()).trim();
  await tile.getByRole('button', { name: `Like ${name}` }).click();
  await page.waitForResponse((response) => response.url().includes('game/likeGame')).catch(() => undefined);
  await expect(page.getByRole('region', { name: 'Favourites' }).getByText(name)).toBeVisible();
  // The realtime shared worker is running (it serves the jackpot and the connection status).
  await expect(page.getByTestId('jackpot')).toBeVisible();

  const cutter = await networkCutter(browser);
  try {
    expect(await cutter.cut()).toEqual(expect.arrayContaining(['page', 'service_worker', 'shared_worker']));
    expect(
      await page.evaluate(() =>
        fetch('/static/games/index.json?probe=1', { cache: 'no-store' }).then(
          () => 'online',
          () => 'offline',
        ),
      ),
    ).toBe('offline');

    await page.reload();
    await cutter.cut();
    const notice = page.getByRole('status').filter({ hasText: 'Playing needs a connection' });
    await expect(notice).toBeVisible();
    await expect(page.getByRole('region', { name: 'Favourites' }).getByText(name)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Live Casino' }).getByTestId('game-tile').first()).toBeVisible();

    // A kind never opened: its games come from the lists the service worker kept.
    await page.getByRole('link', { name: 'Slots' }).click();
    await expect(page.getByRole('list', { name: 'Slots' }).getByTestId('game-tile').first()).toBeVisible();
    await expect(notice).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/games-offline-390x844.png' });

    // The search, never opened either, works on the same lists.
    await page.getByRole('link', { name: 'Search games' }).click();
    await page.getByRole('searchbox', { name: 'Game or provider' }).fill(name.toLowerCase());
    await expect(page.getByRole('list', { name: 'Search games' }).getByTestId('game-tile').filter({ hasText: name }).first()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Playing needs a connection' })).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/games-search-offline-390x844.png' });
  } finally {
    await cutter.restore();
  }
  // Undo the like for the next run.
  await page.goto('/games/casino');
  await page
    .getByRole('region', { name: 'Favourites' })
    .getByRole('button', { name: `Remove ${name} from favourites` })
    .click();
  await expect(page.getByRole('region', { name: 'Favourites' })).toHaveCount(0);
});
