import type { APIRequestContext } from '@playwright/test';
import type { GameEntry, GameListIndex } from '../../src/contract/games';
import { expect } from './fixtures';

/** The catalogue as the app reads it (the static lists the server publishes). */
export async function catalogue(request: APIRequestContext): Promise<{ index: GameListIndex; games: GameEntry[] }> {
  const index = (await (await request.get('/static/games/index.json')).json()) as GameListIndex;
  const chunks = await Promise.all(index.chunks.map(async (url) => (await (await request.get(url)).json()) as GameEntry[]));
  return { index, games: chunks.flat() };
}

/** A 5-reel slot on a seamless platform that is open, as the Slots tab lists it first. */
export async function seamlessSlot(request: APIRequestContext): Promise<GameEntry> {
  const { index, games } = await catalogue(request);
  const open = new Set(index.platforms.filter((p) => p.wallet === 'seamless' && !p.maintenance).map((p) => p.platformCode));
  const slot = games
    .filter((game) => game.kind === 'slot' && game.engine === 'slot' && open.has(game.platformCode))
    .sort((a, b) => a.rank - b.rank)[0];
  expect(slot, 'a slot on an open seamless platform in the catalogue').toBeDefined();
  return slot!;
}
