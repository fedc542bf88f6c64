import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { newPhone } from './newPlayer';
import { codeFromOutbox } from './outbox';

/**
 * Coupons end to end in chromium (issue 35): the operator adds a coupon at /dev/offers; a new player opens
 * its link (/coupon/:name), reads every term, receives it ("Receiving your coupon…", then the answer 2 s
 * after the press, spec §9), sees the bonus apart from cash on /bonus, and finds the coupon received when
 * coming back.
 */

const SCREENS = 'test-results/screens';

async function addCoupon(request: APIRequestContext, id: string): Promise<void> {
  const response = await request.post('/dev/offers', {
    data: {
      id,
      active: true,
      terms: {
        kind: 'coupon',
        title: 'Weekend coupon: ₱100 sports bonus',
        summary: 'A ₱100 bonus for sports bets this weekend.',
        vertical: 'sports',
        amount: 10_000,
        multiple: 3,
        contribution: { product: { sports: 100 }, default: 0 },
        maxBet: 5_000,
        maxWin: 100_000,
        days: 7,
        limit: 1000,
        endsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('a new player opens a coupon link, reads its terms, receives it and sees the bonus apart from cash', async ({ page, request }) => {
  test.setTimeout(120_000);
  const name = `weekend-${Date.now().toString(36)}`;
  await addCoupon(request, name);

  await page.goto('/foryou');
  await page.getByRole('button', { name: 'Register' }).first().click();
  const register = page.getByRole('dialog', { name: 'Create your account' });
  const phone = newPhone();
  await register.getByLabel('Mobile number').fill(phone);
  await register.getByRole('button', { name: 'Send code' }).click();
  await expect(register.getByRole('button', { name: /Resend in \d+s/ })).toBeVisible();
  await register.getByLabel('Verification code').fill(await codeFromOutbox(page, phone));
  await register.getByLabel('Password').fill('Secret123');
  await register.getByLabel('Date of birth').fill('1993-05-11');
  await register.getByRole('checkbox').check();
  await register.getByRole('button', { name: 'Open my account' }).click();
  await expect(register).toBeHidden();

  // The link as shared (any case): every term before receiving.
  await page.goto(`/coupon/${name.toUpperCase()}`);
  const coupon = page.getByTestId('coupon');
  await expect(coupon).toHaveAttribute('data-status', 'available');
  await expect(coupon).toContainText('Weekend coupon: ₱100 sports bonus');
  await expect(coupon).toContainText('Max bet while your bonus is active is ₱50.');
  await expect(coupon).toContainText('worth 3 times the bonus (₱300)');
  await page.screenshot({ path: `${SCREENS}/coupon-390x844.png`, fullPage: true });

  // Receiving: the page says so, then shows the server's answer once 2 s have passed.
  await page.getByTestId('coupon-receive').click();
  await expect(page.getByTestId('coupon-receiving')).toHaveText('Receiving your coupon…');
  await expect(page.getByTestId('coupon-result')).toHaveText('Coupon received: ₱100 bonus added. Bet ₱300 on sports to turn it into cash.');
  await expect(page.getByTestId('coupon-receiving')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/coupon-received-390x844.png`, fullPage: true });

  // The bonus, apart from cash, with its wagering.
  await page.getByTestId('coupon-see-bonus').click();
  await expect(page).toHaveURL(/\/bonus$/);
  await expect(page.getByTestId('promo-cash')).toHaveText('₱0.00');
  await expect(page.getByTestId('promo-bonus')).toHaveText('₱100.00');
  await expect(page.getByTestId('promo-progress')).toHaveText('₱0.00 of ₱300.00');

  // Coming back: received, no second press to make.
  await page.goto(`/coupon/${name}`);
  await expect(coupon).toHaveAttribute('data-status', 'received');
  await expect(page.getByTestId('coupon-receive')).toHaveCount(0);
});
