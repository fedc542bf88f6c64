import type { LiveState } from '../../../../src/contract/feed';
import { logistic, logit } from '../pricing';
import type { Rng } from '../random';
import { baseLive, spendBreak, cached, score, type PlayEvents, type SimMatch, type SportEngine } from '../state';
import { seriesPosition, seriesScopeModel, type SeriesState } from './series';

/**
 * Esports series, best of three or five maps (bestOfMap). Inside a map kills arrive as Poisson events;
 * periodScores hold each map's kills, homeScore/awayScore the maps won, livePeriod the map number.
 * When a map's time is up its winner is drawn from the strength and the kill lead, and the winner
 * always ends the map ahead on kills (the closing team fight adds them), so a map's periodScore names
 * its winner. Winning a map is the swing.
 */
const MAP_BREAK = 5 * 60;
const KILLS_PER_SECOND = 20 / (30 * 60);
const KILL_WEIGHT = 0.3;

function mapWin(m: SimMatch): number {
  return logistic(0.9 * m.s);
}

function beginMap(m: SimMatch, rng: Rng, n: number): void {
  const p = m.play;
  p.period = n;
  p.clock = 0;
  p.length = Math.round(rng.range(25 * 60, 42 * 60));
  p.periods.push({ home: 0, away: 0 });
}

function endMap(m: SimMatch, rng: Rng, events: PlayEvents): void {
  const p = m.play;
  const kills = p.periods[p.periods.length - 1]!;
  const homeWins = rng.chance(logistic(logit(mapWin(m)) + KILL_WEIGHT * (kills.home - kills.away)));
  if (homeWins && kills.home <= kills.away) kills.home = kills.away + 1;
  if (!homeWins && kills.away <= kills.home) kills.away = kills.home + 1;
  if (homeWins) p.home++;
  else p.away++;
  events.swing();
  events.periodEnd(`Map ${p.period}`);
  const toWin = (m.bestOf + 1) / 2;
  if (p.home === toWin || p.away === toWin) p.finished = true;
  else p.breakLeft = MAP_BREAK;
}

export const esportsEngine: SportEngine = {
  duration: 2.5 * (33 * 60 + MAP_BREAK),

  start(m, rng) {
    beginMap(m, rng, 1);
  },

  play(m: SimMatch, seconds: number, rng: Rng, events: PlayEvents) {
    const p = m.play;
    while (seconds > 1e-9 && !p.finished) {
      if (p.breakLeft > 0) {
        seconds = spendBreak(p, seconds, () => beginMap(m, rng, p.period + 1));
        continue;
      }
      const use = Math.min(seconds, p.length - p.clock);
      const edge = Math.exp(0.25 * m.s);
      const home = rng.poisson(KILLS_PER_SECOND * m.pace * edge * use);
      const away = rng.poisson((KILLS_PER_SECOND * m.pace * use) / edge);
      score(p, home, away, false);
      p.clock += use;
      seconds -= use;
      if (p.clock >= p.length - 1e-9) endMap(m, rng, events);
    }
  },

  live(m: SimMatch): LiveState {
    return { ...baseLive(m.play), bestOfMap: m.bestOf };
  },

  model(m, scope, basis) {
    const series = cached(m, 'series', () => state(m));
    return seriesScopeModel(m, scope, basis, series);
  },
};

function state(m: SimMatch): SeriesState {
  const p = m.play;
  const { currentSet, inProgress } = seriesPosition(m);
  const fresh = mapWin(m);
  let next = fresh;
  const kills = inProgress ? p.periods[p.periods.length - 1] : undefined;
  if (kills && p.length > 0) {
    const progress = Math.min(1, p.clock / p.length);
    next = logistic(logit(fresh) + KILL_WEIGHT * (kills.home - kills.away) * (0.4 + 0.6 * progress));
  }
  return {
    toWin: (m.bestOf + 1) / 2,
    currentSet,
    inProgress,
    next,
    later: fresh,
    decider: fresh,
    unit: 0.5,
    unitsPerSet: 40,
    unitsLeftInSet: 0,
  };
}
