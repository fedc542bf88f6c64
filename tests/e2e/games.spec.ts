import type { Page } from '@playwright/test';
import { expect, logInWithPassword, test, waitForServiceWorker } from './fixtures';
import { networkCutter } from './network';

/**
 * The casino lobby in chromium: the demo player browses Slots, filters by a provider, searches a game
 * and likes it; and after one online visit the lobby, /search and the likes open with the network cut
 * for every browser target (the page, the service worker and the realtime shared worker), saying that
 * playing needs a connection. The games come from the server's static lists (server/modules/games) of
 * the provider simulator's catalogue.
 */

const INDEX = '/static/games/index.json';

// Logging in, a service worker's first install and reloads with the network cut take a while on a busy machine.
test.describe.configure({ timeout: 180_000 });

const KIND_LABELS: Record<string, string> = {
  slot: 'Slots',
  casino: 'Live Casino',
  poker: 'Poker',
  bingo: 'Bingo',
  fishing: 'Fishing',
  arcade: 'Arcade',
};

/** The kinds that have games, most games first (read from the static lists as the app reads them). */
async function kindsWithGames(page: Page): Promise<string[]> {
  const index = (await (await page.request.get(INDEX)).json()) as { chunks: string[] };
  const counts = new Map<string, number>();
  for (const chunk of index.chunks) {
    for (const entry of (await (await page.request.get(chunk)).json()) as { kind: string }[])
      counts.set(entry.kind, (counts.get(entry.kind) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([kind]) => kind);
}

/** Opens a page and logs the demo player in from its header. */
async function logIn(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('button', { name: 'Log In' }).first().click();
  await logInWithPassword(page);
}

test('the demo player opens Slots, filters by a provider, searches a game and likes it; the like stays after a reload', async ({
  page,
}) => {
  await logIn(page, '/games/slot');
  await expect(page.getByRole('link', { name: 'Slots' })).toHaveAttribute('aria-current', 'page');
  const grid = page.getByRole('list', { name: 'Slots' });
  const tiles = grid.getByTestId('game-tile');
  await expect(tiles.first()).toBeVisible();
  // The first screen's thumbnails load at once (the first row's first of all), the rest when scrolled
  // near; each keeps its box before it arrives.
  const thumb = tiles.first().locator('img');
  await expect(thumb).toHaveAttribute('loading', 'eager');
  await expect(thumb).toHaveAttribute('fetchpriority', 'high');
  await expect(thumb).toHaveAttribute('width', /\d+/);
  await expect(tiles.nth(9).locator('img')).toHaveAttribute('loading', 'lazy');
  // A tile opens the game's page (its Play / Try for fun card).
  await expect(tiles.first().getByRole('link')).toHaveAttribute('href', /^\/game\?gameId=\d+$/);
  await page.screenshot({ path: 'test-results/screens/games-slots-390x844.png' });

  // A provider filter keeps only that provider's games.
  const providers = page.getByRole('navigation', { name: 'Providers' });
  const provider = providers.getByRole('button').nth(1);
  const providerName = (await provider.innerText()).split('\n')[0]!.trim();
  await provider.click();
  await expect(provider).toHaveAttribute('aria-pressed', 'true');
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
  const saved = page.waitForResponse((response) => response.url().includes('game/likeGame'));
  await heart.click();
  const liked = results.first().getByRole('button', { name: `Remove ${picked} from favourites` });
  await expect(liked).toHaveAttribute('aria-pressed', 'true');
  // Wait until the server answered (the optimistic heart would otherwise be all a reload shows).
  expect((await saved).ok()).toBe(true);

  // With the box empty, the search history shows the search, and can be cleared.
  await box.fill('');
  const history = page.getByRole('region', { name: 'Recent searches' });
  await expect(history.getByRole('button', { name: picked.toUpperCase() })).toBeVisible();
  await history.getByRole('button', { name: 'Clear the recent searches' }).click();
  await expect(history).toHaveCount(0);

  // The like is the server's: with nothing kept on the device, the lobby shows it liked.
  await page.evaluate(() => localStorage.removeItem('games'));
  await page.goto('/games/slot');
  const favourites = page.getByRole('region', { name: 'Favourites' });
  await expect(favourites.getByTestId('game-tile').filter({ hasText: picked })).toBeVisible();
  await expect(favourites.getByRole('button', { name: `Remove ${picked} from favourites` })).toHaveAttribute('aria-pressed', 'true');

  // Unlike, so the test can run again against the same player.
  await page.goto('/games/slot');
  await page
    .getByRole('region', { name: 'Favourites' })
    .getByRole('button', { name: `Remove ${picked} from favourites` })
    .click();
  await expect(page.getByRole('region', { name: 'Favourites' })).toHaveCount(0);
});

test('a visitor tapping a heart is asked to log in', async ({ page }) => {
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
  const kinds = (await kindsWithGames(page)).map((kind) => ({ kind, label: KIND_LABELS[kind]! }));
  // The kind with most games is visited online; another kind (if the catalogue has one) only offline.
  const visited = kinds[0]!;
  const other = kinds[1];
  await logIn(page, '/foryou');
  await waitForServiceWorker(page);
  // The service worker keeps the game lists from the moment it starts, before any lobby is opened.
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.open('game-lists')).keys()).map((request) => new URL(request.url).pathname)))
    .toContain('/static/games/index.json');

  // The one online visit to the lobby (its page now comes through the service worker): like a game.
  await page.goto(`/games/${visited.kind}`);
  const tile = page.getByRole('list', { name: visited.label }).getByTestId('game-tile').first();
  const name = (await tile.locator('[class*="name"]').first().innerText()).trim();
  const saved = page.waitForResponse((response) => response.url().includes('game/likeGame'));
  await tile.getByRole('button', { name: `Like ${name}` }).click();
  expect((await saved).ok()).toBe(true);
  await expect(page.getByRole('region', { name: 'Favourites' }).getByText(name)).toBeVisible();
  // The jackpot shows an amount (the realtime shared worker, which carries its topic, is running).
  const jackpot = page.getByTestId('jackpot');
  await expect(jackpot).toContainText(/₱[\d,]+\.\d{2}/);

  const cutter = await networkCutter(browser);
  try {
    expect(await cutter.cut()).toEqual(expect.arrayContaining(['page', 'service_worker', 'shared_worker']));
    expect(
      await page.evaluate(() =>
        fetch(`/offline-probe-${Date.now()}`, { cache: 'no-store' }).then(
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
    // The last jackpot amount this device heard, shown at once with no network.
    await expect(jackpot).toContainText(/₱[\d,]+\.\d{2}/);
    const seenTile = page.getByRole('list', { name: visited.label }).getByTestId('game-tile').first();
    await expect(seenTile).toBeVisible();
    // Its thumbnail, seen online, comes from the service worker's thumbnail cache.
    await expect.poll(() => seenTile.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // A kind never opened: its games come from the lists the service worker kept.
    if (other) {
      await page.getByRole('link', { name: other.label }).click();
      await expect(page.getByRole('list', { name: other.label }).getByTestId('game-tile').first()).toBeVisible();
    }
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
  await page.goto(`/games/${visited.kind}`);
  await page
    .getByRole('region', { name: 'Favourites' })
    .getByRole('button', { name: `Remove ${name} from favourites` })
    .click();
  await expect(page.getByRole('region', { name: 'Favourites' })).toHaveCount(0);
});
