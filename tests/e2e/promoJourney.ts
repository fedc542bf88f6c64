import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect } from './fixtures';
import { promoVoucher } from './newPlayer';
import { askToWithdraw } from './withdrawSetup';

/**
 * The steps of the promotions journey (issue 35) a new player takes after a first deposit, shared by the
 * promotions spec and the invite spec: opting into the first-deposit offer after reading its terms, a
 * ₱50 pre-match single, the wagering progress moving on /bonus when it settles, and a withdrawal after
 * the forfeit is shown. Screenshots go to test-results/screens with `shots` as their prefix.
 */

const SCREENS = 'test-results/screens';

/** On /newMember: the sports welcome offer's terms in plain words, opting in, then cash and bonus apart. */
export async function optIntoFirstDepositOffer(page: Page, after: { cash: string; bonus: string }, shots: string): Promise<void> {
  await page.goto('/newMember');
  const offer = page.getByTestId('promo-offer-sports-welcome');
  await expect(offer).toContainText('You get 100% of your first deposit as bonus money, up to ₱1,000');
  await expect(offer).toContainText('Max bet while your bonus is active is ₱50.');
  await expect(offer).toContainText('you keep all your cash');
  await page.screenshot({ path: `${SCREENS}/${shots}-offer-390x844.png`, fullPage: true });
  await offer.getByTestId('promo-opt-in').click();
  await expect(page.getByTestId('promo-grant')).toBeVisible();
  await expect(page.getByTestId('promo-cash')).toHaveText(after.cash);
  await expect(page.getByTestId('promo-bonus')).toHaveText(after.bonus);
  await expect(page.getByTestId('header-bonus')).toHaveCount(0); // the inner page has no home header
  await page.goto('/foryou');
  await expect(page.getByTestId('header-balance')).toHaveText(after.cash);
  await expect(page.getByTestId('header-bonus')).toHaveText(after.bonus);
  await page.screenshot({ path: `${SCREENS}/${shots}-header-390x844.png` });
}

/**
 * A ₱50 pre-match single from the bet slip (its market held so the price stays): answers its match. The
 * selection is on a half line (+0.5, O 2.5): a whole or quarter line can push when the match settles,
 * and a pushed stake is returned, not settled (no wagering, no mask), whatever the test wanted to see.
 */
export async function betFiftyPrematch(page: Page, request: APIRequestContext): Promise<string> {
  await page.goto('/sports?mode=early&sportId=1');
  await expect(page.getByTestId('match-row').first()).toBeVisible({ timeout: 20_000 });
  const price = page
    .getByTestId('price')
    .filter({ has: page.locator('[data-price]') })
    .filter({ hasText: /^\s*(?:[OU] )?[+-]?\d+\.5\s/ })
    .first();
  const matchId = await price.evaluate((button) => button.closest('[data-testid="match-row"]')?.getAttribute('data-match') ?? '');
  expect(matchId).not.toBe('');
  const marketId = (await price.getAttribute('data-market')) ?? '';
  expect((await request.post(`/dev/feed/market/${marketId}`, { data: { hold: true } })).ok()).toBe(true);
  await price.click();
  await page.getByTestId('floating-bet-slip').click();
  const slip = page.getByTestId('slip');
  await slip.getByTestId('slip-order').getByTestId('stake-input').fill('50');
  await slip.getByTestId('place-bet').click();
  await expect(page.getByTestId('slip-result').getByRole('heading', { name: 'Betting Successful' })).toBeVisible({ timeout: 20_000 });
  return matchId;
}

/** A ₱300 promo voucher redeemed on /giftCard: cash that owes no turnover, so part of the balance can be withdrawn. */
export async function redeemPromoVoucher(page: Page, request: APIRequestContext): Promise<void> {
  await page.goto('/giftCard');
  await page.getByLabel('Voucher code').fill(await promoVoucher(request));
  await page.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByText('Voucher redeemed: ₱300.00 added to your wallet.')).toBeVisible();
}

/** /bonus in another tab, never reloaded: the wagering progress moves over the socket when the match settles. */
export async function watchWageringMove(
  context: BrowserContext,
  request: APIRequestContext,
  matchId: string,
  before: { cash: string; bonus: string; progress: string; after: string },
  shots: string,
): Promise<void> {
  const bonus = await context.newPage();
  await bonus.goto('/bonus');
  const progress = bonus.getByTestId('promo-progress');
  await expect(progress).toHaveText(before.progress);
  await expect(bonus.getByTestId('promo-cash')).toHaveText(before.cash);
  await expect(bonus.getByTestId('promo-bonus')).toHaveText(before.bonus);
  await bonus.screenshot({ path: `${SCREENS}/${shots}-bonus-before-390x844.png`, fullPage: true });
  expect((await request.post(`/dev/feed/settle/${matchId}`)).ok()).toBe(true);
  await expect(progress).toHaveText(before.after, { timeout: 20_000 });
  await bonus.screenshot({ path: `${SCREENS}/${shots}-bonus-after-390x844.png`, fullPage: true });
  await bonus.close();
}

/** On /withdraw (GCash bound, password set): the forfeit shown and accepted, the password, the order submitted, the bonus gone. */
export async function withdrawAfterForfeit(
  page: Page,
  withdraw: { pesos: string; password: string; forfeited: string },
  shots: string,
): Promise<void> {
  await askToWithdraw(page, withdraw.pesos);
  const forfeit = page.getByRole('alertdialog', { name: 'Withdrawing forfeits your bonus' });
  await expect(forfeit).toContainText(`Withdrawing ₱${withdraw.pesos}.00 now forfeits ${withdraw.forfeited} of bonus money`);
  await expect(forfeit).toContainText('Your cash is not affected.');
  await page.screenshot({ path: `${SCREENS}/${shots}-withdraw-forfeit-390x844.png` });
  await forfeit.getByRole('button', { name: 'Forfeit and withdraw' }).click();
  const passwordSheet = page.getByTestId('withdraw-password-sheet');
  await passwordSheet.getByLabel('Withdrawal password').fill(withdraw.password);
  await passwordSheet.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(page).toHaveURL(/\/submitted\?orderNo=/);
  await expect(page.getByRole('heading', { name: 'Withdrawal request submitted' })).toBeVisible();
  // The bonus is gone, the cash kept less what was withdrawn.
  await page.goto('/bonus');
  await expect(page.getByTestId('promo-bonus')).toHaveText('₱0.00');
  await expect(page.getByText(`Ended by a withdrawal: ${withdraw.forfeited} forfeited.`)).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/${shots}-after-withdrawal-390x844.png`, fullPage: true });
}
