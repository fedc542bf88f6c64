import type { LiveState } from '../../../../src/contract/feed';
import { goalsModel, type ScopeModel } from '../pricing';
import type { Rng } from '../random';
import { baseLive, score, type Basis, type PlayEvents, type SimMatch, type SportEngine } from '../state';

/**
 * Baseball: nine innings of a top half (away bats) and a bottom half (home bats), extra innings while
 * level, the bottom of the ninth skipped when home leads and a walk-off when home goes ahead in it.
 * livePeriod is the inning, inPlayTime3 the seconds played in it, periodScores the runs per inning.
 * Runs are Poisson within each half-inning; a run is the swing. Past 15 innings a level game is
 * ended by a home walk-off run so that a winner is always decided.
 */
const INNINGS = 9;
const LAST_INNING = 15;
const RUNS_PER_TEAM = 4.4;
const HALF_BREAK = 90;

function runsPerHalf(m: SimMatch): [number, number] {
  const edge = Math.exp(0.3 * m.s);
  const base = (RUNS_PER_TEAM * m.pace) / INNINGS;
  return [base * edge, base / edge];
}

function beginHalf(m: SimMatch, rng: Rng): void {
  const p = m.play;
  if (p.period === 0 || p.half === 1) {
    p.period++;
    p.half = 0;
    p.clock = 0;
    p.periods.push({ home: 0, away: 0 });
  } else {
    p.half = 1;
  }
  p.length = Math.round(rng.range(8 * 60, 15 * 60));
  p.nextIn = p.length;
}

function endHalf(m: SimMatch, events: PlayEvents): void {
  const p = m.play;
  const late = p.period >= INNINGS;
  if (late && p.half === 0 && p.home > p.away) p.finished = true;
  else if (late && p.half === 1 && p.home !== p.away) p.finished = true;
  else if (p.period >= LAST_INNING && p.half === 1) {
    score(p, 1, 0);
    events.swing();
    p.finished = true;
  } else p.breakLeft = HALF_BREAK;
}

export const baseballEngine: SportEngine = {
  duration: INNINGS * 2 * (11.5 * 60 + HALF_BREAK),

  start(m, rng) {
    beginHalf(m, rng);
  },

  play(m: SimMatch, seconds: number, rng: Rng, events: PlayEvents) {
    const p = m.play;
    while (seconds > 1e-9 && !p.finished) {
      if (p.breakLeft > 0) {
        const pause = Math.min(seconds, p.breakLeft);
        p.breakLeft -= pause;
        p.clock += pause;
        seconds -= pause;
        if (p.breakLeft <= 1e-9) {
          p.breakLeft = 0;
          beginHalf(m, rng);
        }
        continue;
      }
      const use = Math.min(seconds, p.nextIn);
      const [home, away] = runsPerHalf(m);
      const runs = rng.poisson(((p.half === 0 ? away : home) * use) / p.length);
      if (runs > 0) {
        score(p, p.half === 1 ? runs : 0, p.half === 0 ? runs : 0);
        events.swing();
        if (p.half === 1 && p.period >= INNINGS && p.home > p.away) {
          p.finished = true;
          return;
        }
      }
      p.nextIn -= use;
      p.clock += use;
      seconds -= use;
      if (p.nextIn <= 1e-9) endHalf(m, events);
    }
  },

  live(m: SimMatch): LiveState {
    return baseLive(m.play);
  },

  model(m: SimMatch, scope: string, basis: Basis): ScopeModel | undefined {
    const p = m.play;
    if (p.finished || scope !== 'FT' || basis !== 'score') return undefined;
    // Half-innings left for each side in regulation (in extra innings only the current one), the current one in part.
    const later = Math.max(0, INNINGS - p.period);
    const current = p.period === 0 ? 1 : p.breakLeft > 0 ? 0 : p.nextIn / p.length;
    const awayHalves = p.period === 0 ? INNINGS : later + (p.half === 0 ? current : 0);
    const homeHalves = p.period === 0 ? INNINGS : later + (p.half === 0 ? 1 : current);
    const [home, away] = runsPerHalf(m);
    return goalsModel(p.home, p.away, home * homeHalves, away * awayHalves, home / (home + away));
  },
};
