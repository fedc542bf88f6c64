import { expect, test } from './fixtures';

test.describe('what a player sees of a refused call', () => {
  test('a bogus login ticket in the address is an expired link, in plain words; the page goes on as a visitor', async ({ page }) => {
    await page.goto('/sports?ticket=x');
    await expect(page.getByText('This link has expired. Please open Panalo again from the partner app.')).toBeVisible();
    // Never the validator's own words.
    await expect(page.getByText(/Too small|expected string|>=16/)).toHaveCount(0);
    await expect(page).toHaveURL(/\/sports$/);
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  });
});
