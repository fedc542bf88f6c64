import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, logInWithPassword, openPrice, test } from './fixtures';

/**
 * Betting end to end in chromium: the demo player picks two live prices, places a parlay, sees it
 * running in My Bets, and once the simulator settles both matches sees the result and the balance move.
 */

/** Opens a page and logs the demo player in from its header. */
async function openAsDemoPlayer(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('button', { name: 'Log In' }).first().click();
  await logInWithPassword(page);
}

/**
 * Holds a market's line and prices still (the simulator's development switch), so that only what a test
 * does changes them: pre-match prices otherwise drift every few seconds here.
 */
async function hold(request: APIRequestContext, marketId: string): Promise<void> {
  expect((await request.post(`/dev/feed/market/${marketId}`, { data: { hold: true } })).ok()).toBe(true);
}

/**
 * Places what the slip holds as a player does. A price can move between the player's tap and the test's
 * hold (the feed moved it just before, and the page hears of it a moment later): the slip then asks the
 * player to accept the new odds in place of the Place bet button. The player accepts them, as asked, and
 * places. The same bets are placed, at the prices the slip shows.
 */
async function placeAcceptingNewOdds(slip: Locator): Promise<void> {
  const accept = slip.getByRole('button', { name: 'Accept new odds' });
  const place = slip.getByTestId('place-bet');
  // Each try takes what the slip shows now: the accept button if it asks, then Place bet.
  await expect(async () => {
    if (await accept.isVisible()) await accept.click({ timeout: 2_000 });
    await place.click({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** The slip ready to place, as a player gets it there: new odds it asks about (see above) are accepted. */
async function acceptNewOddsIfAsked(slip: Locator): Promise<void> {
  const accept = slip.getByRole('button', { name: 'Accept new odds' });
  const place = slip.getByTestId('place-bet');
  await expect(async () => {
    if (await accept.isVisible()) await accept.click({ timeout: 2_000 });
    await expect(place).toBeEnabled({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

function pesos(text: string): number {
  return Number(text.replace(/[₱,\s]/g, ''));
}

test('the demo player places a live parlay, sees it running, and after settlement sees the result and the balance change', async ({
  page,
  context,
  request,
}) => {
  // Live prices move by the second: this player takes any price change rather than being asked.
  await page.goto('/settings');
  await page.getByRole('radio', { name: 'Accept any change' }).check();
  await openAsDemoPlayer(page, '/sports?mode=live&sportId=1');
  const balance = page.getByTestId('header-balance');
  // The header shows a placeholder ('₱ —') until the balance arrives: wait for an amount.
  await expect(balance).toHaveText(/₱[\d,]+\.\d{2}/);
  const before = pesos(await balance.innerText());
  const money = (value: number) => `₱${value.toLocaleString('en-PH', { minimumFractionDigits: 2 })}`;
  // A second tab on the home page, never reloaded: its header follows the balance over the socket.
  const home = await context.newPage();
  await home.goto('/foryou');
  const homeBalance = home.getByTestId('header-balance');
  await expect(homeBalance).toHaveText(money(before));

  // One open price from each of the first two matches.
  const rows = page.getByTestId('match-row');
  await expect(rows.nth(1)).toBeVisible();
  const matchIds: string[] = [];
  const marketIds: string[] = [];
  for (const index of [0, 1]) {
    const row = rows.nth(index);
    matchIds.push((await row.getAttribute('data-match')) ?? '');
    const price = openPrice(page, index);
    marketIds.push((await price.getAttribute('data-market')) ?? '');
    await hold(request, marketIds[index]!);
    await price.click();
    await expect(price).toHaveAttribute('aria-pressed', 'true');
  }
  await expect(page.getByTestId('floating-bet-slip')).toHaveAccessibleName(/2 selections/);

  await page.getByTestId('floating-bet-slip').click();
  const slip = page.getByTestId('slip');
  await expect(slip.getByTestId('slip-order')).toHaveCount(2);
  await slip.getByRole('button', { name: 'Parlay' }).click();
  const doubles = slip.locator('[data-testid=combo-row][data-combo=Doubles]');
  await doubles.getByTestId('stake-input').fill('100');
  await expect(slip.getByTestId('total-stake')).toHaveText('₱100.00');
  await page.screenshot({ path: 'test-results/screens/slip-parlay-390x844.png' });

  const result = page.getByTestId('slip-result');
  // The live bet waits for its check; the first leg's market stops meanwhile: refused, stake returned.
  await slip.getByTestId('place-bet').click();
  await expect(result).toHaveAttribute('data-status', 'waiting', { timeout: 20_000 });
  await expect(result.getByRole('heading', { name: 'Betting Processing' })).toBeVisible();
  const setStatus = async (status: string) =>
    expect((await request.post(`/dev/feed/market/${marketIds[0]}`, { data: { status } })).ok()).toBe(true);
  await setStatus('Suspend');
  await expect(result.getByRole('heading', { name: 'Betting Unsuccessful' })).toBeVisible({ timeout: 20_000 });
  await setStatus('Running');
  await expect(homeBalance).toHaveText(money(before));
  await result.getByRole('button', { name: 'Back to the slip' }).click();
  // The refused bet is still on the slip, stake and all.
  await expect(slip.getByTestId('slip-order')).toHaveCount(2);
  await expect(slip.getByTestId('total-stake')).toHaveText('₱100.00');

  // A live bet waits 3 s for its check, and a line that moves meanwhile refuses it (a new price alone
  // this player takes). Like a player, they go back to the slip, which shows the new line, and try again.
  for (let attempt = 1; ; attempt++) {
    const accept = slip.getByRole('button', { name: 'Accept new odds' });
    if (await accept.isVisible()) await accept.click();
    await slip.getByTestId('place-bet').click();
    await expect(result).toHaveAttribute('data-status', /^(running|reject)$/, { timeout: 20_000 });
    if ((await result.getAttribute('data-status')) === 'running' || attempt === 4) break;
    await result.getByRole('button', { name: 'Back to the slip' }).click();
  }
  await expect(result.getByRole('heading', { name: 'Betting Successful' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/slip-success-390x844.png' });
  await expect(homeBalance).toHaveText(money(before - 100));
  const transId = (await result.getByTestId('accepted-ticket').getAttribute('data-trans')) ?? '';
  await result.getByRole('button', { name: 'My Bets' }).click();

  await expect(page).toHaveURL(/\/betRecord/);
  const ticket = page.locator(`[data-testid=ticket][data-trans="${transId}"]`);
  await expect(ticket).toHaveAttribute('data-status', 'running');
  await expect(ticket).toContainText('Doubles');
  await page.goto('/foryou');
  await expect(balance).toHaveText(money(before - 100));
  await page.goto('/betRecord');
  await expect(ticket).toHaveAttribute('data-status', 'running');

  // The simulator finishes both matches now; the bet settles and the lists follow over the socket.
  for (const matchId of matchIds) expect((await request.post(`/dev/feed/settle/${matchId}`)).ok()).toBe(true);
  await expect(ticket).toHaveCount(0, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Settled' }).click();
  const settled = ticket;
  await expect(settled).toHaveAttribute('data-status', /won|lost|void|halfWon|halfLost/);
  const paid = pesos(await settled.getByTestId('ticket-payout').innerText());
  await page.screenshot({ path: 'test-results/screens/my-bets-settled-390x844.png' });
  const link = settled.getByRole('link');
  const href = (await link.getAttribute('href')) ?? '';
  await link.click();
  await expect(page.getByTestId('ticket-detail')).toContainText('Doubles');
  await page.screenshot({ path: 'test-results/screens/bet-detail-390x844.png' });
  // The records family opens the same ticket under /recordDetail.
  await page.goto(href.replace('/history-detail', '/recordDetail'));
  await expect(page.getByTestId('ticket-detail')).toContainText('Doubles');
  await expect(homeBalance).toHaveText(money(before - 100 + paid));
  await page.goto('/foryou');
  await expect(balance).toHaveText(money(before - 100 + paid));
  await home.close();
});

test('the slip survives a reload and is shared by the tabs of one browser', async ({ page, context }) => {
  const pickFrom = async (tab: Page, row: number) => {
    await tab.goto('/sports?mode=live&sportId=1');
    const price = openPrice(tab, row);
    await price.click();
    await expect(price).toHaveAttribute('aria-pressed', 'true');
  };
  const count = (tab: Page) => tab.getByTestId('floating-bet-slip');

  await pickFrom(page, 0);
  await expect(count(page)).toHaveAccessibleName(/1 selection/);

  const other = await context.newPage();
  await other.goto('/sports?mode=live&sportId=1');
  await expect(count(other)).toHaveAccessibleName(/1 selection/);
  await pickFrom(other, 1);
  // The first tab follows the pick made in the second without a reload.
  await expect(count(page)).toHaveAccessibleName(/2 selections/);

  await page.reload();
  await expect(count(page)).toHaveAccessibleName(/2 selections/);
  await other.close();
});

test('a suspended market and a moved price show on the slip; the player accepts the new odds and the bet goes through', async ({
  page,
  request,
}) => {
  // Pre-match: no goals suspend the market while the test runs. The player keeps the default (better
  // odds are taken): a lower price waits for their say.
  await openAsDemoPlayer(page, '/sports?mode=early&sportId=1');
  const price = openPrice(page, 0);
  const marketId = (await price.getAttribute('data-market')) ?? '';
  await hold(request, marketId);
  await price.click();
  const key = (await price.getAttribute('data-key')) ?? '';
  const change = async (body: object) => expect((await request.post(`/dev/feed/market/${marketId}`, { data: body })).ok()).toBe(true);

  await page.getByTestId('floating-bet-slip').click();
  const slip = page.getByTestId('slip');
  const order = slip.getByTestId('slip-order');
  await order.getByTestId('stake-input').fill('50');
  const place = slip.getByTestId('place-bet');
  // A move from before the hold is taken first; the moves below are the test's own.
  await acceptNewOddsIfAsked(slip);

  await change({ status: 'Suspend' });
  await expect(order).toContainText('Market Suspend');
  await expect(place).toBeDisabled();
  await change({ status: 'Running' });
  await expect(order).not.toContainText('Market Suspend');
  await expect(place).toBeEnabled();

  const current = (await (await request.get(`/dev/realtime/market/${marketId}`)).json()) as {
    selections: { key: string; price: number }[];
  };
  const was = current.selections.find((s) => s.key === key)!.price;
  await change({ key, price: Math.max(1.01, Math.round((was - 0.25) * 100) / 100) });
  await expect(order).toContainText('Odds Changed');
  await page.screenshot({ path: 'test-results/screens/slip-odds-changed-390x844.png' });
  await slip.getByRole('button', { name: 'Accept new odds' }).click();
  await expect(order).not.toContainText('Odds Changed');
  await slip.getByTestId('place-bet').click();
  await expect(page.getByTestId('slip-result').getByRole('heading', { name: 'Betting Successful' })).toBeVisible({ timeout: 20_000 });
});

test('an outright: the player backs a team to win the league, sees it running, and sees it settle when the league is decided', async ({
  page,
  request,
}) => {
  await openAsDemoPlayer(page, '/sports?mode=outright&sportId=1');
  const team = page.getByTestId('outright-price').first();
  await team.click();
  await expect(team).toHaveAttribute('aria-pressed', 'true');
  const outrightId = (await team.getAttribute('data-outright')) ?? '';

  await page.getByTestId('floating-bet-slip').click();
  const slip = page.getByTestId('slip');
  await expect(slip.getByRole('button', { name: 'Outright' })).toHaveAttribute('aria-pressed', 'true');
  await slip.getByTestId('slip-order').getByTestId('stake-input').fill('20');
  await expect(slip.getByTestId('total-stake')).toHaveText('₱20.00');
  await slip.getByTestId('place-bet').click();
  const result = page.getByTestId('slip-result');
  await expect(result.getByRole('heading', { name: 'Betting Successful' })).toBeVisible({ timeout: 20_000 });
  await result.getByRole('button', { name: 'My Bets' }).click();

  const ticket = page.getByTestId('ticket').filter({ hasText: 'Outright' }).first();
  await expect(ticket).toHaveAttribute('data-status', 'running');
  expect((await request.post(`/dev/feed/settle/${outrightId}`)).ok()).toBe(true);
  await page.getByRole('button', { name: 'Settled' }).click();
  const settled = page.getByTestId('ticket').filter({ hasText: 'Outright' }).first();
  await expect(settled).toHaveAttribute('data-status', /won|lost/);
  await expect(settled).toContainText(/(Won|Lost) · Winner \S/);
  await page.screenshot({ path: 'test-results/screens/my-bets-outright-390x844.png' });
});

test('ending game: one stake on each of three options, placed together, three running bets', async ({ page, request }) => {
  await openAsDemoPlayer(page, '/sports?mode=early&sportId=1');
  const rows = page.getByTestId('match-row');
  await expect(rows.nth(2)).toBeVisible();
  for (const index of [0, 1, 2]) {
    const price = openPrice(page, index);
    await hold(request, (await price.getAttribute('data-market')) ?? '');
    await price.click();
    await expect(price).toHaveAttribute('aria-pressed', 'true');
  }
  await page.getByTestId('floating-bet-slip').click();
  const slip = page.getByTestId('slip');
  await slip.getByRole('button', { name: 'Ending game' }).click();
  await expect(slip.getByText('3 options')).toBeVisible();
  await slip.getByTestId('stake-input').fill('10');
  await expect(slip.getByTestId('total-stake')).toHaveText('₱30.00');
  await page.screenshot({ path: 'test-results/screens/slip-ending-game-390x844.png' });
  await placeAcceptingNewOdds(slip);
  const result = page.getByTestId('slip-result');
  await expect(result.getByRole('heading', { name: 'Betting Successful' })).toBeVisible({ timeout: 20_000 });
  const accepted = result.getByTestId('accepted-ticket');
  await expect(accepted).toHaveCount(3);
  const ids = await accepted.evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).dataset['trans'] ?? ''));
  await result.getByRole('button', { name: 'My Bets' }).click();
  for (const id of ids) {
    const ticket = page.locator(`[data-testid=ticket][data-trans="${id}"]`);
    await expect(ticket).toContainText('Ending game');
    await expect(ticket).toHaveAttribute('data-status', 'running');
  }
});

test('a player bet: the player backs a basketball player’s points from the match page and sees it in My Bets', async ({
  page,
  request,
}) => {
  await openAsDemoPlayer(page, '/sports?mode=early&sportId=2');
  await page.getByTestId('match-row').first().getByRole('link').click();
  await page.getByRole('navigation', { name: 'All markets' }).getByRole('button', { name: 'Player' }).click();
  const market = page.getByTestId('market').filter({ hasText: 'Player Points' }).first();
  // The market is titled '{player} · Player Points'.
  const playerName = (await market.innerText()).split('\n')[0]!.split(' · ')[0]!;
  const price = market
    .getByTestId('price')
    .filter({ has: page.locator('[data-price]') })
    .first();
  await hold(request, (await market.getAttribute('data-market')) ?? '');
  await price.click();
  await expect(price).toHaveAttribute('aria-pressed', 'true');

  await page.getByTestId('floating-bet-slip').click();
  const slip = page.getByTestId('slip');
  await expect(slip.getByRole('button', { name: 'Player' })).toHaveAttribute('aria-pressed', 'true');
  const order = slip.getByTestId('slip-order');
  await expect(order).toContainText(playerName);
  await order.getByTestId('stake-input').fill('20');
  await placeAcceptingNewOdds(slip);
  const result = page.getByTestId('slip-result');
  await expect(result.getByRole('heading', { name: 'Betting Successful' })).toBeVisible({ timeout: 20_000 });
  const transId = (await result.getByTestId('accepted-ticket').getAttribute('data-trans')) ?? '';
  await result.getByRole('button', { name: 'My Bets' }).click();
  const ticket = page.locator(`[data-testid=ticket][data-trans="${transId}"]`);
  await expect(ticket).toHaveAttribute('data-status', 'running');
  await expect(ticket).toContainText('Player');
  await expect(ticket).toContainText(playerName);
});

test('the quick bet amount chosen in Settings is the stake a new single starts with', async ({ page }) => {
  await page.goto('/settings');
  await page.getByRole('radio', { name: '₱200' }).check();
  await openAsDemoPlayer(page, '/sports?mode=early&sportId=1');
  await openPrice(page, 0).click();
  await page.getByTestId('floating-bet-slip').click();
  const slip = page.getByTestId('slip');
  await expect(slip.getByTestId('slip-order').getByTestId('stake-input')).toHaveValue('200');
  await expect(slip.getByTestId('total-stake')).toHaveText('₱200.00');
});
