import { expect, test } from './fixtures';

/**
 * Data-saver mode (issue 38): turned on in /settings, the header says so (a chip with an accessible
 * name that opens the setting), the games lobby shows no thumbnails (each tile named on a light
 * placeholder) and asks none, even in the next page's first HTML (the server reads the player's choice);
 * Auto puts everything back on this fast link.
 */
test('data saver on in /settings: the chip, and no list images in the games lobby', async ({ page }) => {
  const thumbnails: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'image' && request.url().includes('/static/games/thumbs/')) thumbnails.push(request.url());
  });
  const tiles = page.getByTestId('game-tile');
  const chip = page.getByRole('link', { name: /^Data saver is on/ });

  // As it comes: the lobby's tiles with their thumbnails, no chip.
  await page.goto('/games/slot');
  await expect(tiles.first().locator('img')).toBeVisible();
  await expect(chip).toHaveCount(0);

  await page.goto('/settings');
  const saver = page.getByRole('group', { name: 'Data saver' });
  await expect(saver.getByRole('radio', { name: 'Auto' })).toBeChecked();
  await saver.getByRole('radio', { name: 'On', exact: true }).check();
  await expect(page.getByTestId('data-saver-status')).toContainText('Data saver is on.');
  await page.screenshot({ path: 'test-results/screens/datasaver-settings.png' });

  // The lobby again, a new page (its first HTML drawn by the server): no thumbnail shown nor asked.
  thumbnails.length = 0;
  await page.goto('/games/slot');
  await expect(tiles.first()).toBeVisible();
  await expect(tiles.first().getByTestId('thumb-saved')).toHaveText(/\S/);
  await expect(page.locator('[data-testid=game-tile] img')).toHaveCount(0);
  // The home header says so.
  await expect(chip).toBeVisible();
  await expect(chip).toHaveText('Data saver');
  await page.screenshot({ path: 'test-results/screens/datasaver-lobby.png' });
  // Once the app drew the lobby (its tiles' hearts work), still none.
  await expect(tiles.first().getByRole('button')).toBeEnabled();
  await expect(page.locator('[data-testid=game-tile] img')).toHaveCount(0);
  expect(thumbnails).toEqual([]);

  // The chip opens the setting; Auto on this fast link turns the mode off and the thumbnails come back.
  await chip.click();
  await expect(page).toHaveURL(/\/settings$/);
  await page.getByRole('group', { name: 'Data saver' }).getByRole('radio', { name: 'Auto' }).check();
  await expect(page.getByTestId('data-saver-status')).toContainText('Off now');
  await page.goto('/games/slot');
  await expect(tiles.first().locator('img')).toBeVisible();
  await expect(chip).toHaveCount(0);
});
