import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, type Browser, type BrowserContext, expect, type Locator, type Page } from '@playwright/test';

/** Words of the browser's own console reports when a policy refuses something. */
const POLICY_REPORT = /Content.Security.Policy|Permissions.Policy|Refused to (load|execute|apply|connect|create|frame)/i;

/**
 * A refusal, or a policy naming a feature the browser does not know ('Unrecognized feature': a warning on
 * every page, issue 32).
 */
const isRefusal = (text: string) => POLICY_REPORT.test(text);

const WORKER_TARGETS = new Set(['shared_worker', 'service_worker', 'worker']);

/**
 * What the app's workers (the realtime SharedWorker, the service worker) logged as refused. Their
 * consoles are no page's: the browser's DevTools protocol reads them, at the end of the test while its
 * pages are still open (Log.enable hands over what a worker logged so far). Not during the test: a
 * DevTools session keeps a SharedWorker alive past its last tab, which would change what is tested.
 */
async function workerRefusals(browser: Browser): Promise<string[]> {
  const cdp = await browser.newBrowserCDPSession();
  const refusals: string[] = [];
  const replies = new Map<string, () => void>();
  cdp.on('Target.receivedMessageFromTarget', ({ sessionId, message }) => {
    const parsed = JSON.parse(message) as { id?: number; method?: string; params?: { entry: { text: string; url?: string } } };
    if (parsed.method === 'Log.entryAdded' && parsed.params && isRefusal(parsed.params.entry.text))
      refusals.push(`${parsed.params.entry.text} (${parsed.params.entry.url})`);
    if (parsed.id === 1) replies.get(sessionId)?.();
  });
  const { targetInfos } = await cdp.send('Target.getTargets');
  for (const target of targetInfos.filter((info) => WORKER_TARGETS.has(info.type))) {
    try {
      const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: target.targetId, flatten: false });
      const replied = new Promise<void>((resolve) => {
        replies.set(sessionId, resolve);
        setTimeout(resolve, 2_000);
      });
      await cdp.send('Target.sendMessageToTarget', { sessionId, message: '{"id":1,"method":"Log.enable"}' });
      await replied;
    } catch {
      // The worker ended meanwhile.
    }
  }
  await cdp.detach().catch(() => undefined);
  return refusals;
}

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
  weakKycPromptSeen: boolean;
  kycPromptDay: void;
  privacyChosen: boolean;
  privacyChoice: void;
  pushOffered: boolean;
  pushOffer: void;
}>({
  baseURL: async ({}, use) => {
    await use(process.env['E2E_BASE_URL']);
  },
  policyViolations: [
    // After `page` (so before it at the end): the test's workers are still alive when they are read.
    async ({ context, page: _page, browser }, use) => {
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

      await use(violations);
      violations.push(...(await workerRefusals(browser)));
      expect(violations, 'what the Content-Security-Policy or Permissions-Policy refused, in a page or a worker').toEqual([]);
    },
    { auto: true },
  ],
  /**
   * The weak KYC prompt (spec §4) shows once a Manila day on a player's first page off Home; the demo
   * player is unverified, so it would stand in front of every other test's first click. By default a
   * test's player has already seen today's (the stored date the app keeps, src/app/KycWatcher.ts); a
   * test of the prompt itself sets `weakKycPromptSeen: false`.
   */
  weakKycPromptSeen: [true, { option: true }],
  kycPromptDay: [
    async ({ context, weakKycPromptSeen }, use) => {
      if (weakKycPromptSeen) await markKycPromptSeen(context);
      await use();
    },
    { auto: true },
  ],
  /**
   * The first-visit privacy prompt (issue 39) would stand over the bottom of every other test's page: by
   * default a test's device has answered it (only necessary events); tests/e2e/stats.spec.ts sets
   * `privacyChosen: false` and answers it as a player does.
   */
  privacyChosen: [true, { option: true }],
  privacyChoice: [
    async ({ context, privacyChosen }, use) => {
      if (privacyChosen) await answerPrivacy(context);
      await use();
    },
    { auto: true },
  ],
  /**
   * Web Push's opt-in (issue 38) is offered once per device, at the first pause after the player's first
   * bet: it would stand over the next page of every test that bets. By default a test's device has been
   * offered it; a test of the offer itself sets `pushOffered: false`.
   */
  pushOffered: [true, { option: true }],
  pushOffer: [
    async ({ context, pushOffered }, use) => {
      if (pushOffered) await markPushOffered(context);
      await use();
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

/** Today's weak KYC prompt counts as seen in this browser context (another device a test opens, too). */
/** This device was offered Web Push's opt-in already (the app's own stored flag, src/app/push/webPush.ts). */
export async function markPushOffered(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => window.localStorage.setItem('pushOffer', 'true'));
}

export async function markKycPromptSeen(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      new Date(),
    );
    window.localStorage.setItem('kycWeakPromptDay', JSON.stringify(today));
  });
}

/** The first-visit privacy prompt counts as answered in this browser context (only necessary events). */
async function answerPrivacy(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    if (window.localStorage.getItem('privacy.analytics') === null)
      window.localStorage.setItem('privacy.analytics', JSON.stringify('denied'));
  });
}

/** Another player's phone (a 390×844 context of its own), with today's prompts answered as on the test's own device. */
export async function anotherDevice(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await markKycPromptSeen(context);
  await answerPrivacy(context);
  await markPushOffered(context);
  return context;
}

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

/** The first price of a match row that can be picked now. */
export function openPrice(page: Page, row: number): Locator {
  return page
    .getByTestId('match-row')
    .nth(row)
    .getByTestId('price')
    .filter({ has: page.locator('[data-price]') })
    .first();
}
