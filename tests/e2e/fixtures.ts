import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';

/** Tests get the server started by global-setup as their base URL, and a way to change site settings. */
export const test = base.extend<{ siteSettings: (change: (settings: Record<string, unknown>) => void) => void }>({
  baseURL: async ({}, use) => {
    await use(process.env['E2E_BASE_URL']);
  },
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
