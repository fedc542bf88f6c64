import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { codeFromOutbox } from './outbox';

/**
 * What a new player does before a first withdrawal: adds a GCash account in their own name, opens
 * /withdraw, is sent to set a withdrawal password, sets it with the SMS code, and lands on /withdraw.
 * One code a minute per number: asked within a minute of the registration's code, the server names the
 * wait, the button counts it down, and the code is asked again once it may be.
 */
export async function bindGcashAndSetWithdrawPassword(page: Page, phone: string, password: string): Promise<void> {
  await page.goto('/gcash/addGcash');
  await page.getByLabel('Mobile number').fill(`0${phone}`);
  await page.getByLabel('Account name').fill('Juan dela Cruz');
  await page.getByRole('button', { name: 'Save account' }).click();
  await expect(page.getByText('The account is added.')).toBeVisible();
  await page.goto('/withdraw');
  await expect(page).toHaveURL(/\/setWithdrawPwd\/withdraw$/);
  await page.getByLabel('New withdrawal password (6 digits)').fill(password);
  await page.getByLabel('Enter it again').fill(password);
  const sent = page.waitForResponse((response) => response.url().endsWith('/customer/sendVerificationCode'));
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /Resend in \d+s/ })).toBeVisible();
  if ((await sent).status() !== 200) {
    await expect(page.getByRole('button', { name: 'Send code' })).toBeEnabled({ timeout: 65_000 });
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('button', { name: /Resend in \d+s/ })).toBeVisible();
  }
  await page.getByLabel(/Code sent to/).fill(await codeFromOutbox(page, phone));
  await page.getByRole('button', { name: 'Save withdrawal password' }).click();
  await expect(page).toHaveURL(/\/withdraw$/);
}

/** On /withdraw: GCash, the player's account, the amount in pesos, then Withdraw. */
export async function askToWithdraw(page: Page, pesos: string): Promise<void> {
  await page.getByRole('button', { name: 'GCash' }).click();
  await page
    .getByRole('radio', { name: /Juan dela Cruz/ })
    .first()
    .click();
  await page.getByLabel('Amount in pesos').fill(pesos);
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
}
