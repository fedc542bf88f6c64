import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, logInWithPassword, test, waitForServiceWorker } from './fixtures';

test.describe('the app shell', () => {
  test('/ lands on For You, and the tabs switch', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/foryou$/);
    await expect(page).toHaveTitle('For You · Panalo');
    await expect(page.getByRole('heading', { name: 'For You' })).toBeVisible();

    await page.getByRole('link', { name: 'Sports', exact: true }).click();
    await expect(page).toHaveURL(/\/sports$/);
    await expect(page.getByRole('link', { name: 'Sports', exact: true })).toHaveAttribute('aria-current', 'page');

    await page.getByRole('link', { name: 'Games' }).click();
    await expect(page).toHaveURL(/\/games\/slot$/);
    await page.getByRole('link', { name: 'Live Casino' }).click();
    await expect(page).toHaveURL(/\/games\/casino$/);
    await expect(page).toHaveTitle('Games · Panalo');
    await page.screenshot({ path: 'test-results/screens/games-390x844.png' });
  });

  test('before any script runs, /foryou shows the prerendered home layout with its first rows, /faq its articles and Account a plain skeleton', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/foryou');
    // (Playwright turns scripts off after the parser's choice, so the notice stays raw text here; a browser without scripts shows it.)
    expect(await page.content()).toMatch(/<noscript>.*Panalo needs JavaScript\./s);
    await expect(page.getByRole('link', { name: 'Panalo' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Home sections' }).getByRole('link', { name: 'For You' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // The first screen's rows come drawn by the server (tests/e2e/firstrows.spec.ts checks them).
    await expect(page.getByRole('heading', { name: 'Live now' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Deposit' })).toBeVisible();
    // Drawn by its inline style (allowed by the page's policy): the header is the app's 56 px.
    expect((await page.locator('header').first().boundingBox())?.height).toBe(56);
    await page.screenshot({ path: 'test-results/screens/prerendered-foryou-390x844.png' });
    // The links work without scripts: the server answers Sports with its own shell.
    await page.getByRole('link', { name: 'Sports', exact: true }).click();
    await expect(page.getByRole('navigation', { name: 'Home sections' }).getByRole('link', { name: 'Sports' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.goto('/faq');
    await expect(page.getByRole('heading', { name: 'FAQ', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Home sections' })).toHaveCount(0);
    await page.goto('/account');
    await expect(page.getByRole('status', { name: 'Loading…' })).toBeVisible();
    await context.close();
  });

  test('an unknown path lands on /', async ({ page }) => {
    await page.goto('/this/page/does/not/exist');
    await expect(page).toHaveURL(/\/foryou$/);
  });

  test('an invalid game kind lands on the first kind', async ({ page }) => {
    await page.goto('/games/lottery');
    await expect(page).toHaveURL(/\/games\/slot$/);
  });

  test('a login-required path as a visitor lands home with the login dialog open', async ({ page }) => {
    await page.goto('/wallet/withdraw');
    await expect(page).toHaveURL(/\/foryou$/);
    const dialog = page.getByRole('dialog', { name: 'Log In' });
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/login-required-390x844.png' });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('expiredRoute=true tells the player once and leaves the address', async ({ page }) => {
    await page.goto('/sports?expiredRoute=true');
    await expect(page.getByRole('status').filter({ hasText: 'Route has been expired.' })).toBeVisible();
    await expect(page).toHaveURL(/\/sports$/);
  });

  test('the customer-service entry shows on the home tabs and Account only', async ({ page }) => {
    await page.goto('/foryou');
    await expect(page.getByTestId('service-chat')).toBeVisible();
    await page.getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByTestId('service-chat')).toBeVisible();
    await page.getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByTestId('service-chat')).toHaveCount(0);
  });

  test("a visitor's first visit downloads no signed-in player's code nor other pages' data; signing in brings the watchers", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const loaded = (chunk: string) => scripts.some((path) => path.startsWith(`/assets/${chunk}-`));
    // The routes' prefetches, a chunk per owner (src/app/routes/prefetch), by their built names.
    const manifest = JSON.parse(readFileSync(join(process.env['E2E_DIST_DIR'] ?? 'dist', '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      { file: string }
    >;
    const prefetch = (owner: string) => `/${manifest[`src/app/routes/prefetch/${owner}.ts`]?.file}`;
    const prefetches = Object.keys(manifest).filter((key) => key.startsWith('src/app/routes/prefetch/'));
    expect(prefetches.length).toBeGreaterThan(5);
    await page.goto('/foryou');
    await expect(page.getByTestId('match-row').first()).toBeVisible();
    // What waits for the page to settle has come (the service worker among it).
    await waitForServiceWorker(page);
    expect(loaded('workbox-window.prod.es5')).toBe(true);
    expect(loaded('Watchers')).toBe(false);
    expect(scripts.filter((path) => prefetches.some((key) => `/${manifest[key]?.file}` === path))).toEqual([]);

    await page.getByRole('button', { name: 'Log In' }).first().click();
    await logInWithPassword(page);
    await expect.poll(() => loaded('Watchers')).toBe(true);
    // Another page: its data starts with its route, from its owner's prefetches only.
    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByRole('link', { name: 'FAQ' }).click();
    await expect.poll(() => scripts.includes(prefetch('content'))).toBe(true);
    expect(scripts).not.toContain(prefetch('wallet'));
  });

  test('a page opened directly draws itself: an FAQ article for a visitor, the deposit page for the player', async ({ page }) => {
    await page.goto('/faq/how-to-play-live-streaming');
    await expect(page.getByRole('heading', { name: 'How to watch live streaming', level: 1 })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading…' })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/screens/deeplink-faq-article-390x844.png' });

    await page.goto('/account');
    await page.getByRole('button', { name: 'Log In' }).first().click();
    await logInWithPassword(page);
    // Opened anew, as from a link in an SMS: the page, its strings and its data, without a tap.
    await page.goto('/wallet/deposit');
    await expect(page).toHaveURL(/\/wallet\/deposit$/);
    await expect(page.getByTestId('pay-type').filter({ hasText: 'GCash' })).toBeVisible();
    await expect(page.getByTestId('turnover-rule')).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading…' })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/screens/deeplink-deposit-390x844.png' });
  });

  test('the bet-slip button asks a visitor to log in', async ({ page }) => {
    await page.goto('/sports');
    await page.getByTestId('floating-bet-slip').click();
    await expect(page.getByRole('dialog', { name: 'Log In' })).toBeVisible();
  });
});

test.describe('help pages and language', () => {
  test('the FAQ lists its six articles and opens one', async ({ page }) => {
    await page.goto('/faq');
    const articles = page.getByRole('main').getByRole('listitem');
    await expect(articles).toHaveCount(6);
    await articles.first().click();
    await expect(page).toHaveURL(/\/faq\/how-to-play-live-streaming$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/live stream/i);
    await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
  });

  test('the terms, privacy policy and responsible gaming pages show real text', async ({ page }) => {
    for (const [path, heading] of [
      ['/terms', 'Terms and Conditions'],
      ['/privacy-policy', 'Privacy Policy'],
      ['/responsibleGaming', 'Responsible Gaming'],
      ['/liscence', 'License'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('main')).toContainText('PAGCOR');
    }
  });

  test('choosing 中文 in settings shows the app in Chinese', async ({ page }) => {
    await page.goto('/settings');
    await page.getByRole('radio', { name: '中文' }).check();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('设置');
    await page.goto('/foryou');
    await expect(page.getByRole('link', { name: '体育' })).toBeVisible();
  });
});
