import type { ProviderGame } from '../../providers/games/types';

/**
 * A game's thumbnail, drawn by the operator from the provider's theme colours as a small SVG: a gradient
 * tile and the game's monogram (the initials of its first two words) on a soft disc. Letters, not the
 * theme's emoji glyph: a phone without an emoji font would show an empty box. The tile names the game
 * under the picture, so the picture does not repeat it. Presentation attributes only (no <style>, no
 * script), so it renders as an <img> under the page's policy.
 */

const COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const colour = (value: string, fallback: string) => (COLOUR.test(value) ? value : fallback);

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** The initials of the first two words that start with a letter ('Jeepney Jackpot Deluxe' → 'JJ'). */
export function monogram(name: string): string {
  const initials = name
    .split(/\s+/)
    .map((word) => word.match(/\p{L}|\p{N}/u)?.[0] ?? '')
    .filter(Boolean)
    .slice(0, 2)
    .join('')
    .toUpperCase();
  return initials || '★';
}

export function thumbnailSvg(game: Pick<ProviderGame, 'gameName' | 'theme'>): string {
  const background = colour(game.theme.background, '#1f2a44');
  const accent = colour(game.theme.accent, '#f5b400');
  const letters = escapeXml(monogram(game.gameName));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160" role="img" aria-label="${escapeXml(game.gameName)}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${background}"/>`,
    `<stop offset="1" stop-color="${accent}" stop-opacity="0.6"/></linearGradient></defs>`,
    `<rect width="160" height="160" rx="20" fill="${background}"/>`,
    `<rect width="160" height="160" rx="20" fill="url(#g)"/>`,
    `<circle cx="80" cy="80" r="50" fill="${accent}" fill-opacity="0.28"/>`,
    `<text x="80" y="98" text-anchor="middle" font-size="48" font-weight="800" font-family="sans-serif" fill="#ffffff">${letters}</text>`,
    `</svg>`,
  ].join('');
}
