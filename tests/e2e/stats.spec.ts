import type { Page } from '@playwright/test';
import { expect, test, waitForServiceWorker } from './fixtures';
import { networkCutter, ONLINE } from './network';

/**
 * The event module offline (issue 39): a visitor allows analytics, every browser target loses the
 * network (DevTools protocol, as tests/e2e/offline.spec.ts), the visitor taps through three pages, the
 * network returns, and the server holds each event of that visit once: a page view for each page, the
 * session's first launch, nothing twice.
 */

test.use({ privacyChosen: false });
test.describe.configure({ timeout: 120_000 });

interface StoredEvent {
  id: string;
  kind: string;
  page: string | null;
  featureId: string | null;
}

async function storedEvents(page: Page, session: string): Promise<StoredEvent[]> {
  const response = await page.request.get(`/dev/stats/events?session=${session}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { events: StoredEvent[] }).events;
}

test('events made offline reach the server once the network returns, each stored once', async ({ page, browser }) => {
  const cutter = await networkCutter(browser);
  try {
    await cutter.set(ONLINE);
    await page.goto('/foryou');
    // The page a visitor lands on stays theirs: no prompt over it.
    await expect(page.locator('[data-first-rows]')).toHaveCount(0, { timeout: 20_000 });
    await page.waitForTimeout(4_000);
    const prompt = page.getByTestId('consent-prompt');
    await expect(prompt).toHaveCount(0);
    // From the second page on (here a link in the app), the choice: optional analytics only with the
    // player's yes, the necessary ones listed; what the first page recorded was held for it.
    await page.getByRole('link', { name: 'See all' }).first().click();
    await expect(page).toHaveURL(/\/sports/);
    await expect(prompt).toBeVisible({ timeout: 20_000 });
    await expect(prompt.getByText('Always on (necessary)')).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/stats-consent-390x844.png' });
    await prompt.getByRole('button', { name: 'Allow analytics' }).click();
    await expect(prompt).toBeHidden();
    await waitForServiceWorker(page);
    const session = await page.evaluate(() => JSON.parse(sessionStorage.getItem('events.session') ?? '""') as string);
    expect(session).toMatch(/^[0-9a-f-]{36}$/);
    // Online, the launch and the first page view arrive in a batch within a few seconds.
    await expect
      .poll(async () => (await storedEvents(page, session)).map((e) => e.kind).sort(), { timeout: 20_000 })
      .toEqual(expect.arrayContaining(['launch', 'pageView', 'regulatory']));

    expect(await cutter.cut()).toEqual(expect.arrayContaining(['page']));
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    for (const [name, path] of [
      ['Promos', '/promo'],
      ['Account', '/account'],
      ['Home', '/foryou'],
    ] as const) {
      await nav.getByRole('link', { name }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    }
    // Offline: kept on the device (IndexedDB), nothing of the three pages on the server.
    await page.waitForTimeout(5_000);
    const whileOffline = await storedEvents(page, session);
    expect(whileOffline.filter((e) => e.kind === 'pageView' && (e.page === '/promo' || e.page === '/account'))).toEqual([]);
    const queued = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('panalo-events');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const count = open.result.transaction('queue').objectStore('queue').count();
            count.onsuccess = () => resolve(count.result);
          };
        }),
    );
    expect(queued).toBeGreaterThanOrEqual(3);

    await cutter.set(ONLINE);
    await expect
      .poll(async () => (await storedEvents(page, session)).filter((e) => e.kind === 'pageView').map((e) => e.page), { timeout: 30_000 })
      .toEqual(expect.arrayContaining(['/promo', '/account']));
    // Give a second send (a retry, a beacon) time to happen: nothing is stored twice.
    await page.waitForTimeout(5_000);
    const stored = await storedEvents(page, session);
    expect(new Set(stored.map((e) => e.id)).size).toBe(stored.length);
    const views = stored.filter((e) => e.kind === 'pageView').map((e) => e.page);
    expect(views.filter((p) => p === '/promo')).toHaveLength(1);
    expect(views.filter((p) => p === '/account')).toHaveLength(1);
    expect(views.filter((p) => p === '/foryou')).toHaveLength(2);
    expect(stored.filter((e) => e.kind === 'launch')).toHaveLength(1);
    // The featured rail was seen on both visits to /foryou: its exposure counts once per session.
    expect(stored.filter((e) => e.kind === 'exposure' && e.featureId === 'foryou.featured')).toHaveLength(1);
  } finally {
    await cutter.restore();
  }
});

test('/feature shows the version of the device’s group, the same one on every visit', async ({ page }) => {
  // The privacy choice is asked from the second page a tab shows: the landing page first.
  await page.goto('/foryou');
  await expect(page.locator('[data-first-rows]')).toHaveCount(0, { timeout: 20_000 });
  await page.goto('/feature');
  await page.getByTestId('consent-prompt').getByRole('button', { name: 'Only necessary' }).click();
  const offer = page.getByTestId('feature-offer');
  await expect(offer).toBeVisible({ timeout: 20_000 });
  const group = await offer.getAttribute('data-group');
  expect(['A', 'B', 'C']).toContain(group);
  await expect(offer.getByRole('heading')).not.toBeEmpty();
  await page.screenshot({ path: 'test-results/screens/stats-feature-390x844.png' });
  await page.reload();
  await expect(offer).toHaveAttribute('data-group', group!);
});
