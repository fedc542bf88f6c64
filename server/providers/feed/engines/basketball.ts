import type { LiveState } from '../../../../src/contract/feed';
import { NormalDist, type ScopeModel } from '../pricing';
import type { Rng } from '../random';
import {
  baseLive,
  spendBreak,
  score,
  scopeIndex,
  sumPeriods,
  type Basis,
  type PlayEvents,
  type SimMatch,
  type SportEngine,
} from '../state';

/**
 * Basketball: four 12-minute quarters (2-minute breaks, 15-minute half-time with isHT), 5-minute
 * overtimes as livePeriod 99 while level. Teams alternate possessions of about 14 seconds; a
 * possession scores 2 or 3 (free throws folded in) with a chance set by the strength, and its points
 * go to one of the team's players by their shares (for player props). A swing (markets suspend) is a
 * run of 8 unanswered points. Pricing uses normal approximations of the same possession model.
 */
const QUARTER = 12 * 60;
const OVERTIME = 5 * 60;
const REGULATION = 4 * QUARTER;
const OT_PERIOD = 99;
const POSSESSION_SECONDS = 14.4;
/** Mean and mean square of a scoring possession's points (70% two, 30% three). */
const SCORE_MEAN = 0.7 * 2 + 0.3 * 3;
const SCORE_SQUARE = 0.7 * 4 + 0.3 * 9;
const RUN = 8;

/** P(a possession scores) for home and away. */
function scoring(m: SimMatch): [number, number] {
  return [0.45 + 0.015 * m.s, 0.45 - 0.015 * m.s];
}

/** Mean and variance of one team's points over `seconds` of play. */
function points(m: SimMatch, chance: number, seconds: number): [number, number] {
  const possessions = (seconds * m.pace) / POSSESSION_SECONDS / 2;
  const mean = chance * SCORE_MEAN;
  return [possessions * mean, possessions * (chance * SCORE_SQUARE - mean * mean)];
}

/** Seconds left in quarters first…last (overtime counts as quarter 5). */
function remaining(m: SimMatch, first: number, last: number): number {
  const p = m.play;
  const current = p.period === OT_PERIOD ? 5 : p.period;
  let left = 0;
  for (let n = first; n <= last; n++) {
    if (n > current) left += n > 4 ? 0 : QUARTER;
    else if (n === current && p.breakLeft === 0) left += Math.max(0, p.length - p.clock);
  }
  return left;
}

/** One possession of the team with the ball (PlayState.server: 0 home, 1 away). */
function possession(m: SimMatch, rng: Rng, events: PlayEvents): void {
  const p = m.play;
  const home = p.server === 0;
  p.server = home ? 1 : 0;
  if (!rng.chance(scoring(m)[home ? 0 : 1])) return;
  const value = rng.chance(0.7) ? 2 : 3;
  score(p, home ? value : 0, home ? 0 : value);
  const teamId = home ? m.match.homeId : m.match.awayId;
  let r = rng.next();
  for (let i = 0; i < m.players.length; i++) {
    const player = m.players[i]!;
    if (player.teamId !== teamId) continue;
    r -= player.share;
    if (r <= 0) {
      p.playerPoints[i] = (p.playerPoints[i] ?? 0) + value;
      break;
    }
  }
  // PlayState.mark is the current run: unanswered points, positive for home.
  p.mark = home ? Math.max(0, p.mark) + value : Math.min(0, p.mark) - value;
  if (Math.abs(p.mark) >= RUN) {
    p.mark = 0;
    events.swing();
  }
}

function beginPeriod(m: SimMatch, rng: Rng, n: number): void {
  const p = m.play;
  p.period = n;
  p.clock = 0;
  p.isHT = false;
  p.length = n === OT_PERIOD ? OVERTIME : QUARTER;
  p.nextIn = (POSSESSION_SECONDS / m.pace) * rng.range(0.5, 1.5);
  p.periods.push({ home: 0, away: 0 });
}

function endPeriod(m: SimMatch, events: PlayEvents): void {
  const p = m.play;
  if (p.period <= 4) events.periodEnd(`Q${p.period}`);
  if (p.period === 2) {
    events.periodEnd('1H');
    p.isHT = true;
    p.breakLeft = 15 * 60;
  } else if (p.period === 1 || p.period === 3 || p.home === p.away) {
    p.breakLeft = 120;
  } else {
    p.finished = true;
  }
}

function normalModel(currentMargin: number, currentTotal: number, m: SimMatch, seconds: number): ScopeModel {
  const [home, away] = scoring(m);
  const [meanHome, varHome] = points(m, home, seconds);
  const [meanAway, varAway] = points(m, away, seconds);
  // The pace is not known for sure before the game: totals spread more than margins.
  const unknown = (seconds / REGULATION) ** 2;
  const margin = new NormalDist(currentMargin + meanHome - meanAway, Math.sqrt(varHome + varAway + 10 * unknown));
  const total = new NormalDist(currentTotal + meanHome + meanAway, Math.sqrt(varHome + varAway + 100 * unknown));
  return { win: margin.gt(0) + 0.5 * margin.eq(0), margin, total };
}

export const basketballEngine: SportEngine = {
  duration: REGULATION + 2 * 120 + 15 * 60,

  start(m, rng) {
    m.play.server = rng.chance(0.5) ? 0 : 1;
    m.play.playerPoints = m.players.map(() => 0);
    beginPeriod(m, rng, 1);
  },

  play(m: SimMatch, seconds: number, rng: Rng, events: PlayEvents) {
    const p = m.play;
    while (seconds > 1e-9 && !p.finished) {
      if (p.breakLeft > 0) {
        seconds = spendBreak(p, seconds, () => beginPeriod(m, rng, p.period >= 4 ? OT_PERIOD : p.period + 1));
        continue;
      }
      const left = p.length - p.clock;
      const use = Math.min(seconds, p.nextIn, left);
      p.clock += use;
      p.nextIn -= use;
      seconds -= use;
      if (use === left) {
        endPeriod(m, events);
      } else if (p.nextIn <= 1e-9) {
        p.nextIn = (POSSESSION_SECONDS / m.pace) * rng.range(0.5, 1.5);
        possession(m, rng, events);
      }
    }
  },

  live(m: SimMatch): LiveState {
    return baseLive(m.play);
  },

  model(m: SimMatch, scope: string, basis: Basis, player?: number): ScopeModel | undefined {
    const p = m.play;
    if (p.finished) return undefined;
    if (basis === 'player') {
      const who = m.players[player ?? -1];
      if (!who) return undefined;
      const [home, away] = scoring(m);
      const [mean, variance] = points(m, who.teamId === m.match.homeId ? home : away, remaining(m, 1, 5));
      const spread = who.share * variance + who.share * (1 - who.share) * mean * SCORE_MEAN + 1;
      return { win: 0.5, total: new NormalDist((p.playerPoints[player!] ?? 0) + who.share * mean, Math.sqrt(spread)) };
    }
    if (scope === 'FT') return normalModel(p.home - p.away, p.home + p.away, m, remaining(m, 1, 5));
    if (scope === '1H') {
      if (p.period > 2 || p.isHT || p.period === OT_PERIOD) return undefined;
      const sum = sumPeriods(p, 0, 1);
      return normalModel(sum.home - sum.away, sum.home + sum.away, m, remaining(m, 1, 2));
    }
    const quarter = scopeIndex(scope);
    if (quarter === undefined || quarter < p.period || (quarter === p.period && p.breakLeft > 0) || p.period === OT_PERIOD)
      return undefined;
    const current = quarter === p.period ? sumPeriods(p, quarter - 1, quarter - 1) : { home: 0, away: 0 };
    return normalModel(current.home - current.away, current.home + current.away, m, remaining(m, quarter, quarter));
  },
};
