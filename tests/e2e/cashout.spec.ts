import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, logInWithPassword, openPrice, test } from './fixtures';

/**
 * Cash-out end to end (issue 38): the demo player places a live single, opens My Bets, where the worker
 * keeps the ticket's cash-out value live, cashes out half the stake with the slider; the price moves
 * while the server re-prices inside the live-bet delay, so the player is shown the new, lower value and
 * accepts it. Half the stake stays on; the balance rises by what was accepted.
 */

const pesos = (text: string) => Number(text.replace(/[^\d.]/g, ''));

async function marketPrice(request: APIRequestContext, marketId: string, key: string): Promise<number> {
  const market = (await (await request.get(`/dev/realtime/market/${marketId}`)).json()) as { selections: { key: string; price: number }[] };
  return market.selections.find((s) => s.key === key)!.price;
}

/** Places what the slip holds; a price that moved before the hold is accepted first, as the slip asks. */
async function place(slip: Locator): Promise<void> {
  const accept = slip.getByRole('button', { name: 'Accept new odds' });
  await expect(async () => {
    if (await accept.isVisible()) await accept.click({ timeout: 2_000 });
    await slip.getByTestId('place-bet').click({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

async function openAsDemoPlayer(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('button', { name: 'Log In' }).first().click();
  await logInWithPassword(page);
}

test('the player cashes out half of a live single from My Bets, accepting the new value when the price moved', async ({
  page,
  context,
  request,
}) => {
  // My Bets, then the match page: two cash-outs, each inside the live-bet delay.
  test.setTimeout(150_000);
  await openAsDemoPlayer(page, '/sports?mode=live&sportId=1');
  const matchId = (await page.getByTestId('match-row').first().getAttribute('data-match')) ?? '';
  const price = openPrice(page, 0);
  const marketId = (await price.getAttribute('data-market')) ?? '';
  const key = (await price.getAttribute('data-key')) ?? '';
  // Only the test moves this market's price from here.
  expect((await request.post(`/dev/feed/market/${marketId}`, { data: { hold: true } })).ok()).toBe(true);
  await price.click();
  await page.getByTestId('floating-bet-slip').click();
  const slip = page.getByTestId('slip');
  await slip.getByTestId('slip-order').getByTestId('stake-input').fill('100');
  await place(slip);
  await expect(page.getByTestId('slip-result').getByRole('heading', { name: 'Betting Successful' })).toBeVisible({ timeout: 20_000 });

  // A second tab on the home page: its header follows the balance over the socket.
  const home = await context.newPage();
  await home.goto('/foryou');
  const balance = home.getByTestId('header-balance');
  await expect(balance).toHaveText(/₱[\d,]+\.\d{2}/);
  await page.bringToFront();
  await page.goto('/betRecord');
  const before = pesos(await balance.innerText());
  const card = page.getByTestId('ticket').first();
  await expect(card).toHaveAttribute('data-status', 'running');
  const value = card.getByTestId('cashout-value');
  // The worker prices the ticket from the deltas it holds: a value, without asking the server.
  await expect(value).toHaveText(/^Cash out ₱[\d,]+\.\d{2}$/, { timeout: 15_000 });
  await value.click();
  await card.getByTestId('cashout-part').fill('50');
  await expect(card).toContainText('₱50.00 of ₱100.00 stake');
  const confirm = card.getByTestId('cashout-confirm');
  const shown = pesos(await confirm.innerText());
  expect(shown).toBeGreaterThan(0);
  await page.screenshot({ path: 'test-results/screens/cashout-half-390x844.png' });

  // The player taps; while the server waits the live-bet delay, the selection drifts: the value falls.
  await confirm.click();
  const was = await marketPrice(request, marketId, key);
  expect((await request.post(`/dev/feed/market/${marketId}`, { data: { key, price: Math.round((was + 1) * 100) / 100 } })).ok()).toBe(true);
  const acceptNew = card.getByTestId('cashout-accept-new');
  await expect(acceptNew).toBeVisible({ timeout: 15_000 });
  await expect(card).toContainText('The value changed to');
  const offered = pesos(await acceptNew.innerText());
  expect(offered).toBeLessThan(shown);
  await page.screenshot({ path: 'test-results/screens/cashout-moved-390x844.png' });
  // Nothing was paid without the player's say.
  expect(pesos(await balance.innerText())).toBe(before);

  await acceptNew.click();
  await expect(page.getByText(/^Cashed out ₱/)).toBeVisible({ timeout: 15_000 });
  await expect(balance).toHaveText(`₱${(before + offered).toLocaleString('en-PH', { minimumFractionDigits: 2 })}`, { timeout: 10_000 });
  // Half the stake stays on at the original odds.
  await expect(card).toHaveAttribute('data-status', 'running');
  await expect(card.locator('dl')).toContainText('₱50.00');
  await page.screenshot({ path: 'test-results/screens/cashout-done-390x844.png' });

  // The match page shows the ticket too, compact, with the same live value; paused while the market is.
  await page.goto(`/liveSportGameV3?matchId=${matchId}`);
  const onMatch = page.getByTestId('match-tickets').getByTestId('ticket');
  await expect(onMatch).toHaveCount(1);
  const matchValue = onMatch.getByTestId('cashout-value');
  await expect(matchValue).toHaveText(/^Cash out ₱[\d,]+\.\d{2}$/, { timeout: 15_000 });
  expect((await request.post(`/dev/feed/market/${marketId}`, { data: { status: 'Suspend' } })).ok()).toBe(true);
  await expect(matchValue).toHaveText('Cash out is paused', { timeout: 15_000 });
  await expect(matchValue).toBeDisabled();
  expect((await request.post(`/dev/feed/market/${marketId}`, { data: { status: 'Running' } })).ok()).toBe(true);
  await expect(matchValue).toHaveText(/^Cash out ₱[\d,]+\.\d{2}$/, { timeout: 15_000 });
  await page.screenshot({ path: 'test-results/screens/cashout-match-page-390x844.png' });
  // The rest, all of it, from the match page: the ticket leaves the page's open tickets.
  const held = pesos(await balance.innerText());
  await matchValue.click();
  const rest = onMatch.getByTestId('cashout-confirm');
  await expect(rest).toContainText('Cash out ₱');
  await expect(async () => {
    const acceptAgain = onMatch.getByTestId('cashout-accept-new');
    if (await acceptAgain.isVisible()) await acceptAgain.click({ timeout: 2_000 });
    else await rest.click({ timeout: 2_000 });
    await expect(page.getByText(/^Cashed out ₱/)).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('match-tickets')).toHaveCount(0, { timeout: 10_000 });
  await expect.poll(async () => pesos(await balance.innerText()), { timeout: 10_000 }).toBeGreaterThan(held);
  expect((await request.post(`/dev/feed/market/${marketId}`, { data: { hold: false } })).ok()).toBe(true);
});
