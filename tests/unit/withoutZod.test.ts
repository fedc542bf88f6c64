import { describe, expect, it, vi } from 'vitest';

/**
 * What a first screen loads evaluates no zod (issue 14): its core and schemas are a long task on a slow
 * phone, so they come with the first answer that needs them. Here any module that imports zod fails to load.
 */
vi.mock('zod/mini', () => {
  throw new Error('zod was loaded');
});
vi.mock('zod', () => {
  throw new Error('zod was loaded');
});

describe('modules a first screen loads, without zod', () => {
  it("the other areas' strings (with a /games page at once, on any other once it is up), the form messages among them", async () => {
    const { enAreas } = await import('../../src/i18n/en.areas');
    expect(enAreas.validation.password).toBe('Use 8 to 20 characters with at least one letter and one number, no spaces.');
    expect(enAreas.games.jackpot).toBeTruthy();
  });

  it("the games lobby, the catalogue it carried and the jackpot's hook", async () => {
    const lobby = await import('../../src/features/games/GamesTab');
    const carried = await import('../../src/features/games/firstList');
    const jackpot = await import('../../src/realtime/jackpot');
    expect([typeof lobby.GamesTab, typeof carried.carriedGameList, typeof jackpot.useJackpot]).toEqual([
      'function',
      'function',
      'function',
    ]);
  });
});
