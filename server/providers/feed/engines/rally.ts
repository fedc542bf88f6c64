import type { LiveState } from '../../../../src/contract/feed';
import { clamp, raceWin } from '../pricing';
import type { Rng } from '../random';
import { baseLive, playByPoints, cached, score, type PlayEvents, type SimMatch, type SportEngine } from '../state';
import { seriesPosition, seriesScopeModel, type SeriesState } from './series';

/**
 * Rally-point sports played in sets or games: volleyball (sets to 25, the fifth to 15, win by two,
 * best of five), badminton (games to 21, win by two capped at 30, best of three) and table tennis
 * (games to 11, win by two, best of five). Every rally is simulated; periodScores hold the points of
 * each set/game, homeScore/awayScore the sets/games won. Winning a set is the swing.
 */
interface RallyConfig {
  toWin: number;
  target: number;
  deciderTarget: number;
  /** The point that wins regardless of the two-point lead (badminton's 30), or 0. */
  cap: number;
  pointSeconds: number;
  breakSeconds: number;
  /** Point-win edge per unit of strength. */
  edge: number;
  /** Average points in a set/game. */
  unitsPerSet: number;
}

export function rallyEngine(c: RallyConfig): SportEngine {
  const sets = 2 * c.toWin - 1;
  const targetOf = (set: number): number => (set === sets ? c.deciderTarget : c.target);
  const pointWin = (m: SimMatch): number => clamp(0.5 + c.edge * m.s, 0.3, 0.7);
  const rally = (rng: Rng): number => c.pointSeconds * rng.range(0.5, 1.5);

  const beginSet = (m: SimMatch, rng: Rng, n: number): void => {
    const p = m.play;
    p.period = n;
    p.clock = 0;
    p.nextIn = rally(rng);
    p.periods.push({ home: 0, away: 0 });
  };

  const playPoint = (m: SimMatch, rng: Rng, events: PlayEvents): void => {
    const p = m.play;
    const homeWins = rng.chance(pointWin(m));
    score(p, homeWins ? 1 : 0, homeWins ? 0 : 1, false);
    const set = p.periods[p.periods.length - 1]!;
    const lead = homeWins ? set.home - set.away : set.away - set.home;
    const points = homeWins ? set.home : set.away;
    if (!((points >= targetOf(p.period) && lead >= 2) || (c.cap > 0 && points >= c.cap))) return;
    if (homeWins) p.home++;
    else p.away++;
    events.swing();
    events.periodEnd(`${m.sport.periodPrefix} ${p.period}`);
    if (p.home === c.toWin || p.away === c.toWin) p.finished = true;
    else p.breakLeft = c.breakSeconds;
  };

  const seriesState = (m: SimMatch): SeriesState => {
    const p = m.play;
    const point = pointWin(m);
    const { currentSet, inProgress } = seriesPosition(m);
    const set = inProgress ? p.periods[p.periods.length - 1] : undefined;
    return {
      toWin: c.toWin,
      currentSet,
      inProgress,
      next: raceWin(point, targetOf(currentSet), set?.home ?? 0, set?.away ?? 0),
      later: raceWin(point, c.target, 0, 0),
      decider: raceWin(point, c.deciderTarget, 0, 0),
      unit: point,
      unitsPerSet: c.unitsPerSet,
      unitsLeftInSet: set ? Math.max(2, c.unitsPerSet - set.home - set.away) : 0,
    };
  };

  return {
    duration: (c.toWin + 0.8) * (c.unitsPerSet * c.pointSeconds + c.breakSeconds),

    start(m, rng) {
      beginSet(m, rng, 1);
    },

    play(m: SimMatch, seconds: number, rng: Rng, events: PlayEvents) {
      playByPoints(
        m.play,
        seconds,
        () => beginSet(m, rng, m.play.period + 1),
        () => rally(rng),
        () => playPoint(m, rng, events),
      );
    },

    live(m: SimMatch): LiveState {
      return { ...baseLive(m.play), bestOfMap: sets };
    },

    model(m, scope, basis) {
      const state = cached(m, 'series', () => seriesState(m));
      return seriesScopeModel(m, scope, basis, state);
    },
  };
}

export const volleyballEngine = rallyEngine({
  toWin: 3,
  target: 25,
  deciderTarget: 15,
  cap: 0,
  pointSeconds: 24,
  breakSeconds: 180,
  edge: 0.03,
  unitsPerSet: 45,
});

export const badmintonEngine = rallyEngine({
  toWin: 2,
  target: 21,
  deciderTarget: 21,
  cap: 30,
  pointSeconds: 20,
  breakSeconds: 120,
  edge: 0.04,
  unitsPerSet: 38,
});

export const tableTennisEngine = rallyEngine({
  toWin: 3,
  target: 11,
  deciderTarget: 11,
  cap: 0,
  pointSeconds: 14,
  breakSeconds: 60,
  edge: 0.045,
  unitsPerSet: 19,
});
