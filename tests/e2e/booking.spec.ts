import { expect, logInWithPassword, openPrice, test } from './fixtures';
import { registerNewPlayer } from './newPlayer';

/**
 * Booking codes end to end (issue 38): the demo player picks two pre-match prices, shares the slip
 * (code, link, QR code); a friend on a second phone (another browser context, a new player) opens the
 * link and finds the same selections on the slip (an editable one, at today's prices), then types the code
 * into the slip's field after changing the slip. Sharing places no bet.
 */

const CODE = /^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$/;

test('load a booking code on a second phone context', async ({ page, browser, request }) => {
  // Two phones and a registration.
  test.setTimeout(180_000);
  await page.goto('/sports?mode=today&sportId=1');
  await page.getByRole('button', { name: 'Log In' }).first().click();
  await logInWithPassword(page);
  const picked: string[] = [];
  for (const row of [0, 1]) {
    const price = openPrice(page, row);
    picked.push(`${await price.getAttribute('data-market')}:${await price.getAttribute('data-key')}`);
    await price.click();
  }
  await page.getByTestId('floating-bet-slip').click();
  const slip = page.getByTestId('slip');
  await expect(slip.getByTestId('slip-order')).toHaveCount(2);
  await slip.getByRole('button', { name: 'Share slip' }).click();
  const share = slip.getByTestId('booking-share');
  const code = (await share.getByTestId('booking-code').innerText()).trim();
  expect(code).toMatch(CODE);
  const link = (await share.getByTestId('booking-link').innerText()).trim();
  expect(link).toBe(`${new URL(page.url()).origin}/sports?booking=${code}`);
  await expect(share.getByRole('img', { name: `QR code of the link to booking code ${code}` })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/booking-share-390x844.png' });

  // The friend's phone: a new player, who opens the link.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const friend = await phone.newPage();
    await registerNewPlayer(friend);
    await friend.goto(link);
    // The slip fills and opens by itself, no tap needed.
    const friendSlip = friend.getByTestId('slip');
    await expect(friendSlip).toBeVisible({ timeout: 15_000 });
    await expect(friendSlip.getByTestId('booking-notice')).toContainText(`Booking code ${code}: 2 selections on your slip`);
    const orders = friendSlip.getByTestId('slip-order');
    await expect(orders).toHaveCount(2);
    expect(await orders.evaluateAll((items) => items.map((item) => item.getAttribute('data-uid')))).toEqual(picked);
    // Two matches: the slip opens as a parlay; the code's parameter has left the address.
    await expect(friendSlip.getByRole('button', { name: 'Parlay' })).toHaveAttribute('aria-pressed', 'true');
    expect(new URL(friend.url()).searchParams.has('booking')).toBe(false);
    await friend.screenshot({ path: 'test-results/screens/booking-loaded-390x844.png' });

    // Editable: a selection comes off; the code typed into the field puts the shared slip back.
    await orders
      .first()
      .getByRole('button', { name: /^Remove / })
      .click();
    await expect(orders).toHaveCount(1);
    await friendSlip.getByLabel('Have a booking code?').fill(`${code.slice(0, 4).toLowerCase()} ${code.slice(4)}`);
    await friendSlip.getByRole('button', { name: 'Load', exact: true }).click();
    await expect(orders).toHaveCount(2);
    await friendSlip.getByLabel('Have a booking code?').fill('ZZZZ2222');
    await friendSlip.getByRole('button', { name: 'Load', exact: true }).click();
    await expect(friendSlip.getByRole('alert')).toHaveText('No bet slip has this booking code. Check it and try again.');
    await friend.screenshot({ path: 'test-results/screens/booking-field-390x844.png' });

    // The link again after one of its markets was suspended: the slip opens by itself with the other
    // selection, and the notice names the one left out.
    const [suspendedMarket] = picked[1]!.split(':');
    expect((await request.post(`/dev/feed/market/${suspendedMarket}`, { data: { status: 'Suspend' } })).ok()).toBe(true);
    try {
      await friend.goto('/foryou');
      await friend.goto(link);
      await expect(friendSlip).toBeVisible({ timeout: 15_000 });
      await expect(friendSlip.getByTestId('booking-notice')).toContainText(`Booking code ${code}: 1 selection on your slip`);
      await expect(friendSlip.getByTestId('booking-notice')).toContainText(/Left out:.*\(suspended\)/s);
      await expect(orders).toHaveCount(1);
      expect(await orders.first().getAttribute('data-uid')).toBe(picked[0]);
      await friend.screenshot({ path: 'test-results/screens/booking-dropped-390x844.png' });
    } finally {
      await request.post(`/dev/feed/market/${suspendedMarket}`, { data: { status: 'Running' } });
    }
  } finally {
    await phone.close();
  }
});
