import { describe, expect, it } from 'vitest';
import { fairRng, type Rng } from '../../server/providers/games/fair';
import { GameProviderError } from '../../server/providers/games/types';
import {
  CRASH_97,
  CRASH_99_TURBO,
  MIN_TARGET,
  crashEngine,
  drawCrash,
  exactTargetRtp,
  msUntil,
  multiplierAt,
  survival,
  type CrashParams,
  type CrashState,
  type CrashView,
} from '../../server/providers/games/engines/crash';

const UINT32 = 2 ** 32;
/** A generator whose first int is k (then zeros): the crash point of r = 2³² − k. */
const fixed = (k: number): Rng => {
  let first = true;
  return {
    int: () => (first ? ((first = false), k) : 0),
    float: () => 0,
    draws: 0,
  };
};
const crashOfR = (r: number, params: CrashParams) => drawCrash(fixed(UINT32 - r), params);
const seeds = (nonce: number) => ({ serverSeed: 'c'.repeat(64), clientSeed: 'crash', nonce });

describe('the crash point', () => {
  it.each([
    ['97 %', CRASH_97],
    ['99 % turbo', CRASH_99_TURBO],
  ])('survives to h with probability ⌊rtp·2³²/100h⌋ / 2³² (%s): the boundary r is the last one reaching h', (_, params) => {
    for (const h of [100, 101, 150, 199, 200, 333, 1000, 5000, 99_999, params.capHundredths]) {
      const last = Math.floor((params.rtpBps * UINT32) / (100 * h));
      expect(crashOfR(last, params)).toBeGreaterThanOrEqual(h);
      expect(crashOfR(last + 1, params)).toBeLessThan(h);
      expect(survival(h, params)).toBe(last / UINT32);
    }
  });

  it('busts at once when r is above rtp·2³², and is capped', () => {
    expect(crashOfR(UINT32, CRASH_97)).toBe(97);
    expect(crashOfR(1, CRASH_97)).toBe(CRASH_97.capHundredths);
    expect(crashOfR(1, CRASH_99_TURBO)).toBe(CRASH_99_TURBO.capHundredths);
  });

  it.each([
    ['97 %', CRASH_97],
    ['99 % turbo', CRASH_99_TURBO],
  ])('pays back the stated RTP for every auto cash-out target from 1.01× to the cap (%s)', (_, params) => {
    const stated = params.rtpBps / 10_000;
    let lowest = 1;
    let highest = 0;
    for (let h = MIN_TARGET; h <= params.capHundredths; h += 1) {
      const rtp = exactTargetRtp(h, params);
      lowest = Math.min(lowest, rtp);
      highest = Math.max(highest, rtp);
    }
    expect(highest).toBeLessThanOrEqual(stated);
    // Short of the stated RTP by less than h / 2³² (the 32-bit draw), i.e. never more than 0.0003 %.
    expect(stated - lowest).toBeLessThan(params.capHundredths / 100 / UINT32 + 1e-12);
    expect(crashEngine.rtpBps(params)).toBe(params.rtpBps);
  });

  it('draws P(crash ≥ 2×) ≈ 0.485 over 100,000 seeded rounds', () => {
    let reached = 0;
    const n = 100_000;
    for (let nonce = 0; nonce < n; nonce += 1) if (drawCrash(fairRng(seeds(nonce)), CRASH_97) >= 200) reached += 1;
    // Four standard deviations of a binomial(100 000, 0.485): ±0.0063.
    expect(Math.abs(reached / n - 0.485)).toBeLessThan(0.0063);
  });

  it('is the same for the same seeds', () => {
    expect(drawCrash(fairRng(seeds(5)), CRASH_97)).toBe(drawCrash(fairRng(seeds(5)), CRASH_97));
  });
});

describe('a crash round', () => {
  const r = Math.floor((9700 * UINT32) / (100 * 300)); // crash exactly 3.00×
  const start = (action: unknown) => crashEngine.start({ bet: 10_000, params: CRASH_97, rng: fixed(UINT32 - r), action });
  const act = (state: CrashState, action: unknown, elapsedMs: number) =>
    crashEngine.act!({ bet: 10_000, params: CRASH_97, rng: fixed(0), state, action, elapsedMs });

  it('rises on the curve and never shows the crash point before the end', () => {
    const begun = start({});
    expect(begun.state.crash).toBe(300);
    expect(begun.settled).toBeUndefined();
    expect(begun.view).not.toHaveProperty('crashPoint');
    const flying = act(begun.state, { type: 'tick' }, msUntil(250, CRASH_97) + 1);
    expect(flying.view).toEqual(expect.objectContaining({ phase: 'flying', multiplier: 250 }));
    expect(flying.view).not.toHaveProperty('crashPoint');
    expect(flying.settled).toBeUndefined();
  });

  it('pays a manual cash-out the multiplier of that instant, with the crash point revealed', () => {
    const begun = start({});
    const out = act(begun.state, { type: 'cashout' }, msUntil(250, CRASH_97) + 1);
    expect(out.settled?.win).toBe(25_000);
    expect(out.view as CrashView).toMatchObject({ phase: 'cashed', multiplier: 250, crashPoint: 300 });
  });

  it('loses a cash-out that comes after the crash', () => {
    const begun = start({});
    const late = act(begun.state, { type: 'cashout' }, msUntil(301, CRASH_97) + 1);
    expect(late.settled?.win).toBe(0);
    expect(late.view as CrashView).toMatchObject({ phase: 'crashed', crashPoint: 300 });
  });

  it('pays the auto cash-out at its target exactly, however late the page asks, and only if the crash point reached it', () => {
    const won = act(start({ target: 2.5 }).state, { type: 'tick' }, msUntil(900, CRASH_97));
    expect(won.settled?.win).toBe(25_000);
    expect(won.view as CrashView).toMatchObject({ phase: 'cashed', multiplier: 250 });
    const atCrash = act(start({ target: 3 }).state, { type: 'tick' }, msUntil(400, CRASH_97));
    expect(atCrash.settled?.win).toBe(30_000);
    const lost = act(start({ target: 3.01 }).state, { type: 'tick' }, msUntil(900, CRASH_97));
    expect(lost.settled?.win).toBe(0);
    expect(lost.view as CrashView).toMatchObject({ phase: 'crashed', crashPoint: 300 });
  });

  it('settles a round that busts at once at 1.00×', () => {
    const bust = crashEngine.start({ bet: 100, params: CRASH_97, rng: fixed(0), action: { target: 2 } });
    expect(bust.settled).toEqual({ win: 0, outcome: 'Crashed at 1.00× before the 2.00× auto cash-out' });
    expect(bust.view as CrashView).toMatchObject({ phase: 'crashed', crashPoint: 100 });
  });

  it('refuses a target outside 1.01×–cap and an unknown action, in the player’s words', () => {
    for (const target of [1, 0.5, 1001, 'x']) expect(() => start({ target })).toThrow(GameProviderError);
    expect(() => start({ target: 1 })).toThrow('The auto cash-out must be between 1.01× and 1000×, or off.');
    expect(() => act(start({}).state, { type: 'jump' }, 0)).toThrow('Cash out, or wait for the round to end.');
  });

  it('draws its curve as the page does', () => {
    expect(multiplierAt(0, CRASH_97)).toBe(100);
    expect(multiplierAt(msUntil(200, CRASH_97) + 1, CRASH_97)).toBe(200);
    expect(multiplierAt(msUntil(1000, CRASH_97) + 1, CRASH_97)).toBe(1000);
  });

  it('autoplays with the round’s crash point and a reference target', () => {
    let wins = 0;
    for (let nonce = 0; nonce < 200; nonce += 1) {
      const crash = drawCrash(fairRng(seeds(nonce)), CRASH_97);
      const { win } = crashEngine.autoplay({ bet: 10_000, params: CRASH_97, rng: fairRng(seeds(nonce)) });
      if (crash < 110) expect(win).toBe(0);
      if (win > 0) {
        wins += 1;
        expect(crash).toBeGreaterThanOrEqual(win / 100);
      }
    }
    expect(wins).toBeGreaterThan(0);
  });
});

describe('the crash page', () => {
  it.each([CRASH_97, CRASH_99_TURBO])('is markup without inline styles (the page CSP) and a script on the engine’s curve', (params) => {
    const page = crashEngine.page(params);
    expect(page.html).toContain('data-testid="crash-bet"');
    expect(`${page.html}${page.script}`).not.toMatch(/style="/);
    expect(() => new Function(page.script)).not.toThrow();
    expect(page.script).toContain(`var growth=${params.growthPerMs},cap=${params.capHundredths};`);
  });
});
