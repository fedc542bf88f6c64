import type { Page } from '@playwright/test';
import { catalogue, seamlessSlot } from './catalogue';
import { expect, logInWithPassword, test } from './fixtures';

/**
 * Playing, end to end in chromium against the real server and the provider simulator: the demo player
 * opens Slots, opens a slot game's card, plays ten spins in the in-game frame, and the main balance
 * the app shows moved by exactly the net of the ten rounds the game's own history lists; the rounds are
 * in the records, and a round's seed verifies in the browser. A visitor plays for fun with play money.
 */

function pesos(text: string): number {
  return Math.round(Number(text.replace(/[₱,\s]/g, '')) * 100);
}
const money = (centavos: number) =>
  `${centavos < 0 ? '-' : ''}₱${(Math.abs(centavos) / 100).toLocaleString('en-PH', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function logIn(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('button', { name: 'Log In' }).first().click();
  await logInWithPassword(page);
}

test('the demo player plays ten spins of a slot and the balance moves by exactly the net of those ten rounds', async ({ page }) => {
  const slot = await seamlessSlot(page.request);
  await logIn(page, '/games/slot');
  const header = page.getByTestId('header-balance');
  await expect(header).toHaveText(/₱[\d,]+\.\d{2}/);
  const before = pesos(await header.innerText());

  // Slots → the game's tile → its card.
  await expect(page.getByRole('link', { name: 'Slots' })).toHaveAttribute('aria-current', 'page');
  await page.getByTestId('game-tile').filter({ hasText: slot.gameName }).first().getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/game\\?gameId=${slot.gameId}`));
  const card = page.getByTestId('game-card');
  await expect(card).toContainText(slot.gameName);
  await expect(page.getByTestId('game-rtp')).toHaveText(`${(slot.rtpBps / 100).toFixed(2)} %`);
  await page.screenshot({ path: 'test-results/screens/casino-game-card-390x844.png' });

  // Play: the launch, then the provider's page in the frame under the app's bar.
  await page.getByTestId('play-real').click();
  await expect(page).toHaveURL(new RegExp(`/ingame\\?gameId=${slot.gameId}`));
  await expect(page.getByTestId('game-balance')).toHaveText(money(before));
  const game = page.frameLocator('[data-testid="game-frame"]');
  const spin = game.getByTestId('spin');
  const rows = game.getByTestId('round-row');
  await expect(spin).toBeEnabled();
  await expect(rows).toHaveCount(0);

  for (let played = 1; played <= 10; played++) {
    await spin.click();
    await expect(rows).toHaveCount(played, { timeout: 15_000 });
    await expect(spin).toBeEnabled();
  }
  await page.screenshot({ path: 'test-results/screens/casino-in-game-390x844.png' });

  // The game's own history: ten settled rounds, each with its bet and win in centavos.
  const history = await rows.evaluateAll((items) =>
    items.map((item) => ({
      bet: Number(item.getAttribute('data-bet')),
      win: Number(item.getAttribute('data-win')),
      status: item.getAttribute('data-status'),
    })),
  );
  expect(history).toHaveLength(10);
  for (const round of history) {
    expect(round.bet).toBeGreaterThan(0);
    expect(round.status).toBe('settled');
  }
  const net = history.reduce((sum, round) => sum + round.win - round.bet, 0);

  // The app's bar follows the wallet's pushes while playing; back in the lobby the header says the same.
  await expect(page.getByTestId('game-balance')).toHaveText(money(before + net));
  await page.getByRole('button', { name: 'Leave game' }).click();
  await expect(page).toHaveURL(/\/games\/slot/);
  await expect(page.getByTestId('header-balance')).toHaveText(money(before + net));

  // The rounds are in the records (Games tab), and a round's revealed seed hashes to the hash shown before it.
  await page.goto('/record?tab=games&period=today');
  await expect(page.getByTestId('game-round').first()).toContainText(slot.gameName);
  await page.screenshot({ path: 'test-results/screens/casino-records-390x844.png' });
  await page.getByTestId('game-round').first().click();
  await expect(page).toHaveURL(/\/gameRecordDetail\?roundId=/);
  await expect(page.getByTestId('round-proof')).toBeVisible();
  await page.getByTestId('verify-round').click();
  await expect(page.getByTestId('proof-verdict')).toHaveText(
    /^Verified: SHA-256 of the revealed seed is the hash shown before the round\./,
  );
  await page.screenshot({ path: 'test-results/screens/casino-round-detail-390x844.png' });
});

test('a visitor plays a slot for fun with play money, and Play asks them to log in', async ({ page }) => {
  const slot = await seamlessSlot(page.request);
  await page.goto(`/game?gameId=${slot.gameId}`);
  await page.getByTestId('play-real').click();
  await expect(page.getByRole('dialog', { name: 'Log In' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByTestId('play-trial').click();
  await expect(page).toHaveURL(new RegExp(`/trial\\?gameId=${slot.gameId}`));
  await expect(page.getByTestId('play-money')).toHaveText('Play money');
  const game = page.frameLocator('[data-testid="game-frame"]');
  await game.getByTestId('spin').click();
  await expect(game.getByTestId('round-row')).toHaveCount(1, { timeout: 15_000 });
  await page.screenshot({ path: 'test-results/screens/casino-trial-390x844.png' });
});

test('a transfer-wallet game: money goes in through /InGameTransfer, the game plays on it, and all of it comes back', async ({ page }) => {
  const { index, games } = await catalogue(page.request);
  const transfer = new Set(index.platforms.filter((p) => p.wallet === 'transfer' && !p.maintenance).map((p) => p.platformCode));
  const game = games.filter((entry) => transfer.has(entry.platformCode) && entry.engine === 'slot').sort((a, b) => a.rank - b.rank)[0];
  expect(game, 'a slot on an open transfer-wallet platform in the catalogue').toBeDefined();
  await logIn(page, '/games/slot');
  await page.goto(`/game?gameId=${game!.gameId}`);
  await page.getByTestId('play-real').click();
  await expect(page).toHaveURL(new RegExp(`/InGameTransfer\\?.*platformCode=${game!.platformCode}`));
  const main = page.getByTestId('main-balance');
  const platform = page.getByTestId('platform-balance');
  await expect(main).toHaveText(/₱[\d,]+\.\d{2}/);
  await expect(platform).toHaveText(/₱[\d,]+\.\d{2}/);
  const mainBefore = pesos(await main.innerText());
  const platformBefore = pesos(await platform.innerText());

  await page.getByRole('button', { name: '₱100', exact: true }).click();
  await page.getByTestId('transfer-in').click();
  await expect(page.getByTestId('transfer-done')).toHaveText('₱100.00 moved into the game.');
  await expect(platform).toHaveText(money(platformBefore + 10_000));
  await expect(main).toHaveText(money(mainBefore - 10_000));
  await page.screenshot({ path: 'test-results/screens/casino-transfer-390x844.png' });

  // The game plays on the platform's balance.
  await page.getByTestId('start-game').click();
  await expect(page).toHaveURL(new RegExp(`/ingame\\?.*gameId=${game!.gameId}`));
  const frame = page.frameLocator('[data-testid="game-frame"]');
  await frame.getByTestId('spin').click();
  await expect(frame.getByTestId('round-row')).toHaveCount(1, { timeout: 15_000 });
  const [round] = await frame
    .getByTestId('round-row')
    .evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-win')) - Number(item.getAttribute('data-bet'))));

  // Back on the transfer page, everything comes back to the main balance.
  await page.goto(`/InGameTransfer?platformCode=${game!.platformCode}&gameId=${game!.gameId}`);
  await expect(platform).toHaveText(money(platformBefore + 10_000 + round!));
  await page.getByRole('button', { name: 'Transfer all back' }).click();
  await expect(page.getByTestId('transfer-done')).toBeVisible();
  await expect(platform).toHaveText(money(0));
  await expect(main).toHaveText(money(mainBefore + platformBefore + round!));
});
