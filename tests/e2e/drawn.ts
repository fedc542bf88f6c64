import type { Locator, Page, Route } from '@playwright/test';

/**
 * Helpers for the pages the server draws before the app runs (firstrows.spec.ts, firsttiles.spec.ts):
 * what the player sees with the scripts held back, and the shape React's take-over must keep.
 */

/**
 * The shape of a subtree: tags, classes and test ids, without text or attributes. An element whose test
 * id is `leafTestId` counts as one node (a price button: what it holds changes as its price moves).
 */
export function shapeOf(locator: Locator, leafTestId?: string): Promise<string> {
  return locator.evaluate((root, leaf) => {
    const shape = (el: Element): string => {
      const testId = el.getAttribute('data-testid');
      if (leaf && testId === leaf) return leaf;
      const classes = [...el.classList].sort().join('.');
      const children = [...el.children].map(shape).join(',');
      return `${el.tagName.toLowerCase()}${classes ? `.${classes}` : ''}${testId ? `#${testId}` : ''}${children ? `[${children}]` : ''}`;
    };
    return shape(root);
  }, leafTestId);
}

/** Holds the app's scripts until `release()`: what the player sees and does before they run. */
export async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route: Route) => {
    await gate;
    await route.continue();
  });
  return release;
}
