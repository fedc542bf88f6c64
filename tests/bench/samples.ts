import type { Browser, Page } from '@playwright/test';
import { PHONE } from './browser';
import { sleep } from './stats';

/**
 * Evaluates `expression` in the page every `everyMs` until it is truthy (its value) or `timeoutMs` passed.
 * Through evaluate, which the page's policy does not judge: waitForFunction's polling evaluates a string
 * the page's Content-Security-Policy refuses (no 'unsafe-eval').
 */
export async function poll<T>(page: Page, expression: string, timeoutMs: number, everyMs = 50): Promise<T> {
  const started = performance.now();
  for (;;) {
    const value = await page.evaluate<T>(expression).catch(() => undefined);
    if (value) return value;
    if (performance.now() - started > timeoutMs) throw new Error(`not ready in ${timeoutMs / 1000} s`);
    await sleep(everyMs);
  }
}

/** What the feed and the lobby offer this run: a live match and a game to open (ids change with every feed). */
export interface Samples {
  matchId: string;
  gameId: string;
}

/** A live match from /sports (live by default) and a game from the slot lobby, read off the pages as a player would find them. */
export async function samplesOf(browser: Browser, serverUrl: string): Promise<Samples> {
  const context = await browser.newContext({ ...PHONE, baseURL: serverUrl, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.goto('/sports');
    const live = await poll<string>(
      page,
      `document.querySelector('[data-testid=match-row] a[href*="matchId="]')?.getAttribute('href')`,
      30_000,
    );
    const matchId = new URL(live, serverUrl).searchParams.get('matchId') ?? '';
    await page.goto('/games/slot');
    const game = await poll<string>(page, `document.querySelector('a[href*="gameId="]')?.getAttribute('href')`, 30_000);
    const gameId = new URL(game, serverUrl).searchParams.get('gameId') ?? '';
    if (!matchId || !gameId) throw new Error(`no live match (${matchId}) or game (${gameId}) to open`);
    return { matchId, gameId };
  } finally {
    await context.close();
  }
}
