import type { ProviderGame } from '../../providers/games/types';

/**
 * A game's thumbnail, drawn by the operator from the provider's theme (colours and a glyph) as a small
 * SVG: a gradient tile, the glyph on a soft disc, the game's name at the foot. Presentation attributes
 * only (no <style>, no script), so it renders as an <img> under the page's policy.
 */

const COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const colour = (value: string, fallback: string) => (COLOUR.test(value) ? value : fallback);

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** At most `max` characters (whole code points), with an ellipsis when cut. */
function fit(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

export function thumbnailSvg(game: Pick<ProviderGame, 'gameName' | 'theme'>): string {
  const background = colour(game.theme.background, '#1f2a44');
  const accent = colour(game.theme.accent, '#f5b400');
  const glyph = escapeXml(fit(game.theme.glyph || '★', 2));
  const name = escapeXml(fit(game.gameName, 18));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160" role="img" aria-label="${escapeXml(game.gameName)}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${background}"/>`,
    `<stop offset="1" stop-color="${accent}" stop-opacity="0.6"/></linearGradient></defs>`,
    `<rect width="160" height="160" rx="20" fill="${background}"/>`,
    `<rect width="160" height="160" rx="20" fill="url(#g)"/>`,
    `<circle cx="80" cy="68" r="44" fill="${accent}" fill-opacity="0.28"/>`,
    `<text x="80" y="86" text-anchor="middle" font-size="50" font-family="sans-serif" fill="#ffffff">${glyph}</text>`,
    `<path d="M0 122H160V140A20 20 0 0 1 140 160H20A20 20 0 0 1 0 140Z" fill="#000000" fill-opacity="0.35"/>`,
    `<text x="80" y="147" text-anchor="middle" font-size="14" font-weight="700" font-family="sans-serif" fill="#ffffff">${name}</text>`,
    `</svg>`,
  ].join('');
}
