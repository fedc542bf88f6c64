import type { Page } from '@playwright/test';

/** The latest SMS code sent to a number (`phone` without +63), read from the development outbox (/dev/outbox). */
export async function codeFromOutbox(page: Page, phone: string): Promise<string> {
  const outbox = await page.context().newPage();
  await outbox.goto('/dev/outbox');
  const text = await outbox.locator(`li[data-recipient="+63${phone}"] .body`).first().innerText();
  await outbox.close();
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code for ${phone}`);
  return code;
}
