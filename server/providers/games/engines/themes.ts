import type { EngineTheme } from './registry';

/**
 * Themes the studios reskin their engines with (a name, two colours and a glyph for the thumbnail and
 * the page). Slugs are part of game codes: append, never rename or reorder.
 */
export const SLOT_THEMES: EngineTheme[] = [
  { slug: 'sampaguita', name: 'Sampaguita Spins', background: '#1f6f50', accent: '#f6f1d1', glyph: '🌼' },
  { slug: 'jeepney', name: 'Jeepney Jackpot', background: '#b3261e', accent: '#ffd54f', glyph: '🚌' },
  { slug: 'mayon', name: 'Mayon Fire', background: '#7a1f0f', accent: '#ff8a50', glyph: '🌋' },
  { slug: 'boracay', name: 'Boracay Gold', background: '#0277bd', accent: '#ffe082', glyph: '🏝️' },
  { slug: 'adobo', name: 'Adobo Riches', background: '#4e342e', accent: '#ffcc80', glyph: '🍲' },
  { slug: 'halo-halo', name: 'Halo-Halo Frenzy', background: '#6a1b9a', accent: '#f8bbd0', glyph: '🍧' },
  { slug: 'carabao', name: 'Mighty Carabao', background: '#33691e', accent: '#dce775', glyph: '🐃' },
  { slug: 'tarsier', name: 'Tarsier Treasure', background: '#3e2723', accent: '#ffab40', glyph: '🐒' },
  { slug: 'fiesta', name: 'Fiesta Nights', background: '#c2185b', accent: '#fff59d', glyph: '🎉' },
  { slug: 'manila-bay', name: 'Manila Bay Sunset', background: '#e65100', accent: '#fff3e0', glyph: '🌅' },
  { slug: 'pearl', name: 'Pearl of the Orient', background: '#263238', accent: '#eceff1', glyph: '🦪' },
  { slug: 'banaue', name: 'Banaue Terraces', background: '#2e7d32', accent: '#c5e1a5', glyph: '🌾' },
  { slug: 'sabong', name: 'Golden Rooster', background: '#8d6e63', accent: '#ffd740', glyph: '🐓' },
  { slug: 'mango', name: 'Mango Mania', background: '#f9a825', accent: '#3e2723', glyph: '🥭' },
  { slug: 'lechon', name: 'Lechon Feast', background: '#bf360c', accent: '#ffe0b2', glyph: '🐖' },
  { slug: 'bahay-kubo', name: 'Bahay Kubo', background: '#558b2f', accent: '#fff8e1', glyph: '🛖' },
  { slug: 'eagle', name: 'Philippine Eagle', background: '#37474f', accent: '#ffca28', glyph: '🦅' },
  { slug: 'parol', name: 'Parol Lights', background: '#1a237e', accent: '#ffeb3b', glyph: '⭐' },
  { slug: 'galleon', name: 'Manila Galleon', background: '#004d40', accent: '#ffd180', glyph: '⛵' },
  { slug: 'dragon', name: 'Dragon of Binondo', background: '#880e4f', accent: '#ffd54f', glyph: '🐉' },
  { slug: 'chocolate-hills', name: 'Chocolate Hills', background: '#6d4c41', accent: '#d7ccc8', glyph: '⛰️' },
  { slug: 'kalesa', name: 'Kalesa Ride', background: '#455a64', accent: '#ffcc80', glyph: '🐴' },
  { slug: 'balut', name: 'Lucky Balut', background: '#795548', accent: '#fff9c4', glyph: '🥚' },
  { slug: 'tinikling', name: 'Tinikling Beat', background: '#00838f', accent: '#e0f7fa', glyph: '🎋' },
  { slug: 'sarimanok', name: 'Sarimanok Legend', background: '#ad1457', accent: '#80deea', glyph: '🦜' },
  { slug: 'whale-shark', name: 'Butanding Bounty', background: '#01579b', accent: '#80d8ff', glyph: '🦈' },
  { slug: 'typhoon', name: 'Typhoon Wilds', background: '#263238', accent: '#90caf9', glyph: '🌀' },
  { slug: 'karaoke', name: 'Karaoke King', background: '#4a148c', accent: '#ff80ab', glyph: '🎤' },
  { slug: 'basketball', name: 'Barangay Hoops', background: '#e65100', accent: '#ffffff', glyph: '🏀' },
  { slug: 'rice-gold', name: 'Golden Harvest', background: '#827717', accent: '#fff59d', glyph: '🍚' },
];

/** A few generic themes other engines may reuse (or bring their own). */
export const TABLE_THEMES: EngineTheme[] = [
  { slug: 'makati', name: 'Makati', background: '#0d47a1', accent: '#ffd54f', glyph: '🏙️' },
  { slug: 'cebu', name: 'Cebu', background: '#00695c', accent: '#b2dfdb', glyph: '⚓' },
  { slug: 'davao', name: 'Davao', background: '#4a148c', accent: '#e1bee7', glyph: '🦅' },
  { slug: 'baguio', name: 'Baguio', background: '#1b5e20', accent: '#c8e6c9', glyph: '🌲' },
  { slug: 'palawan', name: 'Palawan', background: '#01579b', accent: '#b3e5fc', glyph: '🐠' },
  { slug: 'vigan', name: 'Vigan', background: '#5d4037', accent: '#ffe0b2', glyph: '🏛️' },
];
