import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';
import { codeFromOutbox } from './outbox';

/** A mobile number no test has used (without +63: 9 and nine digits). */
export function newPhone(): string {
  return `9${String(Math.floor(100_000_000 + Math.random() * 899_999_999))}`;
}

/** A ₱300 promo voucher issued on the development page: money that owes no deposit turnover. */
export async function promoVoucher(request: APIRequestContext): Promise<string> {
  const page = await request.post('/dev/vouchers', { form: { kind: 'promo', amount: '300', count: '1', maxUses: '1', days: '30' } });
  const code = /[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}/.exec(await page.text())?.[0];
  if (!code) throw new Error('no voucher code issued');
  return code;
}

/**
 * ₱500 in through the GCash simulator, from the header's Deposit button on the current page: the sheet,
 * the provider's checkout, then the order page once the simulator has paid.
 */
export async function depositGcash500(page: Page): Promise<void> {
  await page.getByTestId('header-deposit').click();
  const sheet = page.getByTestId('deposit-sheet');
  await sheet.getByTestId('pay-type').filter({ hasText: 'GCash' }).click();
  await sheet.getByRole('button', { name: '₱500', exact: true }).click();
  await sheet.getByRole('button', { name: 'Deposit ₱500.00' }).click();
  await expect(page).toHaveURL(/\/sim\/[a-z]+\/checkout\//);
  await page.getByRole('button', { name: 'Pay ₱500.00' }).click();
  await expect(page).toHaveURL(/\/gpoorder\?orderNo=/);
  expect((await page.request.post('/sim/tick', { form: { advanceMs: '1000' } })).ok()).toBe(true);
  await expect(page.getByTestId('deposit-status')).toHaveAttribute('data-status', 'paid', { timeout: 30_000 });
}

/**
 * Registers a new player with an SMS code from the development outbox, as in the account spec, from
 * /foryou or from the address `from` (an invite link): the number as +63….
 */
export async function registerNewPlayer(page: Page, from = '/foryou'): Promise<string> {
  const phone = newPhone();
  await page.goto(from);
  await page.getByRole('button', { name: 'Register' }).click();
  const register = page.getByRole('dialog', { name: 'Create your account' });
  await register.getByLabel('Mobile number').fill(phone);
  await register.getByRole('button', { name: 'Send code' }).click();
  await expect(register.getByRole('button', { name: /Resend in \d+s/ })).toBeVisible();
  await register.getByLabel('Verification code').fill(await codeFromOutbox(page, phone));
  await register.getByLabel('Password').fill('Secret123');
  await register.getByLabel('Date of birth').fill('1994-06-12');
  await register.getByRole('checkbox').check();
  await register.getByRole('button', { name: 'Open my account' }).click();
  await expect(register).toBeHidden();
  return `+63${phone}`;
}
