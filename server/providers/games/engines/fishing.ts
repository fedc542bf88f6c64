import { GameEngine } from '../../../../src/contract/games';
import type { InstantEngine } from '../engine';
import type { Rng } from '../fair';
import { GameProviderError } from '../types';
import { FISHING_CSS, FISHING_HTML, fishingScript } from './fishingPage';
import { instantRegistration } from './registry';

/**
 * A fishing shooter (issue 13). Every shot is one round and costs the bet. The player fires at one of
 * the fish swimming on the page (`start` with `{ fish: '<id>' }`); the shot hits it, and the fish is
 * caught with its own probability p, paying its multiplier m × bet (a boss fish draws its multiplier
 * uniformly from its list when caught, m = the list's mean). Bigger fish are harder to catch: every
 * type has p · m = the stated RTP exactly, so what the player aims at does not change the RTP (and the
 * page, which names the fish, cannot pick a better one). The catch is `rng.int(1 000 000) < p · 10⁶`,
 * an integer for every type (`tests/unit/gameEnginesFishing.test.ts` checks it and that
 * Σ p·m = RTP for every aim and for the reference strategy).
 *
 * The reference strategy (autoplay, the bench) aims at a fish drawn by the school's spawn weights — the
 * fish the page shows most often are shot most often.
 */

export interface FishType {
  id: string;
  name: string;
  glyph: string;
  /** Its body colour on the page. */
  color: string;
  /** The multipliers it pays when caught, drawn uniformly (one value for an ordinary fish). */
  multipliers: readonly number[];
  /** How often it appears in the school (relative weight). */
  spawnWeight: number;
}

export interface FishingParams {
  /** The stated RTP, basis points. */
  rtpBps: number;
  fish: readonly FishType[];
}

export const CATCH_SCALE = 1_000_000;

const FISH: readonly FishType[] = [
  { id: 'minnow', name: 'Minnow', glyph: '🐟', color: '#cfd8dc', multipliers: [2], spawnWeight: 30 },
  { id: 'clownfish', name: 'Clownfish', glyph: '🐠', color: '#ff7043', multipliers: [4], spawnWeight: 22 },
  { id: 'puffer', name: 'Pufferfish', glyph: '🐡', color: '#ffd54f', multipliers: [5], spawnWeight: 16 },
  { id: 'squid', name: 'Squid', glyph: '🦑', color: '#f48fb1', multipliers: [8], spawnWeight: 12 },
  { id: 'octopus', name: 'Octopus', glyph: '🐙', color: '#ba68c8', multipliers: [10], spawnWeight: 8 },
  { id: 'turtle', name: 'Sea turtle', glyph: '🐢', color: '#66bb6a', multipliers: [20], spawnWeight: 5 },
  { id: 'shark', name: 'Shark', glyph: '🦈', color: '#90a4ae', multipliers: [50], spawnWeight: 3 },
  { id: 'whale', name: 'Whale', glyph: '🐋', color: '#42a5f5', multipliers: [100], spawnWeight: 2 },
  { id: 'dragon', name: 'Dragon King', glyph: '🐉', color: '#ffb300', multipliers: [100, 150, 200, 350], spawnWeight: 1 },
];

/** 96 %: every fish's p · m = 0.96. */
export const FISHING_96: FishingParams = { rtpBps: 9600, fish: FISH };
/** 97 %, the same school. */
export const FISHING_97: FishingParams = { rtpBps: 9700, fish: FISH };

export function meanMultiplier(fish: FishType): number {
  return fish.multipliers.reduce((sum, m) => sum + m, 0) / fish.multipliers.length;
}

/** The catch threshold out of CATCH_SCALE: p = rtp / mean multiplier. Throws when it is not a whole number (the variant would not be exact). */
export function catchChance(fish: FishType, params: FishingParams): number {
  const total = fish.multipliers.reduce((sum, m) => sum + m, 0);
  const numerator = params.rtpBps * (CATCH_SCALE / 10_000) * fish.multipliers.length;
  if (numerator % total !== 0) throw new RangeError(`${fish.id}: catch chance ${numerator}/${total} per ${CATCH_SCALE} is not whole`);
  return numerator / total;
}

export interface FishingView {
  fish: string;
  caught: boolean;
  /** The multiplier paid (0 when it got away). */
  multiplier: number;
  win: number;
}

function shoot(bet: number, fish: FishType, params: FishingParams, rng: Rng): FishingView {
  const caught = rng.int(CATCH_SCALE) < catchChance(fish, params);
  const multiplier = caught ? fish.multipliers[fish.multipliers.length > 1 ? rng.int(fish.multipliers.length) : 0]! : 0;
  return { fish: fish.id, caught, multiplier, win: bet * multiplier };
}

/** The reference strategy's aim: a fish drawn by spawn weight. */
export function pickBySpawnWeight(params: FishingParams, rng: Rng): FishType {
  const total = params.fish.reduce((sum, fish) => sum + fish.spawnWeight, 0);
  let draw = rng.int(total);
  for (const fish of params.fish) {
    if (draw < fish.spawnWeight) return fish;
    draw -= fish.spawnWeight;
  }
  throw new RangeError('spawn weights');
}

export const fishingEngine: InstantEngine<FishingParams, null> = {
  engine: GameEngine.Fishing,
  rtpBps: (params) => params.rtpBps,
  start({ bet, params, rng, action }) {
    const id = (action as { fish?: unknown } | null)?.fish;
    const fish = params.fish.find((candidate) => candidate.id === id);
    if (!fish) throw new GameProviderError('INVALID_ARGUMENT', 'Aim at a fish to shoot.');
    const view = shoot(bet, fish, params, rng);
    const outcome = view.caught ? `Caught a ${fish.name}: ${view.multiplier}×` : `The ${fish.name} got away`;
    return { state: null, view, settled: { win: view.win, outcome } };
  },
  autoplay({ bet, params, rng }) {
    return { win: shoot(bet, pickBySpawnWeight(params, rng), params, rng).win };
  },
  page(params) {
    return {
      title: 'Fishing',
      html: FISHING_HTML,
      script: fishingScript(params.fish, (fish) => ({ meanMultiplier: meanMultiplier(fish), catchChance: catchChance(fish, params) })),
      css: FISHING_CSS,
    };
  },
};

/** The catalogue's fishing games: both variants in each theme. Slugs and codes are part of game codes: never rename. */
export const fishingRegistration = instantRegistration({
  engine: GameEngine.Fishing,
  kind: 'fishing',
  gameType: 'FISH',
  instant: fishingEngine,
  variants: [
    { code: '96', label: '', params: FISHING_96 },
    { code: '97', label: 'Deluxe', params: FISHING_97, tags: ['new'] },
  ],
  themes: [
    { slug: 'ocean-king', name: 'Ocean King', background: '#01579b', accent: '#ffd54f', glyph: '🐠' },
    { slug: 'tubbataha', name: 'Tubbataha Reef', background: '#006064', accent: '#a7ffeb', glyph: '🐢' },
    { slug: 'dragon-sea', name: 'Dragon Sea Hunt', background: '#1a237e', accent: '#ff8a80', glyph: '🐉' },
    { slug: 'bangus', name: 'Bangus Bonanza', background: '#004d40', accent: '#ccff90', glyph: '🐟' },
  ],
  minBet: 100,
  maxBet: 20_000,
});
