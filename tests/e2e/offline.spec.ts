import type { Page } from '@playwright/test';
import { expect, logInWithPassword, test, waitForServiceWorker } from './fixtures';
import { networkCutter, ONLINE, SLOW_LINK } from './network';

/**
 * Real offline odds (issue 14, goals 3 and 6), with the network cut for EVERY browser target (the page,
 * the service worker, the realtime shared worker) through the DevTools protocol: after one online visit,
 * /foryou and a match page reload with no network and show the prices the worker kept on the device,
 * marked 'Offline · prices from HH:MM', not pickable, and the slip says why it cannot place; when the
 * network returns they go live again without a reload. And at 50 kB/s + 400 ms on every target, /foryou
 * still shows a match row with prices.
 */

test.describe.configure({ timeout: 120_000 });

/** The price values on screen, by market and selection. */
async function pricesOnScreen(page: Page): Promise<Map<string, string>> {
  const entries = await page
    .getByTestId('price')
    .evaluateAll((buttons) =>
      buttons.map((button) => [
        `${button.getAttribute('data-market')}:${button.getAttribute('data-key')}`,
        button.querySelector('[data-price]')?.getAttribute('data-price') ?? '',
      ]),
    );
  return new Map(entries as [string, string][]);
}

const OFFLINE_MARK = /^Offline · prices from \d{2}:\d{2}$/;

test('after one online visit /foryou and a match page show their last prices offline, not pickable, and go live again when the network returns', async ({
  page,
  browser,
}) => {
  const cutter = await networkCutter(browser);
  try {
    await cutter.set(ONLINE);
    await page.goto('/foryou');
    await page.getByRole('button', { name: 'Log In' }).first().click();
    await logInWithPassword(page);
    await waitForServiceWorker(page);
    const live = page.getByTestId('live-now');
    const firstPrice = live
      .getByTestId('price')
      .filter({ has: page.locator('[data-price]') })
      .first();
    await expect(firstPrice).toBeVisible();

    // A pick on the slip, with a stake; online the slip says nothing of being offline.
    const picked = page
      .getByTestId('price')
      .and(
        page.locator(
          `[data-market="${await firstPrice.getAttribute('data-market')}"][data-key="${await firstPrice.getAttribute('data-key')}"]`,
        ),
      )
      .first();
    await picked.click();
    await expect(picked).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('floating-bet-slip').click();
    const slip = page.getByTestId('slip');
    await slip.getByRole('button', { name: '+100' }).click();
    await expect(slip.getByTestId('total-stake')).toHaveText('₱100.00');
    await expect(slip.getByTestId('slip-offline')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(slip).toBeHidden();

    // The match page, opened once online (in the app, as a player would).
    const link = live.getByTestId('match-row').first().getByRole('link');
    const matchId = new URL((await link.getAttribute('href')) ?? '', 'http://x').searchParams.get('matchId');
    await link.click();
    await expect(page.getByTestId('scoreboard')).toBeVisible();
    await expect(page.getByTestId('market').first().getByTestId('price').first()).toBeVisible();
    const onlineMatch = await pricesOnScreen(page);
    // The worker writes a view it just loaded at its next tick, then every 5 s at most.
    await page.waitForTimeout(1_000);

    // Every target loses the network; the match page is reloaded.
    expect(await cutter.cut()).toEqual(expect.arrayContaining(['page', 'service_worker', 'shared_worker']));
    await page.reload();
    // The reload's shared worker (started again under the cutter's session) is cut and let run.
    await cutter.cut();
    await expect(page).toHaveURL(new RegExp(`matchId=${matchId}`));
    const mark = page.getByTestId('offline-prices');
    await expect(mark).toHaveText(OFFLINE_MARK);
    await expect(mark).toHaveAttribute('role', 'status');
    const offlineMatch = await pricesOnScreen(page);
    expect(offlineMatch.size).toBeGreaterThan(0);
    // The markets kept are those seen online (prices may have moved in the last seconds before the cut).
    expect([...offlineMatch.keys()].filter((key) => onlineMatch.has(key)).length).toBeGreaterThan(0);
    const matchPrice = page.getByTestId('market').first().getByTestId('price').first();
    await expect(matchPrice).toBeDisabled();
    await expect(matchPrice).toHaveAccessibleName(/offline, cannot be picked$/);
    await page.screenshot({ path: 'test-results/screens/offline-match-390x844.png' });

    // Back to /foryou (in the app): the lists kept, marked, not pickable.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/foryou$/);
    await expect(mark).toHaveText(OFFLINE_MARK);
    const keptPrice = live
      .getByTestId('price')
      .filter({ has: page.locator('[data-price]') })
      .first();
    await expect(keptPrice).toBeVisible();
    await expect(keptPrice).toBeDisabled();
    await page.screenshot({ path: 'test-results/screens/offline-foryou-390x844.png' });

    // The pick from before is still on the slip; Place bet says why it cannot be pressed.
    await page.getByTestId('floating-bet-slip').click();
    await expect(slip.getByTestId('slip-order')).toHaveCount(1);
    await expect(slip.getByTestId('place-bet')).toBeDisabled();
    await expect(slip.getByTestId('slip-offline')).toHaveText(/You are offline/);
    await expect(slip.getByTestId('place-bet')).toHaveAccessibleDescription(/You are offline/);
    await page.screenshot({ path: 'test-results/screens/offline-slip-390x844.png' });
    await page.keyboard.press('Escape');

    // The cut reached the shared worker: the lists it asked for while cut never left the browser.
    const cutListFetches = cutter
      .requests()
      .filter((request) => request.type === 'shared_worker' && request.whileOffline && request.url.includes('queryCompressedMatch'));
    expect(cutListFetches.length).toBeGreaterThan(0);
    // None got an answer (those still on their way fail when they give up).
    expect(cutListFetches.filter((request) => request.answered)).toEqual([]);
    expect(cutListFetches.some((request) => request.failed !== null)).toBe(true);

    // The network returns: no reload; the mark goes and prices move again.
    await cutter.set(ONLINE);
    await expect(mark).toHaveCount(0, { timeout: 30_000 });
    const before = await pricesOnScreen(page);
    await expect
      .poll(
        async () => {
          const now = await pricesOnScreen(page);
          return [...now].some(([key, price]) => before.has(key) && before.get(key) !== price);
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await expect(
      live
        .getByTestId('price')
        .filter({ has: page.locator('[data-price]') })
        .first(),
    ).toBeEnabled();
  } finally {
    await cutter.restore();
  }
  // Leave the slip empty for the next test.
  await page.evaluate(() => localStorage.removeItem('betSlip'));
});

test('at 50 kB/s and 400 ms on every target, /foryou shows a match row with prices', async ({ page, browser }) => {
  const cutter = await networkCutter(browser);
  try {
    expect(await cutter.set(SLOW_LINK)).toContain('page');
    await page.goto('/foryou', { timeout: 60_000 });
    await expect(page.getByTestId('match-row').first().locator('[data-price]').first()).toBeVisible({ timeout: 60_000 });
    // The shared worker's own traffic went through the slow link too: its socket (the rows come from the
    // lists the page carries, followed from their seq: it fetches none of them).
    await expect
      .poll(() => cutter.requests().some((request) => request.type === 'shared_worker' && request.answered), { timeout: 30_000 })
      .toBe(true);
  } finally {
    await cutter.restore();
  }
});
