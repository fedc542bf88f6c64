import type { Page } from '@playwright/test';
import { holdScripts, shapeOf } from './drawn';
import { expect, test } from './fixtures';

/**
 * The first screen comes with the HTML (issue 14): /sports and /foryou carry their first match rows with
 * prices and /faq its text before any script runs; the app then takes over with the same rows, and a
 * price tapped before it ran lands on the slip.
 */

const serverList = (page: Page) => page.locator('[data-first-rows]');
const pricedRows = (page: Page) => page.locator('[data-testid=match-row]:has([data-testid=price] [data-price])');

test('with JavaScript off, /sports and /foryou show match rows with prices and /faq its articles', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();

  await page.goto('/sports');
  await expect(pricedRows(page).first()).toBeInViewport();
  expect(await pricedRows(page).count()).toBeGreaterThanOrEqual(3);
  // A price reads as the app shows it: the line and the odds.
  await expect(pricedRows(page).first().getByTestId('price').first()).toHaveText(/\d\.\d{2}$/);
  await page.screenshot({ path: 'test-results/screens/firstrows-sports-nojs-390x844.png' });

  await page.goto('/foryou');
  await expect(page.getByTestId('match-card').first()).toBeInViewport();
  await expect(page.getByTestId('match-card').first().locator('[data-price]').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Live now' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/firstrows-foryou-nojs-390x844.png' });

  await page.goto('/faq');
  await expect(page.getByRole('heading', { name: 'FAQ', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /Basketball betting explained/ })).toBeVisible();
  await context.close();
});

test('the app takes over the rows the page came with: the same matches, the same markup, where they were', async ({ page }) => {
  const release = await holdScripts(page);
  // The page's load waits for the held scripts: only its arrival is awaited.
  await page.goto('/sports?mode=live&sportId=1', { waitUntil: 'commit' });
  await expect(serverList(page)).toBeVisible();
  const first = pricedRows(page).first();
  const firstId = await first.getAttribute('data-match');
  const matchIds = await page.getByTestId('match-row').evaluateAll((rows) => rows.slice(0, 3).map((row) => row.getAttribute('data-match')));
  const shape = await shapeOf(first, 'price');
  const box = await first.boundingBox();
  const place = (b: { x: number; y: number; width: number; height: number } | null) => b && [b.x, b.y, b.width, b.height].map(Math.round);

  release();
  // React's list has no data-first-rows: the page's own rows are gone once it drew.
  await expect(serverList(page)).toHaveCount(0);
  await expect(page.getByTestId('match-list')).toBeVisible();
  const live = page.locator(`[data-testid=match-row][data-match="${firstId}"]`);
  await expect(live).toBeVisible();
  expect(await shapeOf(live, 'price')).toBe(shape);
  expect(place(await live.boundingBox())).toEqual(place(box));
  const liveIds = await page.getByTestId('match-row').evaluateAll((rows) => rows.slice(0, 3).map((row) => row.getAttribute('data-match')));
  expect(liveIds).toEqual(matchIds);
});

test('the app’s scripts are asked for only once the page has painted, and then it takes over', async ({ page }) => {
  await page.goto('/sports?mode=live&sportId=1');
  await expect(page.getByTestId('match-list')).toBeVisible();
  await expect(serverList(page)).toHaveCount(0);
  const { painted, scripts } = await page.evaluate(() => ({
    painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname))
      .map((entry) => entry.startTime),
  }));
  expect(painted).not.toBeNull();
  expect(scripts.length).toBeGreaterThan(0);
  // Server-drawn, the page paints on its own bytes; no script was on the wire before that paint.
  expect(Math.min(...scripts)).toBeGreaterThanOrEqual(painted!);
});

test('the app waits for its stylesheet: its own list is never drawn unstyled', async ({ page }) => {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.css$/, async (route) => {
    await gate;
    await route.continue();
  });
  const entry = page.waitForResponse((response) => /\/assets\/index-[^/]+\.js$/.test(response.url()));
  await page.goto('/sports?mode=live&sportId=1', { waitUntil: 'commit' });
  await expect(serverList(page)).toBeVisible();
  await (await entry).finished();
  // The entry is in, the stylesheet is not: the page keeps the rows it came with.
  await page.waitForTimeout(1_000);
  await expect(serverList(page)).toBeVisible();
  release();
  await expect(serverList(page)).toHaveCount(0);
  await expect(page.getByTestId('match-list')).toBeVisible();
});

test('a price tapped before the app ran is marked at once and is on the slip when the app starts', async ({ page }) => {
  const release = await holdScripts(page);
  // The page's load waits for the held scripts: only its arrival is awaited.
  await page.goto('/sports?mode=live&sportId=1', { waitUntil: 'commit' });
  const price = pricedRows(page)
    .first()
    .getByTestId('price')
    .filter({ has: page.locator('[data-price]') })
    .first();
  const market = await price.getAttribute('data-market');
  const key = await price.getAttribute('data-key');
  await price.tap();
  await expect(price).toHaveAttribute('aria-pressed', 'true');

  release();
  await expect(serverList(page)).toHaveCount(0);
  await expect(page.getByTestId('floating-bet-slip')).toHaveAccessibleName(/1 selection/);
  const picked = page.locator(`[data-testid=price][data-market="${market}"][data-key="${key}"]`);
  await expect(picked).toHaveAttribute('aria-pressed', 'true');
  // A visitor opening the slip is asked to log in first (the slip keeps the pick meanwhile).
});

test('a price that moves before the app runs moves on the drawn rows, and the app takes over with it', async ({ page, request }) => {
  const release = await holdScripts(page);
  await page.goto('/sports?mode=live&sportId=1', { waitUntil: 'commit' });
  const price = serverList(page)
    .getByTestId('price')
    .filter({ has: page.locator('[data-price]') })
    .first();
  await expect(price).toBeVisible();
  const marketId = (await price.getAttribute('data-market'))!;
  const key = (await price.getAttribute('data-key'))!;
  const shown = Number(await price.locator('[data-price]').getAttribute('data-price'));
  // Held, the feed leaves the market alone but for the price set here.
  expect((await request.post(`/dev/feed/market/${marketId}`, { data: { hold: true } })).ok()).toBe(true);
  const next = shown >= 5 ? 1.23 : 7.77;
  expect((await request.post(`/dev/feed/market/${marketId}`, { data: { key, price: next } })).ok()).toBe(true);

  // No script of the app has run (they are held): the page's own socket moved it.
  await expect(price.locator('[data-price]')).toHaveText(next.toFixed(2));
  await expect(serverList(page)).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/firstrows-early-price-390x844.png' });

  release();
  await expect(serverList(page)).toHaveCount(0);
  const live = page.locator(`[data-testid=match-list] [data-testid=price][data-market="${marketId}"][data-key="${key}"] [data-price]`);
  await expect(live).toHaveText(next.toFixed(2));
  // And it stays live through the app's own worker.
  const later = next === 7.77 ? 6.66 : 1.34;
  expect((await request.post(`/dev/feed/market/${marketId}`, { data: { key, price: later } })).ok()).toBe(true);
  await expect(live).toHaveText(later.toFixed(2));
  expect((await request.post(`/dev/feed/market/${marketId}`, { data: { hold: false } })).ok()).toBe(true);
});
