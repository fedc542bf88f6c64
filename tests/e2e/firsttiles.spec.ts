import type { Page } from '@playwright/test';
import { holdScripts, shapeOf } from './drawn';
import { expect, test } from './fixtures';

/**
 * The games lobby's first screen comes with the HTML (issue 14): /games/<kind> carries its first tiles,
 * thumbnails included, before any script runs, and the catalogue they come from; the app then draws the
 * same tiles in the same places from that catalogue, without a skeleton in between.
 */

const drawnLobby = (page: Page) => page.locator('[data-first-tiles]');
const tiles = (page: Page) => page.getByTestId('game-tile');

/** Each of the first tiles: the game it opens, its place, and its thumbnail's address. */
function firstTiles(page: Page, count: number) {
  return tiles(page).evaluateAll(
    (all, n) =>
      all.slice(0, n).map((tile) => {
        const box = tile.getBoundingClientRect();
        return {
          href: tile.querySelector('a')?.getAttribute('href'),
          place: [box.x, box.y, box.width, box.height].map((v) => Math.round(v * 10) / 10),
          thumb: tile.querySelector('img')?.getAttribute('src'),
        };
      }),
    count,
  );
}

test('with JavaScript off, /games/slot shows the kinds, the count and the first tiles with their thumbnails', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/games/slot');
  await expect(page.getByRole('link', { name: 'Slots' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(/^\d+ games$/)).toBeVisible();
  const first = tiles(page).first();
  await expect(first).toBeInViewport();
  expect(await tiles(page).count()).toBeGreaterThanOrEqual(9);
  // The thumbnails load with the page: the first screen's are there, drawn at their size.
  for (const thumb of await tiles(page)
    .locator('img')
    .all()
    .then((all) => all.slice(0, 9))) {
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
  await expect(first.getByRole('link')).toHaveAttribute('href', /^\/game\?gameId=\d+$/);
  await page.screenshot({ path: 'test-results/screens/firsttiles-slot-nojs-390x844.png' });
  await context.close();
});

test('the app takes over the tiles the page came with: the same games, the same markup, where they were, with no skeleton between', async ({
  page,
}) => {
  const release = await holdScripts(page);
  const listRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/static\/games\/[^/]+\.json|\/static\/games\/[0-9a-f]{16}\//.test(request.url())) listRequests.push(request.url());
  });
  await page.goto('/games/slot', { waitUntil: 'commit' });
  await expect(drawnLobby(page)).toBeVisible();
  await expect(tiles(page).nth(5)).toBeVisible();
  const before = await firstTiles(page, 9);
  const shape = await shapeOf(tiles(page).first());
  await page.screenshot({ path: 'test-results/screens/firsttiles-slot-before-scripts-390x844.png' });
  // Whether a loading skeleton (the lobby's, or the route's while its chunk loads) ever shows once the app runs.
  await page.evaluate(() => {
    const flags = window as unknown as { skeletonSeen?: boolean };
    flags.skeletonSeen = false;
    new MutationObserver(() => {
      if (document.querySelector('main [role=status]:not([data-testid])')) flags.skeletonSeen = true;
    }).observe(document.body, { childList: true, subtree: true });
  });

  release();
  // React's lobby has no data-first-tiles: the page's own tiles are gone once it drew.
  await expect(drawnLobby(page)).toHaveCount(0);
  await expect(tiles(page).first()).toBeVisible();
  expect(await firstTiles(page, 9)).toEqual(before);
  expect(await shapeOf(tiles(page).first())).toBe(shape);
  expect(await page.evaluate(() => (window as unknown as { skeletonSeen?: boolean }).skeletonSeen)).toBe(false);
  // The lobby drew from the catalogue the page carried, not from a fetch of the lists.
  expect(listRequests).toEqual([]);
  await page.screenshot({ path: 'test-results/screens/firsttiles-slot-after-scripts-390x844.png' });
});

test('the lobby starts without zod: no script of the page holds it, and it comes with the first answer that needs it', async ({
  page,
  request,
}) => {
  // zod's object schema, named in its core: the mark of the chunk that holds zod.
  const holdsZod = async (path: string) => (await (await request.get(path)).text()).includes('$ZodObject');
  // The page's own scripts: the entry and the route's preloads (the chunks it imports before it runs).
  const html = await (await request.get('/games/slot')).text();
  const own = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  expect(own.some((path) => path.includes('/GamesTab-'))).toBe(true);
  for (const path of own) expect(await holdsZod(path), path).toBe(false);

  // The answers are still checked: zod loads once the first of them (hidden platforms, the jackpot) arrives.
  const scripts: string[] = [];
  page.on('request', (script) => {
    if (script.resourceType() === 'script') scripts.push(new URL(script.url()).pathname);
  });
  await page.goto('/games/slot');
  await expect(page.getByTestId('jackpot')).toContainText(/₱[\d,]+\.\d{2}/);
  const later = scripts.filter((path) => !own.includes(path));
  await expect.poll(async () => (await Promise.all(later.map(holdsZod))).some(Boolean)).toBe(true);
});
