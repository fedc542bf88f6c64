import type { Browser, Frame, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { depositGcash500, newPhone } from './newPlayer';
import { codeFromOutbox } from './outbox';

/**
 * An affiliate campaign through the real pages (issue 39), the browser's share of the funnel test
 * (tests/integration/statsFunnel.test.ts drives the full 100 → 10 → 5 through the same calls): visitors
 * land from an affiliate's link with a click id, one of them in the GCash host's mini program, one
 * registers in the login dialog on a later page and pays a first deposit. The operator's page shows
 * that funnel for the campaign exactly, and the click ids came through the host and the dialog.
 */

test.use({ privacyChosen: false });
test.describe.configure({ timeout: 240_000 });

const campaign = `e2e-${Date.now().toString(36)}`;
const link = (n: number) => `clickid=${campaign}-c${n}&zoneid=${campaign}&subid=banner`;

/** The figures of one source's row on /dev/stats. */
async function funnelRow(page: Page, source: string, by: string) {
  const response = await page.request.get(`/dev/stats?by=${by}&model=last`);
  const html = await response.text();
  const row = new RegExp(`<tr data-source="${source}">(.*?)</tr>`).exec(html)?.[1] ?? '';
  const figure = (name: string) => Number(new RegExp(`data-cell="${name}">(\\d+)<`).exec(row)?.[1] ?? 0);
  return {
    visits: figure('visits'),
    visitsWithClickId: figure('visitsWithClickId'),
    registrations: figure('registrations'),
    registrationsWithClickId: figure('registrationsWithClickId'),
    firstDeposits: figure('firstDeposits'),
  };
}

/** A visit from the affiliate's link on another device that allowed analytics, and nothing more. */
async function visitOnly(browser: Browser, baseURL: string, n: number) {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  await context.addInitScript(() => window.localStorage.setItem('privacy.analytics', JSON.stringify('granted')));
  const page = await context.newPage();
  await page.goto(`/foryou?${link(n)}`);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible({ timeout: 20_000 });
  // The event module starts once the page has settled (src/app/afterFirstPaint.ts: 33 s at the latest).
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('events.session')), { timeout: 40_000 }).not.toBeNull();
  const session = await page.evaluate(() => JSON.parse(sessionStorage.getItem('events.session')!) as string);
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/dev/stats/events?session=${session}`)).json()) as { events: { kind: string }[] }).events.map(
          (e) => e.kind,
        ),
      {
        timeout: 20_000,
      },
    )
    .toContain('launch');
  await context.close();
}

/** The app inside the GCash host simulator's page. */
async function miniApp(page: Page): Promise<Frame> {
  const handle = await page.locator('#miniapp').elementHandle();
  return (await handle!.contentFrame())!;
}

test('an affiliate’s visitors, one through the GCash host and one registering in the login dialog, are the campaign’s funnel on /dev/stats', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two visitors land and leave.
  await visitOnly(browser, baseURL!, 1);
  await visitOnly(browser, baseURL!, 2);

  // One opens the affiliate's link inside the GCash mini program: the click id reaches the app in the
  // host's web view and is its launch's touch, under the partner.
  {
    const context = await browser.newContext({ baseURL: baseURL!, viewport: { width: 390, height: 844 } });
    await context.addInitScript(() => window.localStorage.setItem('privacy.analytics', JSON.stringify('granted')));
    const host = await context.newPage();
    await host.goto(`/sim/host/gcash?${link(3)}`);
    const app = await miniApp(host);
    await expect(app.locator('body')).not.toBeEmpty();
    await expect.poll(() => app.evaluate(() => sessionStorage.getItem('events.session')), { timeout: 20_000 }).not.toBeNull();
    const session = await app.evaluate(() => JSON.parse(sessionStorage.getItem('events.session')!) as string);
    await expect
      .poll(
        async () =>
          ((await (await page.request.get(`/dev/stats/events?session=${session}`)).json()) as { events: { kind: string }[] }).events.map(
            (e) => e.kind,
          ),
        { timeout: 30_000 },
      )
      .toContain('launch');
    expect(await funnelRow(page, `${campaign}-c3`, 'clickid')).toMatchObject({ visits: 1, visitsWithClickId: 1 });
    await context.close();
  }

  // The fourth lands on /sports from the link, reads another page (the privacy choice is asked there:
  // Allow), then registers in the login dialog and pays ₱500 with GCash.
  await page.goto(`/sports?${link(4)}`);
  // The app has taken the page over from the server-drawn first screen (whose links are plain links: a
  // tap on them loads a new document before the app has read the link).
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home' }).click();
  // The link's parameters are gone from the address, kept for the session.
  await expect(page).toHaveURL(/\/foryou$/);
  const prompt = page.getByTestId('consent-prompt');
  await expect(prompt).toBeVisible({ timeout: 20_000 });
  await prompt.getByRole('button', { name: 'Allow analytics' }).click();

  const phone = newPhone();
  await page.getByRole('button', { name: 'Register' }).click();
  const register = page.getByRole('dialog', { name: 'Create your account' });
  await register.getByLabel('Mobile number').fill(phone);
  await register.getByRole('button', { name: 'Send code' }).click();
  await expect(register.getByRole('button', { name: /Resend in \d+s/ })).toBeVisible();
  await register.getByLabel('Verification code').fill(await codeFromOutbox(page, phone));
  await register.getByLabel('Password').fill('Secret123');
  await register.getByLabel('Date of birth').fill('1994-06-12');
  await register.getByRole('checkbox').check();
  await register.getByRole('button', { name: 'Open my account' }).click();
  await expect(register).toBeHidden();
  // The device fingerprint (spec §9) was computed once the page was idle and went with the registration.
  expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('device.fingerprint') ?? '""') as string)).toMatch(/^[0-9a-f]{32}$/);
  await depositGcash500(page);

  // The operator's page: 4 visits with a click id, 1 registration (its click id kept), 1 first deposit.
  await expect
    .poll(() => funnelRow(page, campaign, 'zoneid'), { timeout: 30_000 })
    .toEqual({ visits: 4, visitsWithClickId: 4, registrations: 1, registrationsWithClickId: 1, firstDeposits: 1 });
  expect(await funnelRow(page, `${campaign}-c4`, 'clickid')).toMatchObject({ visits: 1, registrations: 1, firstDeposits: 1 });
  // Calendar clicks and offer exposures (spec §7, §9): the /sports date tabs and the /promo offers.
  await page.goto('/sports?mode=early');
  const days = page.getByRole('navigation', { name: 'Days' });
  const day = days.getByRole('button').nth(2);
  await day.click();
  await expect(day).toHaveAttribute('aria-pressed', 'true');
  const dateId = /dateId=([\d-]+)/.exec(page.url())?.[1];
  expect(dateId).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await page.goto('/promo');
  await expect(page.locator('[data-testid^="promo-offer-"]').first()).toBeVisible({ timeout: 20_000 });
  const session = await page.evaluate(() => JSON.parse(sessionStorage.getItem('events.session')!) as string);
  type Stored = { kind: string; featureId: string | null; calendarId: string | null };
  await expect
    .poll(async () => ((await (await page.request.get(`/dev/stats/events?session=${session}`)).json()) as { events: Stored[] }).events, {
      timeout: 30_000,
    })
    .toEqual(
      expect.arrayContaining([
        // The device check the fingerprint made at registration: a necessary event (fraud).
        expect.objectContaining({ kind: 'fraud' }),
        expect.objectContaining({ kind: 'exposure', featureId: 'sports.calendar' }),
        expect.objectContaining({ kind: 'click', featureId: 'sports.calendar', calendarId: dateId }),
        expect.objectContaining({ kind: 'exposure', featureId: expect.stringMatching(/^promo\./) as unknown as string }),
      ]),
    );

  const operator = await page.context().newPage();
  await operator.goto(`/dev/stats?by=zoneid&model=last`);
  await operator.locator(`tr[data-source="${campaign}"]`).scrollIntoViewIfNeeded();
  await operator.screenshot({ path: 'test-results/screens/stats-campaign-funnel-390x844.png' });
  await operator.close();
});
