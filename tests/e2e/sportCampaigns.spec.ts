import { expect, test } from './fixtures';
import { depositGcash500, registerNewPlayer } from './newPlayer';

/**
 * A sport campaign end to end in chromium (issue 35): a new player opens /nbaPlayoff and sees the
 * campaign's mission with its conditions and the basketball fixtures of the feed; joins; bets on one of
 * those games from the page at odds of 1.50 or more; when the game settles, the mission's progress moves
 * from 0 to 1 on the page, without reloading.
 */

const SCREENS = 'test-results/screens';

test('a new player on /nbaPlayoff joins the mission, bets on a basketball game shown there and sees the progress once it settles', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await registerNewPlayer(page);
  await depositGcash500(page);

  await page.goto('/nbaPlayoff');
  const mission = page.getByTestId('mission').filter({ hasText: 'Playoff run: 3 basketball bets' });
  await expect(mission).toBeVisible({ timeout: 20_000 });
  await mission.getByText('Conditions').click();
  await expect(mission).toContainText('only bets placed after you join');
  await expect(mission).toContainText('Basketball bets: 3 settled bets of at least ₱20, every selection at odds 1.50 or more.');

  // The basketball games of the feed, on the page (today's, else the coming days').
  const fixtures = page.getByTestId('campaign-fixtures');
  const rows = fixtures.getByTestId('match-row');
  await expect(rows.first().or(fixtures.getByText('No matches here right now'))).toBeVisible({ timeout: 20_000 });
  if ((await rows.count()) === 0) await fixtures.getByRole('button', { name: 'Early' }).click();
  await expect(rows.first()).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: `${SCREENS}/nba-playoff-journey-390x844.png`, fullPage: true });

  await mission.getByTestId('mission-join').click();
  await expect(mission.getByTestId('mission-state')).toHaveText('In progress: bets count once they settle.');
  await expect(mission.getByTestId('mission-progress')).toHaveText('0 of 3');

  // A price of 1.50 or more on a basketball game of the list, held still while the bet is placed.
  const prices = fixtures.getByTestId('price').filter({ has: page.locator('[data-price]') });
  const count = await prices.count();
  let chosen = -1;
  for (let i = 0; i < count && chosen < 0; i++) {
    const value = Number(await prices.nth(i).locator('[data-price]').getAttribute('data-price'));
    if (value >= 1.6) chosen = i;
  }
  expect(chosen, 'a basketball price of 1.60 or more on the page').toBeGreaterThanOrEqual(0);
  const price = prices.nth(chosen);
  const marketId = (await price.getAttribute('data-market')) ?? '';
  const matchId = (await price.evaluate((element) => element.closest('[data-testid="match-row"]')?.getAttribute('data-match'))) ?? '';
  expect(matchId).not.toBe('');
  expect((await request.post(`/dev/feed/market/${marketId}`, { data: { hold: true } })).ok()).toBe(true);
  await price.click();
  await page.getByTestId('floating-bet-slip').click();
  const slip = page.getByTestId('slip');
  await slip.getByTestId('slip-order').getByTestId('stake-input').fill('50');
  await slip.getByTestId('place-bet').click();
  await expect(page.getByTestId('slip-result').getByRole('heading', { name: 'Betting Successful' })).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press('Escape');

  expect((await request.post(`/dev/feed/settle/${matchId}`)).ok()).toBe(true);
  await expect(mission.getByTestId('mission-progress')).toHaveText('1 of 3', { timeout: 20_000 });
  await page.screenshot({ path: `${SCREENS}/nba-playoff-progress-390x844.png`, fullPage: true });
});
