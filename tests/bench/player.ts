import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { PHONE } from './browser';

/** The demo player of the seed (README), as the login dialog's fields take it. */
export const DEMO_PLAYER = { phone: '917 555 0123', password: 'Panalo2026' } as const;

/**
 * What the app keeps in localStorage for a signed-in player, to open pages as that player without the
 * login dialog: the session (src/stores/session.ts: userInfo and webToken, key `session`) and today's
 * weak KYC prompt marked as seen (src/app/KycWatcher.tsx: the demo player is unverified, and the prompt
 * would stand in front of the first page of the day, as for a player who saw it this morning).
 */
export interface PlayerStorage {
  readonly [key: string]: string;
}

/**
 * Logs the demo player in through the login dialog, as a player does, in a browser of its own, and
 * hands back what the app stored. Any number of tabs and browsers may then use the same session.
 */
export async function demoPlayerStorage(serverUrl: string): Promise<PlayerStorage> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ ...PHONE, baseURL: serverUrl, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/account');
    await page.getByRole('button', { name: 'Log In' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Log In' });
    await dialog.getByRole('tab', { name: 'Password' }).click();
    await dialog.getByLabel('Mobile number').fill(DEMO_PLAYER.phone);
    await dialog.getByLabel('Password').fill(DEMO_PLAYER.password);
    await dialog.getByRole('button', { name: 'Log In' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
    // (Strings: tests/bench is compiled without the DOM library.)
    await page.waitForFunction(`JSON.parse(localStorage.getItem('session') || '{}')?.user?.loginName`, undefined, { timeout: 30_000 });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      new Date(),
    );
    const session = await page.evaluate<string>(`localStorage.getItem('session') || ''`);
    return { session, kycWeakPromptDay: JSON.stringify(today) };
  } finally {
    await browser.close();
  }
}

/**
 * A script that puts the player's storage in place before the app's scripts run (for
 * addInitScript / Page.addScriptToEvaluateOnNewDocument); only where it is missing, so a page that
 * changes it (a new nickname) keeps its change.
 */
export function playerStorageScript(storage: PlayerStorage): string {
  return `(() => { try { const s = ${JSON.stringify(storage)}; for (const k of Object.keys(s)) if (localStorage.getItem(k) === null) localStorage.setItem(k, s[k]); } catch (e) {} })();`;
}
