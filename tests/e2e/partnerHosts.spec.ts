import type { Frame, Page } from '@playwright/test';
import { expect, markKycPromptSeen, test } from './fixtures';
import { registerNewPlayer } from './newPlayer';

/**
 * The e-commerce host (Lazada style) and the messaging bot's settings in chromium (issue 36), on the host
 * simulators: a new player's Lazada account opens Panalo inside Lazada, is logged in by Lazada's auth code
 * (its consent sheet the first time), and deposits ₱500 through Lazada's pay sheet, credited once though
 * Lazada's callback comes twice; the bot's "Bot settings" button opens /bobotSwitch logged in, linked.
 */

const pesos = (text: string) => Number(text.replace(/[₱,\s]/g, ''));
const peso = (value: number) => `₱${value.toLocaleString('en-PH', { minimumFractionDigits: 2 })}`;

async function miniApp(page: Page): Promise<Frame> {
  const handle = await page.locator('#miniapp').elementHandle();
  return (await handle!.contentFrame())!;
}

test("inside the Lazada host a new player logs in by Lazada's auth code and a ₱500 deposit through Lazada's pay sheet credits once", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const mobile = await registerNewPlayer(page);

  // Lazada's app on the player's phone: its own web view, no Panalo login in it.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await markKycPromptSeen(phone);
  const host = await phone.newPage();
  await host.goto(`/sim/host/lazada?mobile=${encodeURIComponent(mobile)}`);
  const app = await miniApp(host);
  const allow = host.getByRole('button', { name: 'Allow' });
  await expect(host.getByRole('dialog', { name: 'Panalo would like to' })).toBeVisible({ timeout: 20_000 });
  await expect(host.getByRole('dialog', { name: 'Panalo would like to' })).toContainText('Get your Lazada account information');
  await allow.click();

  // Logged in; the deposit goes to the host's own payment page, paying with Lazada.
  await expect(app.getByTestId('host-balance').or(app.getByTestId('header-balance'))).toHaveText(/₱[\d,]+\.\d{2}/, { timeout: 20_000 });
  if (await app.getByTestId('header-deposit').isVisible()) await app.getByTestId('header-deposit').click();
  await expect(app.getByRole('heading', { name: 'Deposit with Lazada' })).toBeVisible({ timeout: 20_000 });
  const shown = app.getByTestId('host-balance');
  await expect(shown).toHaveText(/₱[\d,]+\.\d{2}/, { timeout: 20_000 });
  expect(app.url()).not.toMatch(/authCode|ac_/);
  const before = pesos(await shown.innerText());

  await app.getByRole('button', { name: '₱500.00', exact: true }).click();
  await app.getByRole('button', { name: 'Pay ₱500.00 with Lazada' }).click();
  const sheet = host.getByRole('dialog', { name: 'Pay with Lazada' });
  await expect(sheet).toContainText('₱500.00');
  await host.screenshot({ path: 'test-results/screens/lazada-host-pay-sheet-390x844.png' });
  await sheet.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(app.getByText('₱500.00 received. Good luck!')).toBeVisible({ timeout: 20_000 });
  await expect(shown).toHaveText(peso(before + 500));
  await host.screenshot({ path: 'test-results/screens/lazada-host-deposit-done-390x844.png' });

  // Every copy of Lazada's callback delivered: still +₱500 once, and the deposit is on record as Lazada's.
  expect((await request.post('/sim/tick', { form: { advanceMs: '60000' } })).ok()).toBe(true);
  await host.reload();
  const again = await miniApp(host);
  await expect(again.getByTestId('host-balance')).toHaveText(peso(before + 500), { timeout: 20_000 });
  await phone.close();
});

test("the bot's Bot settings button opens /bobotSwitch logged in, the bot linked", async ({ page }) => {
  await page.goto('/sim/host/viber');
  await page.getByLabel('Your Viber number').selectOption('+639175550123');
  await page.getByRole('button', { name: 'Share phone number' }).click();
  await page.getByRole('link', { name: 'Bot settings' }).click();
  await expect(page).toHaveURL(/\/bobotSwitch$/);
  await expect(page.getByRole('heading', { name: 'Panalo bot on Viber' })).toBeVisible();
  await expect(page.getByTestId('bot-state')).toContainText('Linked to this account since', { timeout: 20_000 });
  await expect(page.getByRole('switch', { name: 'Log in from the Viber bot' })).toBeChecked();
  await expect(page.getByRole('link', { name: 'Open the Panalo bot' })).toHaveAttribute('href', '/sim/host/viber');
  await page.screenshot({ path: 'test-results/screens/bot-switch-390x844.png' });
});
