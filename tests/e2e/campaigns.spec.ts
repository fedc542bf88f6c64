import { expect, test } from './fixtures';
import { depositGcash500, registerNewPlayer } from './newPlayer';

/**
 * Campaigns end to end in chromium (issue 35): a new player registers and deposits ₱500 (a qualifying
 * deposit earns a lucky spin); on the home page the spin's icon comes and its dialog opens by itself,
 * showing the prizes with their chances and the seed hash of the next spin; the player spins once, sees
 * the prize and the seed that proves it, and the spin is spent. Then a mission: its conditions before
 * joining, joining, its progress at zero until a bet settles.
 */

const SCREENS = 'test-results/screens';

test('a qualifying deposit earns a lucky spin the player spends once, drawn on the server and checkable; a mission is joined with its conditions shown first', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const day = 86_400_000;
  const kind = `e2e-${Date.now()}`;
  const saved = await request.post('/dev/missions', {
    data: {
      id: 'e2e-mission',
      definition: {
        eventId: 'e2e-event',
        kind,
        title: 'Three football bets',
        summary: 'Settle three football bets at odds 1.50 or more.',
        startsAt: new Date(Date.now() - day).toISOString(),
        endsAt: new Date(Date.now() + 30 * day).toISOString(),
        hours: 72,
        tasks: [{ id: 'football', label: 'Football bets', sportTypeId: '1', minOddsH: 150, minStake: 2_000, count: 3 }],
        reward: { bonus: 10_000, multiple: 1, maxBet: 5_000, maxWin: 50_000, days: 7 },
        claimDays: 3,
      },
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);

  await registerNewPlayer(page);

  // ₱500 through the GCash simulator: a qualifying deposit.
  await depositGcash500(page);

  // Home: the icon after 3 s, and the dialog opening by itself (the first time today).
  await page.goto('/foryou');
  const sheet = page.getByTestId('lucky-spin');
  await expect(sheet).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('lucky-spin-entry')).toContainText('Spins left: 1');
  await expect(sheet.getByTestId('spin-count')).toHaveText('Spins left: 1');
  await expect(sheet.getByRole('heading', { name: 'Prizes and chances' })).toBeVisible();
  const hashLine = await sheet.getByText(/Next spin’s seed hash: [0-9a-f]{64}/).textContent();
  const shownHash = /[0-9a-f]{64}/.exec(hashLine ?? '')![0];
  await page.screenshot({ path: `${SCREENS}/lucky-spin-390x844.png` });

  await sheet.getByTestId('spin-button').click();
  const result = sheet.getByTestId('spin-result');
  await expect(result).toBeVisible();
  await expect(result).toContainText(/You won|No prize this time/);
  await result.getByText('Check this spin').click();
  await expect(result).toContainText(shownHash);
  await expect(sheet.getByTestId('spin-count')).toHaveText('Spins left: 0');
  await expect(sheet.getByTestId('spin-button')).toHaveCount(0);
  await expect(sheet).toContainText('Each deposit of ₱500.00 or more earns one spin.');
  await page.screenshot({ path: `${SCREENS}/lucky-spin-result-390x844.png` });
  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('lucky-spin-entry')).toHaveCount(0);

  // A mission: its conditions before joining, then joining; nothing counts until a bet settles.
  await page.goto('/sportActivity/quests/e2e-event');
  const mission = page.getByTestId('mission');
  await mission.getByText('Conditions').click();
  await expect(mission).toContainText('only bets placed after you join');
  await expect(mission).toContainText('Reward: ₱100.00 bonus (1× wagering)');
  await mission.getByTestId('mission-join').click();
  await expect(mission.getByTestId('mission-state')).toHaveText('In progress: bets count once they settle.');
  await expect(mission.getByTestId('mission-progress')).toHaveText('0 of 3');
  await page.screenshot({ path: `${SCREENS}/mission-390x844.png`, fullPage: true });
});
