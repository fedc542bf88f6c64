import type { Page } from '@playwright/test';

/**
 * The titles on screen whose text does not fit where they are drawn (issue 32: no title is cut at a
 * phone's width): the bars' h1 and the game names on tiles, shown (a visually hidden heading is not).
 */
export function cutTitles(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('h1, [data-testid=game-tile] a > span:nth-child(2)')]
      .filter((el) => (el as HTMLElement).offsetParent !== null && el.clientWidth > 1)
      .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
      .map((el) => el.textContent ?? ''),
  );
}
