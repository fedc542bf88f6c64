import { expect, test, waitForServiceWorker } from './fixtures';
import { networkCutter, ONLINE } from './network';

test.describe('offline and maintenance', () => {
  test('after one online visit an offline reload still shows the app, and an offline navigation shows the maintenance page', async ({
    page,
    browser,
  }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/foryou$/);
    await waitForServiceWorker(page);
    // Let the worker finish caching what the first load fetched.
    await page.waitForTimeout(500);

    // Every target offline (the page, the service worker, the realtime shared worker).
    const cutter = await networkCutter(browser);
    try {
      expect(await cutter.cut()).toEqual(expect.arrayContaining(['page', 'service_worker', 'shared_worker']));
      await page.reload();
      await expect(page.getByRole('heading', { name: 'For You' })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'You are offline' }).first()).toBeVisible();

      await page.goto('/promo');
      await expect(page).toHaveURL(/\/maintenance\?offline=1&from=%2Fpromo$/);
      await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
      await expect(page.locator('main img')).toBeVisible();
      await page.screenshot({ path: 'test-results/screens/offline-maintenance-390x844.png' });

      await cutter.set(ONLINE);
      // Back online, the player goes on to where they were going: by itself once the app hears the site is
      // up (the maintenance status is asked again on reconnecting), or with Try again, whichever comes first.
      const tryAgain = page.getByRole('button', { name: 'Try again' });
      await expect(async () => {
        if (await tryAgain.isVisible()) await tryAgain.click({ timeout: 1_000 }).catch(() => undefined);
        await expect(page).toHaveURL(/\/promo$/, { timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
    } finally {
      await cutter.restore();
    }
  });

  test('maintenance on sends the player to /maintenance with the operator’s message; off brings them back', async ({
    page,
    siteSettings,
  }) => {
    siteSettings((settings) => {
      settings['maintenance'] = {
        on: true,
        message: 'Upgrading the wallet. Back by 2 AM.',
        endTime: '2026-11-21T02:00:00+08:00',
        imageUrl: '/maintenance/aph5.svg',
      };
    });
    await page.goto('/sports');
    await expect(page).toHaveURL(/\/maintenance$/);
    await expect(page.getByRole('heading', { name: 'We are upgrading Panalo' })).toBeVisible();
    await expect(page.getByText('Upgrading the wallet. Back by 2 AM.')).toBeVisible();
    await expect(page.getByText(/Expected back: Nov 21,? 02:00/)).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/maintenance-390x844.png' });

    siteSettings((settings) => {
      settings['maintenance'] = { on: false, message: '', endTime: null, imageUrl: '/maintenance/aph5.svg' };
    });
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/\/foryou$/);
  });

  test('the regulator-compliant version hides flagged pages', async ({ page, siteSettings }) => {
    await page.goto('/agency-benefits');
    await expect(page).toHaveURL(/\/agency-benefits$/);
    siteSettings((settings) => {
      settings['pagcorVersion'] = true;
    });
    const fresh = await page.context().newPage();
    await fresh.evaluate(() => localStorage.clear()).catch(() => undefined);
    await fresh.goto('/agency-benefits');
    await expect(fresh).toHaveURL(/\/foryou$/);
  });
});

test.describe('installable app', () => {
  test('serves a web manifest with the icons, standalone display and theme colour', async ({ page, request }) => {
    await page.goto('/foryou');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = (await (await request.get(href!)).json()) as {
      name: string;
      display: string;
      theme_color: string;
      icons: { sizes: string; purpose: string }[];
    };
    expect(manifest.display).toBe('standalone');
    expect(manifest.theme_color).toBe('#0a0f1e');
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '192x192 maskable',
      '512x512 maskable',
    ]);
    for (const icon of ['/icons/icon-192.png', '/icons/icon-512.png', '/icons/maskable-512.png']) {
      expect((await request.get(icon)).status()).toBe(200);
    }
  });
});

test.describe('updates', () => {
  test('a new version is offered and applied only when the player accepts it', async ({ page }) => {
    const { appendFileSync, rmSync } = await import('node:fs');
    const { join } = await import('node:path');
    const dist = process.env['E2E_DIST_DIR']!;

    await page.goto('/foryou');
    await waitForServiceWorker(page);
    const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);

    // Publish a new version of the service worker.
    appendFileSync(join(dist, 'sw.js'), `\n// release ${Date.now()}\n`);
    rmSync(join(dist, 'sw.js.br'), { force: true });
    rmSync(join(dist, 'sw.js.gz'), { force: true });
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));

    const prompt = page.getByTestId('update-prompt');
    await expect(prompt).toBeVisible();
    await expect(prompt).toContainText('A new version of Panalo is ready.');
    // Waiting, not active: nothing changed under the player.
    await page.waitForTimeout(1_000);
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => Boolean(r?.waiting)))).toBe(true);

    const reloaded = page.waitForEvent('framenavigated');
    await prompt.getByRole('button', { name: 'Update' }).click();
    await reloaded;
    await expect(page.getByRole('heading', { name: 'For You' })).toBeVisible();
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => Boolean(r?.waiting)))).toBe(false);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(firstWorker);
    await expect(page.getByTestId('update-prompt')).toHaveCount(0);
  });
});
