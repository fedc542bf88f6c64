import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { seamlessSlot } from './catalogue';
import { expect, logInWithPassword, test } from './fixtures';

/**
 * The last placeholder pages of issue 37 in chromium at 390x844: the operator publishes an article with a
 * picture from the news desk (/dev/news) and a visitor reads it on /community/:id (picture, share, more
 * stories); /facebook; /player plays nothing until asked and leads to the markets; the demo player's
 * /my-history; the launch routes take the logged-in player straight into the game; /init goes home.
 */

const SCREENS = 'test-results/screens';
const PICTURE = readFileSync(new URL('../../public/icons/icon-512.png', import.meta.url));

async function openAsDemoPlayer(page: Page): Promise<void> {
  await page.goto('/foryou');
  await page.getByRole('button', { name: 'Log In' }).first().click();
  await logInWithPassword(page);
}

test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
});

test('an article the operator publishes with a picture reads on /community/:id, with its picture and more stories', async ({
  page,
  request,
}) => {
  const id = `e2e-story-${Date.now()}`;
  const published = await request.post('/dev/news', {
    multipart: {
      id,
      category: 'winner-story',
      label: '',
      publishedAt: new Date(Date.now() - 60_000).toISOString(),
      titleEn: 'Ana’s first parlay',
      titleCn: '安娜的第一次串关',
      summaryEn: 'Four legs on a Sunday of PBA.',
      summaryCn: 'PBA 周日的四场串关。',
      bodyEn: 'Ana picked four PBA games.\n\nAll four came in.',
      bodyCn: '安娜选了四场 PBA 比赛。\n\n四场全中。',
      imageAltEn: 'Ana smiling at her phone',
      imageAltCn: '安娜看着手机微笑',
      image: { name: 'ana.png', mimeType: 'image/png', buffer: PICTURE },
    },
  });
  expect(published.status(), await published.text()).toBe(200);

  await page.goto('/news/winner-story');
  const card = page.getByTestId('news-item').filter({ hasText: 'Ana’s first parlay' });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await card.getByRole('link').click();
  await expect(page.getByTestId('news-article')).toContainText('All four came in.');
  await page.getByRole('link', { name: 'Share with the community' }).click();

  await expect(page).toHaveURL(new RegExp(`/community/${id}$`));
  const article = page.getByTestId('community-article');
  await expect(article.getByRole('heading', { level: 1 })).toHaveText('Ana’s first parlay');
  const picture = article.getByRole('img', { name: 'Ana smiling at her phone' });
  await expect(picture).toBeVisible();
  // The picture is the one kept for the article, made at most 750 px, and it has loaded.
  expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(512);
  await expect(page.getByTestId('community-share')).toBeVisible();
  await expect(page.getByTestId('community-more').first()).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/community-390x844.png`, fullPage: true });

  // Another story from the list below it.
  const next = page.getByTestId('community-more').first();
  const nextTitle = (await next.locator('span').nth(1).textContent()) ?? '';
  await next.getByRole('link').click();
  await expect(page.getByTestId('community-article').getByRole('heading', { level: 1 })).toHaveText(nextTitle);

  // An unknown id says so and leads back to the news.
  await page.goto('/community/no-such-story');
  await expect(page.getByText('This article is not available.')).toBeVisible();

  // Withdrawn on the desk: gone for readers on their next visit.
  expect((await request.post('/dev/news/withdraw', { form: { id } })).status()).toBe(200);
  await page.goto(`/community/${id}`);
  await expect(page.getByText('This article is not available.')).toBeVisible();
});

test('/facebook, /player without and with a match, /init and /game without a game', async ({ page }) => {
  await page.goto('/facebook');
  await expect(page.getByRole('heading', { name: 'How to recognise the official page' })).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: `${SCREENS}/facebook-390x844.png`, fullPage: true });

  await page.goto('/player');
  await expect(page.getByText('Choose a match to watch')).toBeVisible();
  await page.getByRole('link', { name: 'Live streams' }).click();
  await expect(page).toHaveURL(/\/sport_video$/);
  const live = page
    .getByTestId('stream')
    .filter({ has: page.getByRole('button') })
    .first();
  await expect(live).toBeVisible({ timeout: 30_000 });
  const matchId = (await live.getAttribute('data-match-id')) ?? '';

  await page.goto(`/player?matchId=${matchId}`);
  await expect(page.getByTestId('player-page')).toBeVisible({ timeout: 20_000 });
  // Nothing streams until asked; then the match's sources are tried.
  await expect(page.getByTestId('hls-video')).toHaveCount(0);
  await page.getByTestId('watch').click();
  await expect(page.getByTestId('hls-video').or(page.getByTestId('video-status'))).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: `${SCREENS}/player-390x844.png` });
  await page.getByRole('link', { name: 'Bet on this match' }).click();
  await expect(page).toHaveURL(new RegExp(`/liveSportGameV3\\?matchId=${matchId}`));

  await page.goto('/init');
  await expect(page).toHaveURL(/\/foryou$/);
  await page.goto('/game');
  await expect(page).toHaveURL(/\/games\/slot$/);
});

test('the demo player’s /my-history, and the launch routes straight into a game', async ({ page, request }) => {
  await openAsDemoPlayer(page);
  await page.goto('/my-history');
  const entries = page.getByTestId('history-entry');
  await expect(entries.first()).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Last 30 days' }).click();
  // The demo player's first deposit is in the wallet's history.
  await page.getByRole('button', { name: 'Wallet' }).click();
  await expect(page.getByTestId('history-entry').filter({ hasText: 'Deposit' }).first()).toBeVisible({ timeout: 20_000 });
  for (const kind of await page.getByTestId('history-entry').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-kind')))) {
    expect(kind).toBe('wallet');
  }
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await page.screenshot({ path: `${SCREENS}/my-history-390x844.png`, fullPage: true });
  await page.getByTestId('history-entry').filter({ hasText: 'Deposit' }).first().getByRole('link').click();
  await expect(page).toHaveURL(/\/recordDetail\?billNo=/);

  const slot = await seamlessSlot(request);
  await page.goto(`/newGame?gameId=${slot.gameId}`);
  await expect(page).toHaveURL(new RegExp(`/ingame\\?gameId=${slot.gameId}`), { timeout: 20_000 });
  await page.goto(`/newGameV2?platformCode=${slot.platformCode}&gameCode=${slot.gameCode}`);
  await expect(page).toHaveURL(new RegExp(`/ingameV2\\?gameId=${slot.gameId}`), { timeout: 20_000 });
});
