import { GameEngine } from '../../../../src/contract/games';
import type { InstantEngine } from '../engine';
import type { Rng } from '../fair';
import { GameProviderError } from '../types';
import { CRASH_CSS, CRASH_HTML, crashScript } from './crashPage';
import { instantRegistration } from './registry';

/**
 * A crash game (issue 13). Multipliers are whole hundredths (250 = 2.50×).
 *
 * At the round's start the crash point is drawn from the round's generator: k = rng.int(2³²),
 * r = 2³² − k (uniform on 1…2³²), crash = ⌊rtpBps · 2³² / (100 · r)⌋ hundredths, capped at the
 * variant's cap. So P(crash ≥ h) = ⌊rtpBps · 2³² / (100 · h)⌋ / 2³² ≈ (rtpBps / 10 000) · 100 / h for every
 * h ≥ 1.00×: a player who cashes out at h is paid h × bet with that probability, so the RTP is the
 * stated one (97 %: P(crash ≥ m) = 0.97 / m) for EVERY target and every cash-out strategy that does not
 * know the crash point, short of it by less than h / 2³² (`exactTargetRtp`). A crash point below 1.00×
 * (3 % of rounds at 97 %) is shown as 1.00×: the round busts at once.
 *
 * The multiplier rises on a fixed curve, m(t) = ⌊100 · e^(growth · t)⌋ hundredths at t ms after the
 * start (the runtime's `elapsedMs`, the server's clock). The player cashes out by hand (`act` with
 * `{ type: 'cashout' }`: paid the multiplier at that instant if the crash point was not passed) or sets an
 * auto cash-out target at the start (`{ target: 2.5 }`), paid exactly at the target whenever the crash point
 * reaches it, however late the page asks. The page asks (`{ type: 'tick' }`) every 0.7 s to learn
 * whether the round crashed; the crash point is revealed only when the round is over.
 */

export interface CrashParams {
  /** The stated RTP, basis points (9700 = a 3 % house edge). */
  rtpBps: number;
  /** The highest multiplier, hundredths (100 000 = 1000×): the crash point never goes past it, and a round that reaches it pays it. */
  capHundredths: number;
  /** Growth rate of the multiplier curve per millisecond (0.00006 → 2× at 11.6 s, 10× at 38 s). */
  growthPerMs: number;
}

export const CRASH_97: CrashParams = { rtpBps: 9700, capHundredths: 100_000, growthPerMs: 0.00006 };
export const CRASH_99_TURBO: CrashParams = { rtpBps: 9900, capHundredths: 1_000_000, growthPerMs: 0.00012 };

/** The smallest auto cash-out target (1.01×). */
export const MIN_TARGET = 101;
/** The targets the reference strategy (autoplay, the bench) picks from uniformly; any other target has the same RTP. */
export const REFERENCE_TARGETS = [110, 150, 200, 300, 500, 1000] as const;

const UINT32 = 2 ** 32;

export interface CrashState {
  crash: number;
  target: number | null;
}

export interface CrashView {
  phase: 'flying' | 'cashed' | 'crashed';
  /** The multiplier now (flying) or where the player got out (cashed), hundredths. */
  multiplier: number;
  target: number | null;
  growthPerMs: number;
  capHundredths: number;
  /** Only when the round is over. */
  crashPoint?: number;
  win?: number;
}

/** ⌊a / b⌋ for non-negative safe integers, exact (a float division can round up across an integer). */
function floorDiv(a: number, b: number): number {
  let q = Math.floor(a / b);
  while (q * b > a) q -= 1;
  while ((q + 1) * b <= a) q += 1;
  return q;
}

/** The crash point of a round from its generator's first draw (hundredths, possibly below 100: busts at once). */
export function drawCrash(rng: Rng, params: CrashParams): number {
  const r = UINT32 - rng.int(UINT32);
  return Math.min(params.capHundredths, floorDiv(params.rtpBps * UINT32, 100 * r));
}

/** P(crash ≥ h), exactly (a rational with denominator 2³²), for 100 ≤ h ≤ cap. */
export function survival(h: number, params: CrashParams): number {
  return Math.min(UINT32, floorDiv(params.rtpBps * UINT32, 100 * h)) / UINT32;
}

/** The exact RTP of always cashing out at target h (hundredths). */
export function exactTargetRtp(h: number, params: CrashParams): number {
  return (h / 100) * survival(h, params);
}

/** The multiplier at `elapsedMs` after the start, hundredths, on the variant's curve (not capped). */
export function multiplierAt(elapsedMs: number, params: CrashParams): number {
  return Math.floor(100 * Math.exp(params.growthPerMs * Math.max(0, elapsedMs)) + 1e-9);
}

/** Milliseconds until the curve reaches h hundredths (the page's animation uses the same curve). */
export function msUntil(h: number, params: CrashParams): number {
  return Math.log(h / 100) / params.growthPerMs;
}

function pays(bet: number, h: number): number {
  return Math.floor((bet * h) / 100);
}

function parseTarget(action: unknown, params: CrashParams): number | null {
  const target = (action as { target?: unknown } | null)?.target;
  if (target === undefined || target === null) return null;
  const h = typeof target === 'number' ? Math.round(target * 100) : Number.NaN;
  if (!Number.isFinite(h) || h < MIN_TARGET || h > params.capHundredths) {
    throw new GameProviderError('INVALID_ARGUMENT', `The auto cash-out must be between 1.01× and ${params.capHundredths / 100}×, or off.`);
  }
  return h;
}

function view(state: CrashState, params: CrashParams, phase: CrashView['phase'], multiplier: number, win?: number): CrashView {
  const base = { phase, multiplier, target: state.target, growthPerMs: params.growthPerMs, capHundredths: params.capHundredths };
  return phase === 'flying' ? base : { ...base, crashPoint: Math.max(100, state.crash), win: win ?? 0 };
}

function x(h: number): string {
  return `${(h / 100).toFixed(2)}×`;
}

function cashed(bet: number, state: CrashState, params: CrashParams, h: number) {
  const win = pays(bet, h);
  return {
    state,
    view: view(state, params, 'cashed', h, win),
    settled: { win, outcome: `Cashed out at ${x(h)}; crashed at ${x(Math.max(100, state.crash))}` },
  };
}

function crashed(state: CrashState, params: CrashParams) {
  const at = Math.max(100, state.crash);
  return {
    state,
    view: view(state, params, 'crashed', at, 0),
    settled: { win: 0, outcome: `Crashed at ${x(at)}${state.target ? ` before the ${x(state.target)} auto cash-out` : ''}` },
  };
}

export const crashEngine: InstantEngine<CrashParams, CrashState> = {
  engine: GameEngine.Crash,
  rtpBps: (params) => params.rtpBps,
  start({ params, rng, action }) {
    const crash = drawCrash(rng, params);
    const state: CrashState = { crash, target: parseTarget(action, params) };
    if (crash < 100) return crashed(state, params);
    return { state, view: view(state, params, 'flying', 100) };
  },
  act({ bet, params, state, action, elapsedMs }) {
    const type = (action as { type?: unknown } | null)?.type;
    if (type !== 'cashout' && type !== 'tick') throw new GameProviderError('INVALID_ARGUMENT', 'Cash out, or wait for the round to end.');
    const now = multiplierAt(elapsedMs, params);
    // The auto cash-out (and the cap) happen on the curve at their own time, whenever the page asks.
    if (state.target !== null && now >= state.target)
      return state.crash >= state.target ? cashed(bet, state, params, state.target) : crashed(state, params);
    if (now >= params.capHundredths)
      return state.crash >= params.capHundredths ? cashed(bet, state, params, params.capHundredths) : crashed(state, params);
    if (now > state.crash) return crashed(state, params);
    if (type === 'cashout') return cashed(bet, state, params, now);
    return { state, view: view(state, params, 'flying', now) };
  },
  // A left round flies on: the runtime ticks it past the cap, so it pays the auto cash-out if the crash
  // point reached it (or the cap), else it crashed — what waiting without a cash-out gives.
  abandon: () => ({ type: 'tick' }),
  autoplay({ bet, params, rng }) {
    const crash = drawCrash(rng, params);
    const target = REFERENCE_TARGETS[rng.int(REFERENCE_TARGETS.length)]!;
    return { win: crash >= target ? pays(bet, target) : 0 };
  },
  page(params) {
    return { title: 'Crash', html: CRASH_HTML, script: crashScript(params), css: CRASH_CSS };
  },
};

/** The catalogue's crash games: both variants in each theme. Slugs and codes are part of game codes: never rename. */
export const crashRegistration = instantRegistration({
  engine: GameEngine.Crash,
  kind: 'arcade',
  gameType: 'CRASH',
  instant: crashEngine,
  variants: [
    { code: '97', label: '', params: CRASH_97, tags: ['hot'] },
    { code: '99-turbo', label: 'Turbo', params: CRASH_99_TURBO, tags: ['new'] },
  ],
  themes: [
    { slug: 'rocket-pinoy', name: 'Rocket Pinoy', background: '#1a237e', accent: '#ffca28', glyph: '🚀' },
    { slug: 'saranggola', name: 'Saranggola High', background: '#0277bd', accent: '#fff59d', glyph: '🪁' },
    { slug: 'jetstream', name: 'Jetstream Crash', background: '#311b92', accent: '#b388ff', glyph: '✈️' },
    { slug: 'bulkan', name: 'Bulkan Blast', background: '#b71c1c', accent: '#ffab91', glyph: '🌋' },
  ],
  minBet: 100,
  maxBet: 50_000,
  onTransferPlatform: true,
});
