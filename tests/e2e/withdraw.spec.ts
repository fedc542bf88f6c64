import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PLAYER, expect, logInWithPassword, test } from './fixtures';

/**
 * Money out end to end in chromium: the demo player binds a GCash account, sets a withdrawal password
 * (with the SMS code from the development outbox), is refused a too-small amount and a wrong password
 * with nothing moved, withdraws ₱200 and follows it from pending to paid while the test steps the
 * payout simulator (POST /sim/tick, development only).
 */

const PASSWORD = '902817';
const demoDigits = DEMO_PLAYER.phone.replace(/\D/g, '');

function pesos(text: string): number {
  return Number(text.replace(/[₱,\s]/g, ''));
}

/** The newest code the development outbox shows for the demo player's number. */
async function codeFromOutbox(page: Page): Promise<string> {
  const outbox = await page.context().newPage();
  await outbox.goto('/dev/outbox');
  const text = await outbox.locator(`li[data-recipient="+63${demoDigits}"] .body`).first().innerText();
  await outbox.close();
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error('no code for the demo player');
  return code;
}

/**
 * Runs the payment simulators 4 minutes ahead and every payments job once: a payout accepted, then its
 * InstaPay transfer (2 minutes from when it was accepted), then its webhook, each a step.
 */
async function stepPayouts(request: APIRequestContext): Promise<void> {
  expect((await request.post('/sim/tick', { form: { advanceMs: '240000' } })).ok()).toBe(true);
}

/** Picks GCash and the account this test bound (other tests may have bound theirs). */
async function chooseOurGcash(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'GCash' }).click();
  const ours = page.getByRole('radio', { name: /Juan dela Cruz/ }).first();
  await ours.click();
  await expect(ours).toHaveAttribute('aria-checked', 'true');
}

/** The balance the withdraw page shows, once it has arrived. */
async function balanceOn(page: Page): Promise<number> {
  const balance = page.getByTestId('withdraw-balance');
  await expect(balance).toHaveText(/₱[\d,]+\.\d{2}/);
  return pesos(await balance.innerText());
}

test('the demo player binds GCash, sets a withdrawal password, is refused a too-small amount and a wrong password, then withdraws ₱200 and sees it paid', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.goto('/foryou');
  await page.getByRole('button', { name: 'Log In' }).first().click();
  await logInWithPassword(page);

  // Bind a GCash account: the number is sent encrypted and only its last digits come back.
  await page.goto('/gcash/addGcash');
  await page.getByLabel('Mobile number').fill(`0${demoDigits}`);
  await page.getByLabel('Account name').fill('Juan dela Cruz');
  await page.getByRole('button', { name: 'Save account' }).click();
  await expect(page.getByText('The account is added.')).toBeVisible();
  await page.goto('/gcash');
  const account = page.locator('li', { hasText: 'Juan dela Cruz' }).first();
  await expect(account).toContainText(demoDigits.slice(-4));
  await expect(account).not.toContainText(`0${demoDigits}`);

  // No withdrawal password yet: the withdraw page sends the player to set one, then back.
  await page.goto('/withdraw');
  await expect(page).toHaveURL(/\/setWithdrawPwd\/withdraw$/);
  await page.getByLabel('New withdrawal password (6 digits)').fill(PASSWORD);
  await page.getByLabel('Enter it again').fill(PASSWORD);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /Resend in/ })).toBeVisible();
  await page.getByLabel(/Code sent to/).fill(await codeFromOutbox(page));
  await page.getByRole('button', { name: 'Save withdrawal password' }).click();
  await expect(page).toHaveURL(/\/withdraw$/);

  await chooseOurGcash(page);
  const before = await balanceOn(page);
  expect(before).toBeGreaterThanOrEqual(200);
  const amount = page.getByLabel('Amount in pesos');

  // Too small: said under the field, and nothing is asked for.
  await amount.fill('100');
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(page.getByText('The least you can withdraw is ₱200.00. Please enter a larger amount.')).toBeVisible();
  await expect(page.getByTestId('withdraw-password-sheet')).toHaveCount(0);

  // A wrong withdrawal password: said in the sheet, nothing withdrawn.
  await page.getByRole('button', { name: '₱200', exact: true }).click();
  await expect(amount).toHaveValue('200');
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const sheet = page.getByTestId('withdraw-password-sheet');
  await expect(sheet).toBeVisible();
  await sheet.getByLabel('Withdrawal password').fill('135790');
  await sheet.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(sheet.getByRole('alert')).toContainText('Nothing was withdrawn.');
  await page.screenshot({ path: 'test-results/screens/withdraw-wrong-password-390x844.png' });
  await sheet.getByRole('button', { name: 'Close' }).click();
  await page.reload();
  expect(await balanceOn(page)).toBe(before);

  // The right password: the request goes through, ₱200 leaves the balance at once (held until paid).
  await chooseOurGcash(page);
  await amount.fill('200');
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await sheet.getByLabel('Withdrawal password').fill(PASSWORD);
  await sheet.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(page).toHaveURL(/\/submitted\?orderNo=/);
  await expect(page.getByRole('heading', { name: 'Withdrawal request submitted' })).toBeVisible();
  await expect(page.getByText('₱200.00').first()).toBeVisible();
  await expect(page.getByText(/To GCash .*\d{4}/)).toBeVisible();

  await page.getByRole('link', { name: 'Follow this withdrawal' }).click();
  await expect(page).toHaveURL(/\/withdrawInfo\?orderNo=/);
  const status = page.getByTestId('withdraw-status');
  await expect(status).toHaveAttribute('data-status', /pending|processing/);

  // The payout simulator moves on only when stepped: pending → processing → paid.
  await expect
    .poll(
      async () => {
        await stepPayouts(request);
        return status.getAttribute('data-status');
      },
      { timeout: 45_000, intervals: [1_000] },
    )
    .toBe('paid');
  await expect(status).toHaveText('Paid');
  await page.screenshot({ path: 'test-results/screens/withdraw-paid-390x844.png' });

  await page.goto('/withdraw');
  expect(await balanceOn(page)).toBe(before - 200);
});
