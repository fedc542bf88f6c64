import { expect, test } from './fixtures';
import { depositGcash500, registerNewPlayer } from './newPlayer';

/**
 * The bet builder end to end (issue 38): a new player deposits, opens a football match's Bet Builder
 * tab, taps three picks (what no longer combines greys out), sees the combined odds, enters a stake and
 * places one ticket; My Bets shows it as a Bet Builder with its three picks.
 */

const SCREENS = 'test-results/screens';

test('a new player builds a three-pick Bet Builder on a match, places it and finds it in My Bets', async ({ page }) => {
  // A registration, a deposit through the simulator, the builder and My Bets.
  test.setTimeout(180_000);
  await registerNewPlayer(page);
  await depositGcash500(page);

  await page.goto('/sports?mode=early&sportId=1');
  await page.getByTestId('match-row').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/liveSportGameV3/);
  await page.getByRole('link', { name: 'Bet Builder' }).click();
  await expect(page).toHaveURL(/\/liveSportGameV3\/builder/);
  const builder = page.getByTestId('bet-builder');
  await expect(builder).toBeVisible();
  const status = builder.getByTestId('bet-builder-status');
  await expect(status).toHaveText('Tap two or more picks above.');

  // Both teams to score: "No" and "Under 1.5" no longer combine with it.
  await builder.locator('[data-selection="btts:y"]').click();
  await expect(builder.locator('[data-selection="btts:n"]')).toBeDisabled();
  await expect(builder.locator('[data-selection="tg1.5:u"]')).toBeDisabled();
  await expect(status).toHaveText('Add one more pick to get the Bet Builder odds.');
  await builder.locator('[data-selection="tg2.5:o"]').click();
  await expect(builder.getByTestId('bet-builder-odds')).toHaveText(/^\d+\.\d{2}$/);
  const two = Number(await builder.getByTestId('bet-builder-odds').innerText());
  await builder.locator('[data-selection="1x2:h"]').click();
  await expect(builder.getByTestId('bet-builder-odds')).not.toHaveText(String(two.toFixed(2)));
  await expect(builder.getByRole('button', { name: /^Remove / })).toHaveCount(3);

  await builder.getByLabel('Stake').fill('50');
  await expect(builder).toContainText('Potential return');
  await page.screenshot({ path: `${SCREENS}/bet-builder-390x844.png` });
  // Placed at the odds shown; odds that moved meanwhile are shown to accept, as the tab asks.
  await expect(async () => {
    const accept = builder.getByRole('button', { name: /^Place at / });
    if (await accept.isVisible()) await accept.click({ timeout: 2_000 });
    else await builder.getByTestId('bet-builder-place').click({ timeout: 2_000 });
    await expect(page.getByTestId('bet-builder-result')).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  const result = page.getByTestId('bet-builder-result');
  await expect(result.getByRole('heading', { name: /Bet Builder placed\.|Live bet received/ })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/bet-builder-placed-390x844.png` });

  await result.getByRole('link', { name: 'View in My Bets' }).click();
  await expect(page).toHaveURL(/\/betRecord/);
  const ticket = page.getByTestId('ticket').first();
  await expect(ticket).toContainText(/Bet Builder @ \d+\.\d{2}/);
  await expect(ticket).toContainText('Yes');
  await expect(ticket).toContainText('Over 2.5');
  await expect(ticket).toContainText('₱50.00');
  await expect(ticket).toHaveAttribute('data-status', /running|waiting/);
  await page.screenshot({ path: `${SCREENS}/bet-builder-my-bets-390x844.png` });
});
