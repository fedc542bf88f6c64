import type { Frame, Page } from '@playwright/test';
import { expect, markKycPromptSeen, test } from './fixtures';
import { registerNewPlayer } from './newPlayer';

/**
 * Partner hosts in chromium (issue 36), on the host simulators the server offers outside production:
 * (1) the super-app (GCash-style) host page frames the app, which logs in by the host's auth code (the
 * consent sheet once, silently after) and deposits ₱500 through the host's pay sheet; the balance rises
 * once, though the host's callback arrives twice. (5) The operator switches the host to withdraw-only:
 * a deposit there is refused with the switch's message. (3) The messaging bot's button opens /sports
 * logged in, once. (2) The wallet-app (Maya-style) host POSTs its session, opens the landing with the
 * one-time sessionId (refused when used again), and the eKYC camera step hands off to the browser, where
 * the same verification goes on, logged in.
 */

const pesos = (text: string) => Number(text.replace(/[₱,\s]/g, ''));

/** The app inside the host page's web view. */
async function miniApp(page: Page): Promise<Frame> {
  const handle = await page.locator('#miniapp').elementHandle();
  const frame = await handle!.contentFrame();
  return frame!;
}

/** Opens the host and waits for the silent login (the consent sheet's Allow the first time the host user is seen). */
async function openHost(page: Page): Promise<Frame> {
  await page.goto('/sim/host/gcash');
  const app = await miniApp(page);
  const balance = app.getByTestId('header-balance');
  const allow = page.getByRole('button', { name: 'Allow' });
  await expect.poll(async () => (await allow.isVisible()) || (await balance.isVisible()), { timeout: 20_000 }).toBe(true);
  if (await allow.isVisible()) {
    await expect(page.getByRole('dialog', { name: 'Panalo would like to' })).toBeVisible();
    await allow.click();
  }
  await expect(balance).toHaveText(/₱[\d,]+\.\d{2}/, { timeout: 20_000 });
  return app;
}

test('inside the super-app host the app logs in by auth code and a ₱500 host deposit credits once, its callback duplicated', async ({
  page,
  request,
}) => {
  await openHost(page);
  // Bound now: opening the host again logs in with no sheet at all, on the host's home (its deposit page).
  await page.reload();
  const app = await miniApp(page);
  await expect(app.getByTestId('host-balance').or(app.getByTestId('header-balance'))).toHaveText(/₱[\d,]+\.\d{2}/, { timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Allow' })).toBeHidden();
  // No auth code is ever left in the app's address.
  expect(app.url()).not.toMatch(/authCode|ac_/);
  if (await app.getByTestId('header-deposit').isVisible()) await app.getByTestId('header-deposit').click();
  await expect(app.getByRole('heading', { name: 'Deposit with GCash' })).toBeVisible();
  const shown = app.getByTestId('host-balance');
  await expect(shown).toHaveText(/₱[\d,]+\.\d{2}/);
  const before = pesos(await shown.innerText());

  await app.getByRole('button', { name: '₱500.00', exact: true }).click();
  await app.getByRole('button', { name: 'Pay ₱500.00 with GCash' }).click();
  const sheet = page.getByRole('dialog', { name: 'Pay with GCash' });
  await expect(sheet).toContainText('₱500.00');
  await page.screenshot({ path: 'test-results/screens/gcash-host-pay-sheet-390x844.png' });
  await sheet.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(app.getByText('₱500.00 received. Good luck!')).toBeVisible({ timeout: 20_000 });
  await expect(shown).toHaveText(`₱${(before + 500).toLocaleString('en-PH', { minimumFractionDigits: 2 })}`);
  await page.screenshot({ path: 'test-results/screens/gcash-host-deposit-done-390x844.png' });

  // Every copy of the host's callback delivered now (the simulator sends each twice): still +₱500 once.
  const tick = await request.post('/sim/tick', { form: { advanceMs: '60000' } });
  expect(tick.ok()).toBe(true);
  await page.reload();
  const again = await miniApp(page);
  await expect(again.getByTestId('host-balance').or(again.getByTestId('header-balance'))).toHaveText(
    `₱${(before + 500).toLocaleString('en-PH', { minimumFractionDigits: 2 })}`,
    {
      timeout: 20_000,
    },
  );
});

test('a host switched to withdraw-only refuses a deposit with its message', async ({ page, request }) => {
  const set = (withdrawOnly: boolean) => request.post('/dev/responsible-gaming/switch', { data: { key: 'host:gcash', withdrawOnly } });
  expect((await set(true)).ok()).toBe(true);
  try {
    const app = await openHost(page);
    await app.getByTestId('header-deposit').click();
    // The page reads the host's switches (partner/hostSwitches): the operator's message, no pay button,
    // and the way to withdraw (the server's own refusal of a host deposit: tests/integration/partners).
    await expect(
      app.getByRole('alert').filter({ hasText: 'Deposits through GCash are paused for now. You can still withdraw' }),
    ).toBeVisible();
    await expect(app.getByRole('button', { name: 'Pay ₱500.00 with GCash' })).toHaveCount(0);
    await expect(app.getByRole('link', { name: 'Withdraw' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Pay with GCash' })).toBeHidden();
  } finally {
    await set(false);
  }
});

test("the messaging bot's link logs the player in and opens /sports; the same link again is refused", async ({ page }) => {
  await page.goto('/sim/host/viber');
  await page.getByLabel('Your Viber number').selectOption('+639175550123');
  await page.getByRole('button', { name: 'Share phone number' }).click();
  const open = page.getByRole('link', { name: 'Open Sports' });
  const href = (await open.getAttribute('href'))!;
  await page.screenshot({ path: 'test-results/screens/viber-bot-chat-390x844.png' });
  await open.click();
  await expect(page).toHaveURL(/\/sports$/);
  await expect(page.getByTestId('header-balance')).toHaveText(/₱[\d,]+\.\d{2}/, { timeout: 20_000 });
  // Spent: the same button's link is refused with words the player can act on.
  await page.goto(href);
  await expect(page.getByText('This Viber link has expired or was already used')).toBeVisible();
});

test('the wallet-app host: session POST, landing with the one-time sessionId, reuse refused, eKYC hands off because the camera is missing', async ({
  page,
  browser,
  siteSettings,
}) => {
  test.setTimeout(120_000);
  siteSettings((settings) => {
    const kyc = (settings['kyc'] ?? {}) as Record<string, unknown>;
    settings['kyc'] = { ...kyc, eKycSwitch: true, dailyAttempts: 3 };
  });
  // A new player (unverified) with a Panalo account; Maya knows the same number.
  const mobile = await registerNewPlayer(page);

  // Maya's web view: its own device, no Panalo login in it. "Open Panalo": Maya POSTs its token to our
  // Session URL and opens our landing with the sessionId we answered.
  const mayaPhone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await markKycPromptSeen(mayaPhone);
  const host = await mayaPhone.newPage();
  await host.goto(`/sim/host/maya?mobile=${encodeURIComponent(mobile)}`);
  await host.getByRole('button', { name: 'Open Panalo' }).click();
  await expect(host.locator('#miniapp')).toHaveAttribute('src', /^\/mayaAccount\?sessionId=[\w-]+$/);
  const landing = new URL((await host.locator('#miniapp').getAttribute('src'))!, host.url()).href;
  const app = await miniApp(host);
  await expect(app.getByTestId('maya-linked')).toContainText(`Maya wallet +63 ${mobile.slice(3, 6)}`, { timeout: 20_000 });
  await expect(app.getByTestId('maya-balance')).toHaveText(/₱[\d,]+\.\d{2}/);
  // The spent id is gone from the app's address.
  expect(app.url()).not.toContain('sessionId');
  await host.screenshot({ path: 'test-results/screens/maya-host-start-390x844.png' });

  // The same landing again (a copied link, a reload of the old address): refused in words the player can act on.
  const laptop = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await markKycPromptSeen(laptop);
  const other = await laptop.newPage();
  await other.goto(landing);
  await expect(other.getByRole('alert').filter({ hasText: 'This Maya session has expired or was already used' })).toBeVisible({
    timeout: 20_000,
  });

  // Identity verification inside Maya: no camera, no file picker there, so the photo step hands off.
  await app.getByRole('link', { name: 'Verify now' }).click();
  await app.getByRole('radio', { name: 'UMID' }).check();
  await app.getByRole('button', { name: 'Start verification' }).click();
  await expect(app.getByRole('heading', { name: 'Photo of your UMID' })).toBeVisible({ timeout: 20_000 });
  await expect(app.getByRole('heading', { name: 'Continue in your browser or the Panalo app' })).toBeVisible({ timeout: 20_000 });
  await expect(app.locator('video')).toHaveCount(0);
  const link = await app.getByTestId('handoff-link').inputValue();
  expect(link).toMatch(/\/ekyc-zolos\?handoff=[\w-]+$/);
  await expect(app.getByRole('link', { name: 'Open in the Panalo app' })).toHaveAttribute(
    'href',
    /^panalo:\/\/open\?path=%2Fekyc-zolos&handoff=/,
  );
  await host.screenshot({ path: 'test-results/screens/maya-host-kyc-handoff-390x844.png' });

  // In the phone's browser (a new tab): the same player, logged in, at the same step of the same verification.
  const browserTab = await laptop.newPage();
  await browserTab.goto(link);
  await expect(browserTab).toHaveURL(/\/ekyc-zolos$/);
  await expect(browserTab.getByRole('heading', { name: 'Photo of your UMID' })).toBeVisible({ timeout: 20_000 });
  await expect(browserTab.locator('header h1').first()).toHaveText('Step 1 of 4 · ID photo');
  await expect(browserTab.getByRole('heading', { name: 'Continue in your browser or the Panalo app' })).toHaveCount(0);
  await browserTab.screenshot({ path: 'test-results/screens/maya-handoff-browser-390x844.png' });
  // The link is spent.
  const thirdPhone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const third = await thirdPhone.newPage();
  await third.goto(link);
  await expect(third.getByText('This link has expired or was already used')).toBeVisible({ timeout: 20_000 });
  await mayaPhone.close();
  await laptop.close();
  await thirdPhone.close();
});
