import { expect, test } from './fixtures';
import { codeFromOutbox } from './outbox';
import { askToWithdraw, bindGcashAndSetWithdrawPassword } from './withdrawSetup';
import { depositGcash500, newPhone, promoVoucher } from './newPlayer';

/**
 * Promotions end to end in chromium (issue 35): a new player registers, deposits ₱500 through the GCash
 * simulator, reads the first-deposit offer's terms and opts in, sees cash and bonus apart (header, /bonus),
 * bets ₱50 (paid from cash first), watches the wagering progress move over the socket when the bet
 * settles, and withdraws cash after being shown exactly what would be forfeited.
 */

const SCREENS = 'test-results/screens';
const PASSWORD = 'Secret123';
const WITHDRAW_PASSWORD = '902817';

test('a new player deposits, opts into the first-deposit offer, sees cash and bonus apart, watches wagering move when a bet settles, and withdraws after seeing the forfeit', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(240_000);
  const phone = newPhone();

  // A visitor reads the welcome offer and every term before registering.
  await page.goto('/newMember');
  const visitorOffer = page.getByRole('article').filter({ hasText: 'Sports welcome bonus' });
  await expect(visitorOffer).toContainText('Max bet while your bonus is active is ₱50.');
  await page.screenshot({ path: `${SCREENS}/promo-visitor-390x844.png`, fullPage: true });

  await page.getByRole('button', { name: 'Register to take an offer' }).click();
  const register = page.getByRole('dialog', { name: 'Create your account' });
  await register.getByLabel('Mobile number').fill(phone);
  await register.getByRole('button', { name: 'Send code' }).click();
  await expect(register.getByRole('button', { name: /Resend in \d+s/ })).toBeVisible();
  await register.getByLabel('Verification code').fill(await codeFromOutbox(page, phone));
  await register.getByLabel('Password').fill(PASSWORD);
  await register.getByLabel('Date of birth').fill('1993-05-11');
  await register.getByRole('checkbox').check();
  await register.getByRole('button', { name: 'Open my account' }).click();
  await expect(register).toBeHidden();

  // Before a deposit the offer says why it cannot be taken yet.
  await page.goto('/newMember');
  const offer = page.getByTestId('promo-offer-sports-welcome');
  await expect(offer.getByTestId('promo-refusal')).toHaveText('Make your first deposit to take this offer.');

  // ₱500 through the GCash simulator (the qualifying first deposit), from the home header.
  await page.goto('/foryou');
  await depositGcash500(page);
  // And a ₱300 promo voucher (owes no turnover).
  await page.goto('/giftCard');
  await page.getByLabel('Voucher code').fill(await promoVoucher(request));
  await page.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByText('Voucher redeemed: ₱300.00 added to your wallet.')).toBeVisible();

  // The first-deposit offer: its terms in plain words, then opting in.
  await page.goto('/newMember');
  await expect(offer).toContainText('You get 100% of your first deposit as bonus money, up to ₱1,000');
  await expect(offer).toContainText('Max bet while your bonus is active is ₱50.');
  await expect(offer).toContainText('you keep all your cash');
  await page.screenshot({ path: `${SCREENS}/promo-offer-390x844.png`, fullPage: true });
  await offer.getByTestId('promo-opt-in').click();
  await expect(page.getByTestId('promo-grant')).toBeVisible();
  await expect(page.getByTestId('promo-cash')).toHaveText('₱800.00');
  await expect(page.getByTestId('promo-bonus')).toHaveText('₱500.00');
  await expect(page.getByTestId('header-bonus')).toHaveCount(0); // the inner page has no home header
  await page.goto('/foryou');
  await expect(page.getByTestId('header-balance')).toHaveText('₱800.00');
  await expect(page.getByTestId('header-bonus')).toHaveText('₱500.00');
  await page.screenshot({ path: `${SCREENS}/promo-header-390x844.png` });

  // A ₱50 pre-match single: paid from cash first.
  await page.goto('/sports?mode=early&sportId=1');
  const row = page.getByTestId('match-row').first();
  const matchId = (await row.getAttribute('data-match')) ?? '';
  const price = row
    .getByTestId('price')
    .filter({ has: page.locator('[data-price]') })
    .first();
  const marketId = (await price.getAttribute('data-market')) ?? '';
  expect((await request.post(`/dev/feed/market/${marketId}`, { data: { hold: true } })).ok()).toBe(true);
  await price.click();
  await page.getByTestId('floating-bet-slip').click();
  const slip = page.getByTestId('slip');
  await slip.getByTestId('slip-order').getByTestId('stake-input').fill('50');
  await slip.getByTestId('place-bet').click();
  await expect(page.getByTestId('slip-result').getByRole('heading', { name: 'Betting Successful' })).toBeVisible({ timeout: 20_000 });

  // /bonus in another tab, never reloaded: the progress moves when the bet settles.
  const bonus = await context.newPage();
  await bonus.goto('/bonus');
  const progress = bonus.getByTestId('promo-progress');
  await expect(progress).toHaveText('₱0.00 of ₱2,500.00');
  await expect(bonus.getByTestId('promo-cash')).toHaveText('₱750.00');
  await expect(bonus.getByTestId('promo-bonus')).toHaveText('₱500.00');
  await bonus.screenshot({ path: `${SCREENS}/promo-bonus-before-390x844.png`, fullPage: true });
  expect((await request.post(`/dev/feed/settle/${matchId}`)).ok()).toBe(true);
  await expect(progress).toHaveText('₱50.00 of ₱2,500.00', { timeout: 20_000 });
  await bonus.screenshot({ path: `${SCREENS}/promo-bonus-after-390x844.png`, fullPage: true });
  await bonus.close();

  // The withdrawal: a GCash account and a withdrawal password, then ₱200 out after the forfeit is shown.
  await bindGcashAndSetWithdrawPassword(page, phone, WITHDRAW_PASSWORD);
  await askToWithdraw(page, '200');
  const forfeit = page.getByRole('alertdialog', { name: 'Withdrawing forfeits your bonus' });
  await expect(forfeit).toContainText('Withdrawing ₱200.00 now forfeits ₱500.00 of bonus money');
  await expect(forfeit).toContainText('Your cash is not affected.');
  await page.screenshot({ path: `${SCREENS}/promo-withdraw-forfeit-390x844.png` });
  await forfeit.getByRole('button', { name: 'Forfeit and withdraw' }).click();
  const passwordSheet = page.getByTestId('withdraw-password-sheet');
  await passwordSheet.getByLabel('Withdrawal password').fill(WITHDRAW_PASSWORD);
  await passwordSheet.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(page).toHaveURL(/\/submitted\?orderNo=/);
  await expect(page.getByRole('heading', { name: 'Withdrawal request submitted' })).toBeVisible();

  // The bonus is gone, the cash kept less what was withdrawn.
  await page.goto('/bonus');
  await expect(page.getByTestId('promo-bonus')).toHaveText('₱0.00');
  await expect(page.getByText('Ended by a withdrawal: ₱500.00 forfeited.')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/promo-after-withdrawal-390x844.png`, fullPage: true });
});
