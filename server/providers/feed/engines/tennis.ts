import type { LiveState } from '../../../../src/contract/feed';
import { clamp, raceWin } from '../pricing';
import type { Rng } from '../random';
import { baseLive, playByPoints, cached, score, type PlayEvents, type SimMatch, type SportEngine } from '../state';
import { seriesPosition, seriesScopeModel, type SeriesState } from './series';

/**
 * Tennis, best of three sets: points → games (deuce, advantage) → sets (tie-break at 6-6). Each
 * player wins points on serve with their own chance; a break of serve is the swing. periodScores hold
 * the games of each set, homeScore/awayScore the sets, tennisPoints the current game.
 */
const TO_WIN = 2;
const POINT_SECONDS = 40;
const SET_BREAK = 150;
const LABELS = ['0', '15', '30', '40'];

/** Chance each player wins a point on their own serve. */
function serve(m: SimMatch): [number, number] {
  return [clamp(0.63 + 0.03 * m.s, 0.5, 0.8), clamp(0.63 - 0.03 * m.s, 0.5, 0.8)];
}

/** P(home wins the set) from games gh:ga with home serving next or not; tb is the tie-break chance. */
function setWin(holdHome: number, holdAway: number, tb: number, gh: number, ga: number, homeServes: boolean): number {
  const memo = new Float64Array(8 * 8 * 2).fill(-1);
  const f = (x: number, y: number, hs: boolean): number => {
    if ((x >= 6 && x - y >= 2) || x >= 7) return 1;
    if ((y >= 6 && y - x >= 2) || y >= 7) return 0;
    if (x === 6 && y === 6) return tb;
    const key = (x * 8 + y) * 2 + (hs ? 1 : 0);
    if (memo[key]! >= 0) return memo[key]!;
    const g = hs ? holdHome : 1 - holdAway;
    const value = g * f(x + 1, y, !hs) + (1 - g) * f(x, y + 1, !hs);
    memo[key] = value;
    return value;
  };
  return f(gh, ga, homeServes);
}

function tennisPoints(m: SimMatch): { home: string; away: string } {
  const [a, b] = m.play.points;
  if (m.play.tiebreak) return { home: String(a), away: String(b) };
  if (a >= 3 && b >= 3) return a === b ? { home: '40', away: '40' } : a > b ? { home: 'AD', away: '40' } : { home: '40', away: 'AD' };
  return { home: LABELS[a] ?? '40', away: LABELS[b] ?? '40' };
}

function beginSet(m: SimMatch, rng: Rng, n: number): void {
  const p = m.play;
  p.period = n;
  p.clock = 0;
  p.tiebreak = false;
  p.points = [0, 0];
  p.nextIn = POINT_SECONDS * rng.range(0.5, 1.5);
  p.periods.push({ home: 0, away: 0 });
}

function playPoint(m: SimMatch, rng: Rng, events: PlayEvents): void {
  const p = m.play;
  const [serveHome, serveAway] = serve(m);
  const chance = p.tiebreak ? (serveHome + 1 - serveAway) / 2 : p.server === 0 ? serveHome : 1 - serveAway;
  const homeWins = rng.chance(chance);
  p.points[homeWins ? 0 : 1]++;
  const [a, b] = p.points;
  const target = p.tiebreak ? 7 : 4;
  if (Math.max(a, b) < target || Math.abs(a - b) < 2) return;
  // Game over.
  const broken = !p.tiebreak && (homeWins ? 1 : 0) === p.server;
  score(p, homeWins ? 1 : 0, homeWins ? 0 : 1, false);
  p.points = [0, 0];
  p.server = p.server === 0 ? 1 : 0;
  const set = p.periods[p.periods.length - 1]!;
  const setWon =
    p.tiebreak || Math.max(set.home, set.away) >= 7 || (Math.max(set.home, set.away) >= 6 && Math.abs(set.home - set.away) >= 2);
  if (broken || setWon) events.swing();
  if (!setWon) {
    p.tiebreak = set.home === 6 && set.away === 6;
    return;
  }
  p.tiebreak = false;
  if (set.home > set.away) p.home++;
  else p.away++;
  events.periodEnd(`Set ${p.period}`);
  if (p.home === TO_WIN || p.away === TO_WIN) p.finished = true;
  else p.breakLeft = SET_BREAK;
}

export const tennisEngine: SportEngine = {
  duration: 2.5 * (10 * 6.5 * POINT_SECONDS + SET_BREAK),

  start(m, rng) {
    m.play.server = rng.chance(0.5) ? 0 : 1;
    beginSet(m, rng, 1);
  },

  play(m: SimMatch, seconds: number, rng: Rng, events: PlayEvents) {
    playByPoints(
      m.play,
      seconds,
      () => beginSet(m, rng, m.play.period + 1),
      () => POINT_SECONDS * rng.range(0.5, 1.5),
      () => playPoint(m, rng, events),
    );
  },

  live(m: SimMatch): LiveState {
    return { ...baseLive(m.play), tennisPoints: tennisPoints(m), bestOfMap: 2 * TO_WIN - 1 };
  },

  model(m, scope, basis) {
    const series = cached(m, 'series', () => state(m));
    return seriesScopeModel(m, scope, basis, series);
  },
};

function state(m: SimMatch): SeriesState {
  const p = m.play;
  const [serveHome, serveAway] = serve(m);
  const holdHome = raceWin(serveHome, 4, 0, 0);
  const holdAway = raceWin(serveAway, 4, 0, 0);
  const tiebreakPoint = (serveHome + 1 - serveAway) / 2;
  const tiebreak = raceWin(tiebreakPoint, 7, 0, 0);
  const fresh = (setWin(holdHome, holdAway, tiebreak, 0, 0, true) + setWin(holdHome, holdAway, tiebreak, 0, 0, false)) / 2;
  const { currentSet, inProgress } = seriesPosition(m);
  const set = inProgress ? p.periods[p.periods.length - 1] : undefined;
  let next = fresh;
  if (set) {
    const [a, b] = p.points;
    if (p.tiebreak) next = raceWin(tiebreakPoint, 7, a, b);
    else {
      const game = raceWin(p.server === 0 ? serveHome : 1 - serveAway, 4, a, b);
      const homeServesNext = p.server === 1;
      next =
        game * setWin(holdHome, holdAway, tiebreak, set.home + 1, set.away, homeServesNext) +
        (1 - game) * setWin(holdHome, holdAway, tiebreak, set.home, set.away + 1, homeServesNext);
    }
  }
  return {
    toWin: TO_WIN,
    currentSet,
    inProgress,
    next,
    later: fresh,
    decider: fresh,
    unit: (holdHome + 1 - holdAway) / 2,
    unitsPerSet: 10,
    unitsLeftInSet: set ? Math.max(1, 10 - set.home - set.away) : 0,
  };
}
