import { expect, test, waitForServiceWorker } from './fixtures';
import { networkCutter, ONLINE } from './network';

/**
 * News (issue 37): the list with its four categories, an article in the reader's language, and an article
 * read once online that reads again offline, with the network cut for every browser target (the page, the
 * service worker, the realtime shared worker), after a reload.
 */

test.describe.configure({ timeout: 120_000 });

test('the news list filters by category; an article read once reads again offline after a reload', async ({ page, browser }) => {
  const cutter = await networkCutter(browser);
  try {
    await cutter.set(ONLINE);
    await page.goto('/news');
    await waitForServiceWorker(page);
    const items = page.getByTestId('news-item');
    await expect(items.first()).toBeVisible({ timeout: 20_000 });
    const all = await items.count();
    expect(all).toBeGreaterThanOrEqual(4);

    // A category shows its articles only.
    await page.getByRole('navigation', { name: 'News categories' }).getByRole('link', { name: 'Panalo news' }).click();
    await expect(page).toHaveURL(/\/news\/panalo-news$/);
    await expect(items.first()).toContainText('Panalo news');
    expect(await items.count()).toBeLessThan(all);
    for (const text of await items.allTextContents()) expect(text).toContain('Panalo news');

    // The article, read once online.
    await items.getByText('Watch live matches in the app').click();
    const article = page.getByTestId('news-article');
    await expect(article.getByRole('heading', { name: 'Watch live matches in the app' })).toBeVisible();
    await expect(article).toContainText('data saver');
    await page.screenshot({ path: 'test-results/screens/news-article-390x844.png' });
    const url = page.url();

    // Every target loses the network; the article is reloaded and still reads.
    expect(await cutter.cut()).toEqual(expect.arrayContaining(['page', 'service_worker']));
    await page.reload();
    await cutter.cut();
    await expect(page).toHaveURL(url);
    await expect(article.getByRole('heading', { name: 'Watch live matches in the app' })).toBeVisible({ timeout: 30_000 });
    await expect(article).toContainText('data saver');
  } finally {
    await cutter.restore();
  }
});
