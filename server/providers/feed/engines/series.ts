import { NormalDist, seriesModel, seriesOutcomes, type ScopeModel } from '../pricing';
import { cached, scopeIndex, sumPeriods, type Basis, type SimMatch } from '../state';

/**
 * Pricing shared by the sports played as a series of sets, games or maps (tennis, volleyball,
 * badminton, table tennis, esports): the set score from the per-set chances, and the units inside the
 * sets (games, rally points) as a normal approximation.
 */
export interface SeriesState {
  toWin: number;
  /** The set in progress, or the next one to start (1-based). */
  currentSet: number;
  inProgress: boolean;
  /** P(home wins the current or next set), P(home wins a later set), P(home wins a deciding set). */
  next: number;
  later: number;
  decider: number;
  /** P(home wins one unit: a rally point, or a game in tennis). */
  unit: number;
  unitsPerSet: number;
  /** Units expected to remain in the set in progress. */
  unitsLeftInSet: number;
}

/** Where a series stands: the set in progress, or the next one to start during a break. */
export function seriesPosition(m: SimMatch): { currentSet: number; inProgress: boolean } {
  const p = m.play;
  if (p.period === 0) return { currentSet: 1, inProgress: false };
  if (p.breakLeft > 0) return { currentSet: p.period + 1, inProgress: false };
  return { currentSet: p.period, inProgress: true };
}

export function seriesScopeModel(m: SimMatch, scope: string, basis: Basis, s: SeriesState): ScopeModel | undefined {
  const p = m.play;
  if (p.finished) return undefined;
  if (scope !== 'FT') {
    const n = scopeIndex(scope);
    if (n === undefined || n < s.currentSet || n > 2 * s.toWin - 1) return undefined;
    if (n === s.currentSet) return { win: s.next };
    return { win: n === 2 * s.toWin - 1 ? s.decider : s.later };
  }
  const outcomes = cached(m, 'series:outcomes', () => seriesOutcomes(s.toWin, p.home, p.away, s.next, s.later, s.decider));
  const sets = cached(m, 'series:model', () => seriesModel(outcomes, s.toWin));
  if (basis === 'score') return sets;
  if (basis !== 'units') return undefined;
  let mean = 0;
  let square = 0;
  for (const o of outcomes) {
    mean += o.p * (o.home + o.away);
    square += o.p * (o.home + o.away) ** 2;
  }
  const fullSetsLeft = Math.max(0, mean - p.home - p.away - (s.inProgress ? 1 : 0));
  const units = s.unitsLeftInSet + fullSetsLeft * s.unitsPerSet;
  const done = sumPeriods(p, 0, p.periods.length - 1);
  const margin = new NormalDist(done.home - done.away + (2 * s.unit - 1) * units, Math.sqrt(5.2 * s.unit * (1 - s.unit) * units + 1));
  const setsVariance = Math.max(0, square - mean * mean);
  const total = new NormalDist(done.home + done.away + units, Math.sqrt(s.unitsPerSet ** 2 * setsVariance + 0.3 * units + 1));
  return { win: sets.win, margin, total };
}
