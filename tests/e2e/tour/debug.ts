import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { startServerProcess } from '../serverProcess';
const server = await startServerProcess({ DATA_DIR: mkdtempSync(join(tmpdir(), 'panalo-dbg-')), LOG_LEVEL: 'warn' });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const context = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
const page = await context.newPage();
page.on('console', (m) => console.log('console', m.type(), m.text()));
for (const path of ['/faq', '/account', '/faq/how-to-play-live-streaming', '/account']) {
  await page.goto(path, { waitUntil: 'commit' });
  for (const wait of [1000, 3000, 8000]) {
    await page.waitForTimeout(wait);
    console.log(path, wait, await page.evaluate(() => document.body.innerText.slice(0, 80).replace(/\n/g, ' | ')));
  }
}
await browser.close();
await server.stop();
