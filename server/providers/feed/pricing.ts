/**
 * From probabilities to prices. Each sport engine describes the figure a market settles on (a goal
 * margin, a points total, a set score) as a distribution; this file turns it into break-even shares of
 * the selections, Asian lines (whole, half and quarter) and decimal prices with the bookmaker's margin.
 */

/** A distribution of a settlement figure (integer-valued unless said otherwise). */
export interface Dist {
  readonly mean: number;
  /** P(X > x). */
  gt(x: number): number;
  /** P(X = x). */
  eq(x: number): number;
  /** P(X is odd). */
  odd(): number;
}

/** Probabilities of one market scope (a match, a half, a set…) in the current state. */
export interface ScopeModel {
  /** P(home wins the scope), tie-breaks (overtime, shoot-out, extra innings) included. */
  win: number;
  /** Home minus away. */
  margin?: Dist;
  /** Home plus away (or a player's points, or the rounds fought). */
  total?: Dist;
  /** Correct score probabilities by key ('2-1'); the rest is 'other'. */
  score?: (home: number, away: number) => number;
}

export const MAX_PRICE = 500;
export const MIN_PRICE = 1.01;

/** Standard normal CDF (Abramowitz–Stegun 7.1.26, error below 1e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

export const logistic = (x: number): number => 1 / (1 + Math.exp(-x));
export const logit = (p: number): number => Math.log(p / (1 - p));
export const clamp = (x: number, min: number, max: number): number => Math.min(max, Math.max(min, x));

/** Integer values offset, offset + 1, … with the given probabilities. */
export class ArrayDist implements Dist {
  readonly mean: number;
  private readonly atLeast: Float64Array;

  constructor(
    private readonly offset: number,
    private readonly p: Float64Array,
  ) {
    this.atLeast = new Float64Array(p.length + 1);
    let mean = 0;
    for (let i = p.length - 1; i >= 0; i--) {
      this.atLeast[i] = this.atLeast[i + 1]! + p[i]!;
      mean += (offset + i) * p[i]!;
    }
    this.mean = mean;
  }

  gt(x: number): number {
    const i = Math.floor(x) + 1 - this.offset;
    if (i <= 0) return 1;
    return i >= this.p.length ? 0 : this.atLeast[i]!;
  }

  eq(x: number): number {
    return Number.isInteger(x) ? (this.p[x - this.offset] ?? 0) : 0;
  }

  odd(): number {
    let odd = 0;
    for (let i = 0; i < this.p.length; i++) if ((this.offset + i) % 2 !== 0) odd += this.p[i]!;
    return odd;
  }
}

/** An integer figure approximated by a normal (basketball points, games, rally points). */
export class NormalDist implements Dist {
  readonly sd: number;

  constructor(
    readonly mean: number,
    sd: number,
  ) {
    this.sd = Math.max(sd, 0.35);
  }

  gt(x: number): number {
    return 1 - normalCdf((Math.floor(x) + 0.5 - this.mean) / this.sd);
  }

  eq(x: number): number {
    if (!Number.isInteger(x)) return 0;
    return normalCdf((x + 0.5 - this.mean) / this.sd) - normalCdf((x - 0.5 - this.mean) / this.sd);
  }

  odd(): number {
    if (this.sd > 3) return 0.5;
    let odd = 0;
    for (let k = Math.floor(this.mean - 6 * this.sd); k <= this.mean + 6 * this.sd; k++) if (k % 2 !== 0) odd += this.eq(k);
    return odd;
  }
}

/** The rounds a fight lasts: a constant stoppage hazard per round from `now`, and an atom at the distance. */
export class DurationDist implements Dist {
  readonly mean: number;

  constructor(
    private readonly now: number,
    private readonly hazard: number,
    private readonly distance: number,
  ) {
    this.mean = now + (1 - Math.exp(-hazard * (distance - now))) / Math.max(hazard, 1e-9);
  }

  gt(x: number): number {
    if (x < this.now) return 1;
    return x >= this.distance ? 0 : Math.exp(-this.hazard * (x - this.now));
  }

  eq(x: number): number {
    return x === this.distance ? Math.exp(-this.hazard * (this.distance - this.now)) : 0;
  }

  odd(): number {
    return 0.5;
  }
}

/** The distribution with all its mass on one value. */
export const pointDist = (value: number): Dist => new ArrayDist(value, Float64Array.of(1));

export const isQuarterLine = (line: number): boolean => Math.abs(Math.round(line * 4)) % 2 === 1;

/**
 * Break-even shares of an Asian line bet whose side A wins when X > line (over, or home at handicap
 * -line). A whole line refunds on X = line; a quarter line is half on each neighbouring half line, so
 * its fair price is (1 − P(push)) / P(win) averaged over the halves. The shares sum to 1.
 */
export function lineShares(dist: Dist, line: number): [number, number] {
  const halves = isQuarterLine(line) ? [line - 0.25, line + 0.25] : [line];
  let win = 0;
  let push = 0;
  for (const half of halves) {
    win += dist.gt(half);
    push += dist.eq(half);
  }
  win /= halves.length;
  push /= halves.length;
  const lose = Math.max(0, 1 - win - push);
  return win + lose <= 1e-12 ? [0.5, 0.5] : [win / (win + lose), lose / (win + lose)];
}

/** Home's share at handicap `point` (home wins when margin + point > 0). */
export const handicapShares = (margin: Dist, point: number): [number, number] => lineShares(margin, -point);

/**
 * The line on the grid offset + k·step whose side-A share is nearest one half, walking from `start`.
 * `shareAt` must grow or shrink monotonically with the line.
 */
export function balancedLine(shareAt: (line: number) => number, start: number, step: number, offset = 0, min = -Infinity): number {
  const snap = (x: number): number => Math.max(min, offset + Math.round((x - offset) / step) * step);
  let line = snap(start);
  let best = Math.abs(shareAt(line) - 0.5);
  for (let i = 0; i < 80; i++) {
    const up = line + step;
    const down = line - step;
    const upGap = Math.abs(shareAt(up) - 0.5);
    const downGap = down < min ? Infinity : Math.abs(shareAt(down) - 0.5);
    if (upGap < best && upGap <= downGap) [line, best] = [up, upGap];
    else if (downGap < best) [line, best] = [down, downGap];
    else break;
  }
  return Math.round(line * 100) / 100;
}

/**
 * Decimal prices from break-even shares with a proportional margin: floor to two decimals (the house
 * rounds in its favour), at least 1.01, at most 500; 0 (closed) for an outcome that can no longer happen.
 */
export function pricesFor(shares: readonly number[], margin: number): number[] {
  return shares.map((q) => {
    if (q <= 1e-7) return 0;
    const raw = 1 / (q * (1 + margin));
    return clamp(Math.floor(raw * 100 + 1e-7) / 100, MIN_PRICE, MAX_PRICE);
  });
}

/** Poisson probabilities 0…n, n large enough that the tail is negligible. */
export function poissonPmf(mean: number): Float64Array {
  const n = Math.min(60, Math.ceil(mean + 7 * Math.sqrt(mean) + 4));
  const p = new Float64Array(n + 1);
  let term = Math.exp(-mean);
  for (let k = 0; k <= n; k++) {
    p[k] = term;
    term *= mean / (k + 1);
  }
  return p;
}

/**
 * Independent Poisson goals from the current score. With tieBreak (ice hockey, baseball) a level
 * score is decided afterwards: the winner gets one more (overtime goal, shoot-out, extra innings),
 * home with probability tieBreak.
 */
export function goalsModel(home: number, away: number, meanHome: number, meanAway: number, tieBreak: number | null): ScopeModel {
  const ph = poissonPmf(meanHome);
  const pa = poissonPmf(meanAway);
  const span = ph.length + pa.length - 1;
  const margin = new Float64Array(span + 2);
  const total = new Float64Array(span + 1);
  const marginOffset = home - away - (pa.length - 1) - 1;
  let win = 0;
  for (let i = 0; i < ph.length; i++) {
    for (let j = 0; j < pa.length; j++) {
      const p = ph[i]! * pa[j]!;
      const diff = home + i - (away + j);
      if (diff === 0 && tieBreak !== null) {
        margin[1 - marginOffset] = margin[1 - marginOffset]! + p * tieBreak;
        margin[-1 - marginOffset] = margin[-1 - marginOffset]! + p * (1 - tieBreak);
        total[i + j + 1] = total[i + j + 1]! + p;
        win += p * tieBreak;
      } else {
        margin[diff - marginOffset] = margin[diff - marginOffset]! + p;
        total[i + j] = total[i + j]! + p;
        if (diff > 0) win += p;
      }
    }
  }
  return {
    win,
    margin: new ArrayDist(marginOffset, margin),
    total: new ArrayDist(home + away, total),
    score: (h, a) => (ph[h - home] ?? 0) * (pa[a - away] ?? 0),
  };
}

/**
 * P(home wins a race to `target` points, win by two) from a:b when home wins each point with p.
 * Tennis games (target 4), tie-breaks (7), volleyball sets (25, 15), badminton (21), table tennis (11).
 * Closed form: home gets there while away stays below target − 1, or both reach target − 1 (deuce).
 */
export function raceWin(p: number, target: number, a: number, b: number): number {
  const q = 1 - p;
  const deuce = (p * p) / (p * p + q * q);
  if (a >= target && a - b >= 2) return 1;
  if (b >= target && b - a >= 2) return 0;
  if (a >= target - 1 && b >= target - 1) return a === b ? deuce : a > b ? p + q * deuce : p * deuce;
  const need = target - a;
  const room = target - b;
  // Home wins `need` points while away wins j ≤ room − 2: C(need − 1 + j, j) p^need q^j.
  let term = p ** need;
  let before = 0;
  for (let j = 0; j <= room - 2; j++) {
    before += term;
    term *= ((need + j) / (j + 1)) * q;
  }
  let reach = p ** (need - 1) * q ** (room - 1);
  for (let k = 1; k < need; k++) reach *= (room - 1 + k) / k;
  return before + reach * deuce;
}

export interface SeriesOutcome {
  home: number;
  away: number;
  p: number;
}

/**
 * Final scores of a first-to-`toWin` series (sets, maps, games) from home:away, the next set won by
 * home with `next`, later sets with `later` (the deciding one with `decider`).
 */
export function seriesOutcomes(toWin: number, home: number, away: number, next: number, later: number, decider = later): SeriesOutcome[] {
  let states: SeriesOutcome[] = [{ home, away, p: 1 }];
  const done: SeriesOutcome[] = [];
  let first = true;
  while (states.length > 0) {
    const nextStates = new Map<number, SeriesOutcome>();
    for (const s of states) {
      if (s.home >= toWin || s.away >= toWin) {
        done.push(s);
        continue;
      }
      const p = first ? next : s.home === toWin - 1 && s.away === toWin - 1 ? decider : later;
      for (const [h, a, w] of [
        [s.home + 1, s.away, p],
        [s.home, s.away + 1, 1 - p],
      ] as const) {
        const key = h * 16 + a;
        const existing = nextStates.get(key);
        if (existing) existing.p += s.p * w;
        else nextStates.set(key, { home: h, away: a, p: s.p * w });
      }
    }
    first = false;
    states = [...nextStates.values()];
  }
  return done;
}

/** Win probability, set-margin and set-total distributions and correct scores of a series. */
export function seriesModel(outcomes: readonly SeriesOutcome[], toWin: number): ScopeModel {
  const margin = new Float64Array(2 * toWin + 1);
  const total = new Float64Array(2 * toWin);
  const scores = new Map<number, number>();
  let win = 0;
  for (const o of outcomes) {
    margin[o.home - o.away + toWin] = margin[o.home - o.away + toWin]! + o.p;
    total[o.home + o.away] = total[o.home + o.away]! + o.p;
    scores.set(o.home * 16 + o.away, o.p);
    if (o.home > o.away) win += o.p;
  }
  return {
    win,
    margin: new ArrayDist(-toWin, margin),
    total: new ArrayDist(0, total),
    score: (h, a) => scores.get(h * 16 + a) ?? 0,
  };
}
