import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import type { Locator, Page } from '@playwright/test';
import { depositGcash500, newPhone } from './newPlayer';
import { codeFromOutbox } from './outbox';

/**
 * Coupons and free bets end to end in chromium (issue 35). Coupons: the operator adds a coupon at
 * /dev/offers; a new player opens its link (/coupon/:name), reads every term, receives it ("Receiving your
 * coupon…", then the answer 2 s after the press, spec §9), sees the bonus apart from cash on /bonus, and
 * finds the coupon received when coming back. Free bets: a new player deposits ₱500, takes the seeded ₱100
 * free bet on /promo, places it from the bet slip (cash untouched), and after the match settles keeps only
 * the winnings, never the stake.
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

async function registerNewPlayer(page: Page): Promise<void> {
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
}

test('a new player opens a coupon link, reads its terms, receives it and sees the bonus apart from cash', async ({ page, request }) => {
  test.setTimeout(120_000);
  const name = `weekend-${Date.now().toString(36)}`;
  await addCoupon(request, name);

  await registerNewPlayer(page);

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

test('a new player takes the ₱100 free bet after a deposit, places it from the slip, and keeps only the winnings', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await registerNewPlayer(page);
  await page.goto('/foryou');
  await depositGcash500(page);

  // The seeded free bet offer: its terms, then taking it.
  await page.goto('/promo');
  const offer = page.getByTestId('promo-offer-free-bet-100');
  await expect(offer).toContainText("the free bet's stake is not returned");
  await offer.getByTestId('promo-opt-in').click();
  const held = page.getByTestId('promo-free-bet');
  await expect(held).toHaveAttribute('data-status', 'active');
  await expect(held).toContainText('₱100.00 on one sports single at odds of 1.50 or more');
  await page.screenshot({ path: `${SCREENS}/free-bet-held-390x844.png`, fullPage: true });

  // A pre-match price of 1.50 or more on a line that cannot push, held still while the bet goes in.
  await page.goto('/sports?mode=early&sportId=1');
  const rows = page.getByTestId('match-row');
  await expect(rows.first()).toBeVisible();
  let found: { row: Locator; price: Locator } | undefined;
  for (let r = 0; r < Math.min(await rows.count(), 10) && !found; r++) {
    const candidates = rows
      .nth(r)
      .getByTestId('price')
      .filter({ has: page.locator('[data-price]') })
      // A half line (+0.5, O 2.5): a whole or quarter line can push, and a pushed free bet comes back to the player.
      .filter({ hasText: /^\s*(?:[OU] )?[+-]?\d+\.5\s/ });
    for (let i = 0; i < (await candidates.count()) && !found; i++) {
      const value = Number(await candidates.nth(i).locator('[data-price]').first().getAttribute('data-price'));
      if (value >= 1.6 && value <= 5) found = { row: rows.nth(r), price: candidates.nth(i) };
    }
  }
  if (!found) throw new Error('no half-line price of 1.60 to 5 on the first rows');
  const { price } = found;
  const marketId = (await price.getAttribute('data-market')) ?? '';
  const matchId = (await found.row.getAttribute('data-match')) ?? '';
  expect((await request.post(`/dev/feed/market/${marketId}`, { data: { hold: true } })).ok()).toBe(true);
  // Held still: the odds the bet is placed at.
  const odds = Number(await price.locator('[data-price]').first().getAttribute('data-price'));
  await price.click();
  await page.getByTestId('floating-bet-slip').click();
  const slip = page.getByTestId('slip');
  await slip.getByTestId('slip-use-free-bet').check();
  await expect(slip.getByTestId('slip-free-bet')).toContainText('Free bet stake ₱100.00');
  await expect(slip.getByTestId('slip-free-bet')).toContainText('the stake is not returned');
  await page.screenshot({ path: `${SCREENS}/free-bet-slip-390x844.png` });
  await slip.getByTestId('place-bet').click();
  await expect(page.getByTestId('slip-result').getByRole('heading', { name: 'Betting Successful' })).toBeVisible({ timeout: 20_000 });

  // The cash is untouched; after the match, the winnings (never the stake) are cash.
  await page.goto('/bonus');
  await expect(page.getByTestId('promo-cash')).toHaveText('₱500.00');
  await expect(held).toHaveAttribute('data-status', 'used');
  expect((await request.post(`/dev/feed/settle/${matchId}`)).ok()).toBe(true);
  await expect(held).toHaveCount(0, { timeout: 20_000 });
  const winnings = Math.round(odds * 100) * 100 - 10_000;
  const peso = (centavos: number) => `₱${(centavos / 100).toLocaleString('en-PH', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  await expect(page.getByTestId('promo-cash')).toHaveText(new RegExp(`^(₱500\\.00|${peso(50_000 + winnings).replace('.', '\\.')})$`));
  await page.screenshot({ path: `${SCREENS}/free-bet-settled-390x844.png`, fullPage: true });
});
