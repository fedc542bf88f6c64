import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';

/** Words of the browser's own console reports when a policy refuses something. */
const POLICY_REPORT = /Content.Security.Policy|Permissions.Policy|Refused to (load|execute|apply|connect|create|frame)/i;

/** A refusal, not a feature this desktop build lacks (web-share, bluetooth on Linux: phones have them, and they stay off there). */
const isRefusal = (text: string) => POLICY_REPORT.test(text) && !/Unrecognized feature/.test(text);

/** Workers report to their own console, which no page sees: the browser's DevTools protocol reads it. */
const WORKER_TARGETS = new Set(['shared_worker', 'service_worker', 'worker']);

/**
 * Tests get the server started by global-setup as their base URL, and a way to change site settings.
 * Every test also watches its pages and the app's workers (the realtime SharedWorker, the service
 * worker): anything the Content-Security-Policy or the Permissions-Policy refuses (an inline script
 * or style, a source or a socket not allowed, a feature turned off) fails the test, so the policy and
 * the app cannot drift apart.
 */
export const test = base.extend<{
  siteSettings: (change: (settings: Record<string, unknown>) => void) => void;
  policyViolations: string[];
}>({
  baseURL: async ({}, use) => {
    await use(process.env['E2E_BASE_URL']);
  },
  policyViolations: [
    async ({ context, browser }, use) => {
      const violations: string[] = [];
      await context.exposeBinding('__panaloPolicyViolation', (_source, text: string) => void violations.push(text));
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __panaloPolicyViolation: (text: string) => void }).__panaloPolicyViolation;
          report(
            `${event.effectiveDirective} refused ${event.blockedURI || 'inline'} in ${event.sourceFile || event.documentURI}:${event.lineNumber}`,
          );
        });
      });
      context.on('console', (message) => {
        if (isRefusal(message.text())) violations.push(message.text());
      });

      const cdp = await browser.newBrowserCDPSession();
      cdp.on('Target.targetCreated', ({ targetInfo }) => {
        if (!WORKER_TARGETS.has(targetInfo.type)) return;
        void cdp
          .send('Target.attachToTarget', { targetId: targetInfo.targetId, flatten: false })
          // Log.enable also hands over what the worker logged before.
          .then(({ sessionId }) => cdp.send('Target.sendMessageToTarget', { sessionId, message: '{"id":1,"method":"Log.enable"}' }))
          .catch(() => undefined); // the worker is gone already
      });
      cdp.on('Target.receivedMessageFromTarget', ({ message }) => {
        const { method, params } = JSON.parse(message) as { method?: string; params?: { entry: { text: string; url?: string } } };
        if (method === 'Log.entryAdded' && params && isRefusal(params.entry.text))
          violations.push(`${params.entry.text} (${params.entry.url})`);
      });
      await cdp.send('Target.setDiscoverTargets', { discover: true });

      await use(violations);
      await cdp.detach().catch(() => undefined);
      expect(violations, 'what the Content-Security-Policy or Permissions-Policy refused, in a page or a worker').toEqual([]);
    },
    { auto: true },
  ],
  siteSettings: async ({}, use) => {
    const file = join(process.env['E2E_DATA_DIR'] ?? '', 'site.json');
    const original = readFileSync(file, 'utf8');
    await use((change) => {
      const settings = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      change(settings);
      writeFileSync(file, JSON.stringify(settings, null, 2));
    });
    writeFileSync(file, original);
  },
});

export { expect };

/** Waits until the service worker controls the page (a fresh context's first load is not controlled yet). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
}

/** The demo player of the seed (README). */
export const DEMO_PLAYER = { phone: '917 555 0123', password: 'Panalo2026' } as const;

/** Fills the open Log In dialog's password tab and waits until it closes. */
export async function logInWithPassword(page: Page, phone: string = DEMO_PLAYER.phone, password: string = DEMO_PLAYER.password) {
  const dialog = page.getByRole('dialog', { name: 'Log In' });
  await dialog.getByRole('tab', { name: 'Password' }).click();
  await dialog.getByLabel('Mobile number').fill(phone);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Log In' }).click();
  await expect(dialog).toBeHidden();
}
