import { betNotification } from '../../server/modules/push/texts';
import { expect, test, waitForServiceWorker } from './fixtures';
import { registerNewPlayer } from './newPlayer';

/**
 * Web Push in the browser (issue 38). Headless Chromium has no push service to subscribe to, so the
 * message goes in through DevTools (ServiceWorker.deliverPushMessage) to the real service worker; the
 * payload is the server's own "bet won" notification (server/modules/push/texts.ts; the integration
 * tests show the server sending it, encrypted, to a push endpoint). The worker shows it; the player's
 * per-kind switches are kept by the server.
 */
test.describe('push notifications', () => {
  test('the service worker shows a "bet won" notification that opens the ticket', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['notifications'], { origin: baseURL! });
    await page.goto('/foryou');
    await waitForServiceWorker(page);

    const cdp = await context.newCDPSession(page);
    const registrations = new Map<string, string>();
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: list }) => {
      for (const r of list as { registrationId: string; scopeURL: string; isDeleted: boolean }[]) {
        if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
      }
    });
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.get(`${baseURL}/`)).toBeTruthy();

    const notification = betNotification({ transId: 'T2026112800042', status: 'won', payout: 123_450 })!;
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseURL!,
      registrationId: registrations.get(`${baseURL}/`)!,
      data: JSON.stringify(notification.payloads.en),
    });

    const shown = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown }));
      });
    await expect.poll(shown).toEqual([
      {
        title: 'You won ₱1,234.50!',
        body: 'Ticket T2026112800042 won: ₱1,234.50 is in your wallet.',
        tag: 'bet-T2026112800042',
        data: { url: '/history-detail?transId=T2026112800042', kind: 'betSettled' },
      },
    ]);
  });

  test('a player switches a kind of notification off in Settings, and it stays off', async ({ page }) => {
    await registerNewPlayer(page);
    await page.goto('/settings');
    const settings = page.getByTestId('push-settings');
    await expect(settings).toBeVisible();
    const kyc = settings.getByRole('switch', { name: 'Identity verification decided' });
    await expect(kyc).toBeChecked();
    await kyc.click();
    await expect(kyc).not.toBeChecked();
    await expect(page.getByText('Saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('push-settings').getByRole('switch', { name: 'Identity verification decided' })).not.toBeChecked();
    await expect(page.getByTestId('push-settings').getByRole('switch', { name: 'Bet settled (won, lost, void)' })).toBeChecked();
    await page.screenshot({ path: 'test-results/push-settings.png', fullPage: true });
  });
});
