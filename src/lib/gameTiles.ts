/**
 * What the lobby's tiles and the server's drawing of them (server/plugins/firstTiles.ts, src/features/games) share, so the
 * tiles the page arrives with and React's are the same: the thumbnail's box, the initials behind it, how
 * eagerly each thumbnail loads, and the lobby's catalogue as the page carries it (`#panalo-game-list`).
 */

/** Thumbnails are 4:3 SVGs; the tile reserves their box before they arrive. */
export const THUMB_W = 160;
export const THUMB_H = 120;

/** The element the catalogue travels in on a /games page (read by src/features/games/firstList.ts). */
export const GAME_LIST_ID = 'panalo-game-list';

/**
 * The tiles a 390×844 screen shows under the lobby's bars (three rows of three): their thumbnails are the
 * page's largest paint, asked at high priority and at once (the server preloads them before the
 * scripts); the rest load when scrolled near. Equal boxes still differ by a rounding at some screen
 * sizes, so a thumbnail of the first screen arriving late would become the largest paint of its own.
 */
export const FIRST_SCREEN_TILES = 9;

/** How the grid's `position`-th tile (from 0) loads its thumbnail. */
export function thumbLoading(position: number): { loading: 'eager' | 'lazy'; fetchPriority: 'high' | 'auto' } {
  return position < FIRST_SCREEN_TILES ? { loading: 'eager', fetchPriority: 'high' } : { loading: 'lazy', fetchPriority: 'auto' };
}

/** The letters shown while a thumbnail loads or when it cannot (offline, never cached). */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => /^\p{L}/u.test(word))
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}
