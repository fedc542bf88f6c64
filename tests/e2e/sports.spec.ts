import type { APIRequestContext, Page } from '@playwright/test';
import { expect, logInWithPassword, test } from './fixtures';

/**
 * The realtime core in a real browser: one SharedWorker owns the one socket for every tab, prices move
 * on screen as the feed moves them, and a dropped socket comes back with current prices.
 */

async function sockets(request: APIRequestContext): Promise<number> {
  const stats = (await (await request.get('/dev/realtime')).json()) as { connections: number };
  return stats.connections;
}

/** The prices on screen, by `${market}:${key}`. */
async function pricesOnScreen(page: Page): Promise<Map<string, string>> {
  // A price React re-rendered between Playwright's query and this function is detached: skip it.
  const entries = await page.locator('[data-testid=price] [data-price]').evaluateAll((nodes) =>
    nodes.flatMap((node) => {
      const button = node.closest<HTMLElement>('[data-testid=price]');
      return button
        ? [[`${button.dataset['market']}:${button.dataset['key']}`, (node as HTMLElement).dataset['price'] ?? ''] as const]
        : [];
    }),
  );
  return new Map(entries);
}

/** Resolves once some price on screen differs from `before` (the feed moved it and the page showed it). */
async function expectPricesToMove(page: Page, timeout = 20_000): Promise<void> {
  const before = await pricesOnScreen(page);
  expect(before.size).toBeGreaterThan(0);
  await expect
    .poll(
      async () => {
        const now = await pricesOnScreen(page);
        return [...now].some(([id, price]) => before.has(id) && before.get(id) !== price);
      },
      { timeout, intervals: [250] },
    )
    .toBe(true);
}

async function openSports(page: Page): Promise<void> {
  await page.goto('/sports?mode=live&sportId=1');
  await expect(page.getByTestId('match-row').first()).toBeVisible();
}

test.describe('live sports', () => {
  test('three tabs share one socket; prices move in each; closing two keeps the third live', async ({ context, request }) => {
    // Sockets of earlier tests close with their contexts; wait until none is left (one whose browser end
    // went without a close frame is ended by the server's heartbeat check, which takes up to half a minute).
    await expect.poll(() => sockets(request), { timeout: 40_000 }).toBe(0);
    const tabs = [await context.newPage(), await context.newPage(), await context.newPage()];
    for (const tab of tabs) await openSports(tab);

    await expect.poll(() => sockets(request)).toBe(1);
    for (const tab of tabs) await expectPricesToMove(tab);

    await tabs[0]!.close();
    await tabs[1]!.close();
    const last = tabs[2]!;
    await expectPricesToMove(last);
    expect(await sockets(request)).toBe(1);
  });

  test('after the server drops the socket the page reconnects and shows current prices', async ({ page, request }) => {
    await openSports(page);
    // The app's own socket (the realtime worker's), not the page's early one that follows the drawn rows
    // until the app takes over (server/plugins/earlyLive.ts): that one closes at the hand-over.
    await page.waitForFunction(() => {
      const live = (window as unknown as { __panaloLive?: { stopped?: number } }).__panaloLive;
      return live === undefined || live.stopped === 1;
    });
    await expect.poll(() => sockets(request)).toBe(1);
    const dropped = Date.now();
    await request.post('/dev/realtime/drop');
    await expect(page.getByRole('status').filter({ hasText: 'Reconnecting' })).toBeVisible();

    // stompjs waits 5 s, then reconnects; the worker fetches fresh snapshots and the banner goes.
    await expect.poll(() => sockets(request), { timeout: 15_000 }).toBe(1);
    await expect(page.getByRole('status').filter({ hasText: 'Reconnecting' })).toBeHidden({ timeout: 10_000 });
    test.info().annotations.push({ type: 'reconnected after', description: `${Date.now() - dropped} ms` });

    // What the page shows is what the feed says now (prices keep moving, so compare until they agree).
    const button = page
      .getByTestId('price')
      .filter({ has: page.locator('[data-price]') })
      .first();
    const marketId = await button.getAttribute('data-market');
    const key = await button.getAttribute('data-key');
    await expect
      .poll(
        async () => {
          const server = (await (await request.get(`/dev/realtime/market/${marketId}`)).json()) as {
            selections: { key: string; price: number }[];
          };
          const shown = await page
            .locator(`[data-testid=price][data-market="${marketId}"][data-key="${key}"] [data-price]`)
            .getAttribute('data-price');
          return Number(shown) === server.selections.find((s) => s.key === key)?.price;
        },
        { timeout: 10_000, intervals: [200] },
      )
      .toBe(true);
    await expectPricesToMove(page);
  });

  test('tapping a price puts it on the bet slip, tapping again takes it off', async ({ page }) => {
    await openSports(page);
    const price = page
      .getByTestId('price')
      .filter({ has: page.locator('[data-price]') })
      .first();
    const marketId = await price.getAttribute('data-market');
    const key = await price.getAttribute('data-key');
    const same = page.locator(`[data-testid=price][data-market="${marketId}"][data-key="${key}"]`);
    await same.click();
    await expect(same).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('floating-bet-slip')).toHaveAccessibleName(/1/);
    await same.click();
    await expect(same).toHaveAttribute('aria-pressed', 'false');
  });

  test('sport, mode and day live in the address', async ({ page }) => {
    await page.goto('/sports');
    await page.getByRole('link', { name: /Basketball/ }).click();
    await expect(page).toHaveURL(/sportId=2/);
    await page.getByRole('button', { name: 'Early' }).click();
    await expect(page).toHaveURL(/mode=early/);
    const day = page.getByRole('navigation', { name: 'Days' }).getByRole('button').nth(1);
    await day.click();
    await expect(page).toHaveURL(/dateId=\d{4}-\d{2}-\d{2}/);
    await page.reload();
    await expect(day).toHaveAttribute('aria-pressed', 'true');
  });

  test('For You shows what is live now and links to the match page', async ({ page }) => {
    await page.goto('/foryou');
    const live = page.getByTestId('live-now');
    await expect(live.getByTestId('match-row').first()).toBeVisible();
    await live.getByTestId('match-row').first().getByRole('link').click();
    await expect(page).toHaveURL(/liveSportGameV3\?matchId=/);
    await expect(page.getByTestId('scoreboard')).toBeVisible();
  });
});

test.describe('sportsbook switches', () => {
  test('sportsbook maintenance pauses the sports pages; a Hong Kong odds reader is told the market stopped and can switch to decimal', async ({
    page,
    siteSettings,
  }) => {
    siteSettings((settings) => {
      settings['sportsbook'] = { maintenance: true, hongKongMarketStopped: true };
    });
    await page.goto('/sports');
    await expect(page.getByRole('heading', { name: 'Sportsbook under maintenance' })).toBeVisible();
    await expect(page.getByTestId('match-row')).toHaveCount(0);

    siteSettings((settings) => {
      settings['sportsbook'] = { maintenance: false, hongKongMarketStopped: true };
    });
    await page.goto('/settings');
    await page.getByRole('radio', { name: 'Hong Kong' }).check();
    await page.goto('/sports');
    const dialog = page.getByRole('alertdialog', { name: 'Hong Kong market stopped' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Use decimal odds' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('match-row').first()).toBeVisible();
  });
});

test.describe('live match page', () => {
  async function openFirstLiveMatch(page: Page): Promise<string> {
    await openSports(page);
    const link = page.getByTestId('match-row').first().getByRole('link');
    const href = (await link.getAttribute('href')) ?? '';
    await link.click();
    await expect(page.getByTestId('scoreboard')).toBeVisible();
    return new URL(href, 'http://x').searchParams.get('matchId') ?? '';
  }

  test('shows the score, the period, markets by category, and the insight tabs', async ({ page }) => {
    await openFirstLiveMatch(page);
    await expect(page.getByTestId('score')).toHaveText(/^\d+ – \d+$/);
    await expect(page.getByTestId('scoreboard')).toContainText(/1st|2nd|Halftime|Delayed/);
    await expect(page.getByTestId('market').first()).toBeVisible();
    const categories = page.getByRole('navigation', { name: 'All markets' });
    await categories.getByRole('button', { name: 'Correct Score' }).click();
    await expect(page.getByTestId('market').first()).toContainText('Correct Score');

    await page.getByRole('link', { name: 'Standing' }).click();
    await expect(page).toHaveURL(/liveSportGameV3\/standing\?matchId=/);
    await expect(page.getByTestId('standings').locator('tbody tr').first()).toBeVisible();
    await page.getByRole('link', { name: 'Analysis' }).click();
    await expect(page.getByTestId('analysis')).toContainText('Form (last 5)');
    await page.getByRole('link', { name: 'Line-up' }).click();
    await expect(page.getByTestId('lineups')).toContainText('Starting');
    await page.getByRole('link', { name: 'Picks' }).click();
    await expect(
      page
        .getByTestId('picks')
        .getByText(/confidence/)
        .first(),
    ).toBeVisible();
  });

  test('chat: a visitor is asked to log in; a player’s line reaches another tab live', async ({ page, browser }) => {
    const matchId = await openFirstLiveMatch(page);
    await page.getByRole('link', { name: 'Chat' }).click();
    await expect(page.getByRole('button', { name: 'Log in to chat' })).toBeVisible();

    // A second browser (its own worker and socket) watches the same chat.
    const other = await browser.newContext({ baseURL: process.env['E2E_BASE_URL'] });
    const watcher = await other.newPage();
    await watcher.goto(`/liveSportGameV3/chat?matchId=${matchId}`);
    await expect(watcher.getByTestId('chat')).toBeVisible();

    await page.getByRole('button', { name: 'Log in to chat' }).click();
    await logInWithPassword(page);

    const box = page.getByRole('textbox', { name: 'Say something nice…' });
    await box.fill('x'.repeat(201));
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Keep it under 200 characters.')).toBeVisible();
    await expect(box).toHaveValue('x'.repeat(201));

    const line = `Laban, Pilipinas! ${Date.now()}`;
    await box.fill(line);
    // The socket reconnects with the player's token after the login; send once it is up.
    await expect
      .poll(
        async () => {
          if ((await box.inputValue()) === line) await page.getByRole('button', { name: 'Send' }).click();
          return page.getByTestId('chat').getByText(line).isVisible();
        },
        { timeout: 20_000, intervals: [1_000] },
      )
      .toBe(true);
    await expect(box).toHaveValue('');
    await expect(page.getByTestId('chat').getByText(line)).toHaveCount(1);
    await expect(watcher.getByTestId('chat').getByText(line)).toHaveCount(1);
    await other.close();
  });
});
