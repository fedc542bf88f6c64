import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Nothing moves under the player's eyes while a page loads (issue 14: CLS ≤ 0.02): the first screen the
 * server drew, the app's own rows that replace it, a long list's virtualised rows, the sport counts that
 * arrive later, all take the places already shown. Measured as the browser measures it (the Layout
 * Instability API, what Lighthouse's CLS sums) on a phone screen with the CPU slowed ×4, as a cheap
 * phone runs the app. No input is given, so every shift counts.
 */

interface Shift {
  value: number;
  sources: string[];
}

/** Records every layout shift of the page from its first frame (the observer is buffered). */
async function watchShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { __shifts: Shift[] }).__shifts = shifts;
    const describe = (node: Node | null, before: DOMRectReadOnly, after: DOMRectReadOnly) => {
      const element = node instanceof Element ? node : node?.parentElement;
      const name = element
        ? `${element.tagName.toLowerCase()}${element.getAttribute('data-testid') ? `#${element.getAttribute('data-testid')}` : ''}` +
          `${element.closest('[data-first-rows]') ? ' (server-drawn)' : ''} "${(element.textContent ?? '').slice(0, 30)}"`
        : 'a removed node';
      const rect = (r: DOMRectReadOnly) => [r.x, r.y, r.width, r.height].map(Math.round).join(',');
      return `${name}: ${rect(before)} → ${rect(after)}`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[]) {
        shifts.push({ value: entry.value, sources: entry.sources.map((s) => describe(s.node, s.previousRect, s.currentRect)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const shiftsOf = (page: Page) => page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);

/** Opens `path` on a phone slowed ×4 and returns the layout shifts once the app has drawn it and the sport counts came. */
async function loadAndSettle(page: Page, path: string, ready: (page: Page) => Promise<void>): Promise<Shift[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await watchShifts(page);
  await page.goto(path);
  await ready(page);
  // What arrives after the rows (a live price's new line, a late count) has a moment to land.
  await page.waitForTimeout(1_500);
  const shifts = await shiftsOf(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  return shifts;
}

const total = (shifts: Shift[]) => shifts.reduce((sum, shift) => sum + shift.value, 0);
const report = (shifts: Shift[]) => shifts.map((s) => `${s.value.toFixed(4)} ${s.sources.join(' | ')}`).join('\n');

/** The app drew the sports list (the server's rows are gone) and the sport tabs carry their counts. */
async function sportsReady(page: Page) {
  await expect(page.locator('[data-first-rows]')).toHaveCount(0);
  await expect(page.getByTestId('match-row').first()).toBeVisible();
  await expect(page.getByRole('link', { name: /^Basketball\s*\d+$/ })).toBeVisible();
}

test('/sports does not move while it loads (layout shift under 0.02)', async ({ page }) => {
  const shifts = await loadAndSettle(page, '/sports', sportsReady);
  await page.screenshot({ path: 'test-results/screens/sports-settled-390x844.png' });
  expect(total(shifts), report(shifts)).toBeLessThan(0.02);
});

test('/foryou does not move while it loads (layout shift under 0.02)', async ({ page }) => {
  const shifts = await loadAndSettle(page, '/foryou', async () => {
    await expect(page.locator('[data-first-rows]')).toHaveCount(0);
    await expect(page.getByTestId('match-card').first()).toBeVisible();
    await expect(page.getByTestId('match-row').first()).toBeVisible();
  });
  expect(total(shifts), report(shifts)).toBeLessThan(0.02);
});
