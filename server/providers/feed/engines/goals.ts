import type { LiveState } from '../../../../src/contract/feed';
import { ArrayDist, goalsModel, pointDist, type ScopeModel } from '../pricing';
import type { Rng } from '../random';
import { baseLive, spendBreak, score, type Basis, type PlayEvents, type SimMatch, type SportEngine } from '../state';

/**
 * Timed sports with goals: football (two 45-minute halves plus stoppage time, half-time, draws stand)
 * and ice hockey (three 20-minute periods, 5-minute sudden-death overtime as livePeriod 4, then a
 * shoot-out as livePeriod 5 whose winner gets one goal). Goals are Poisson with rates from the hidden
 * strength; the same rates price the markets.
 */
interface GoalsConfig {
  periods: number;
  periodSeconds: number;
  /** Break after each regulation period but the last. */
  breakSeconds: number;
  /** Football's half-time: isHT during the break after period 1. */
  halfTime: boolean;
  goalsPerTeam: number;
  strengthScale: number;
  /** Added time per period, [min, max] seconds. */
  stoppage: [number, number];
  overtimeSeconds: number;
  /** The scope of the first period's markets: '1H' or 'P1'. */
  firstScope: string;
}

const OVERTIME = 4;
const SHOOTOUT = 5;

export function goalsEngine(config: GoalsConfig): SportEngine {
  const avgStoppage = (config.stoppage[0] + config.stoppage[1]) / 2;
  const nominal = config.periodSeconds + avgStoppage;
  const regulation = config.periods * nominal;

  /** Goals per second for home and away. */
  const rates = (m: SimMatch): [number, number] => {
    const base = (config.goalsPerTeam * m.pace) / regulation;
    const edge = Math.exp((config.strengthScale * m.s) / 2);
    return [base * edge, base / edge];
  };

  /** Home's chance when level after regulation: the overtime goal, else the shoot-out (from `left` seconds of overtime). */
  const tieBreak = (m: SimMatch, left = config.overtimeSeconds): number => {
    const [rh, ra] = rates(m);
    const shootout = 0.5 + (rh / (rh + ra) - 0.5) * 0.5;
    const goal = 1 - Math.exp(-(rh + ra) * left);
    return goal * (rh / (rh + ra)) + (1 - goal) * shootout;
  };

  /** Seconds of regulation left in periods first…last. */
  const remaining = (m: SimMatch, first: number, last: number): number => {
    const p = m.play;
    let left = 0;
    for (let n = first; n <= last; n++) {
      if (n > p.period) left += nominal;
      else if (n === p.period && p.breakLeft === 0 && !p.isHT) left += Math.max(0, p.length - p.clock);
    }
    return left;
  };

  const beginPeriod = (m: SimMatch, rng: Rng, n: number): void => {
    const p = m.play;
    p.period = n;
    p.clock = 0;
    p.isHT = false;
    p.periods.push({ home: 0, away: 0 });
    if (n <= config.periods) p.length = config.periodSeconds + Math.round(rng.range(config.stoppage[0], config.stoppage[1]));
    else p.length = n === OVERTIME ? config.overtimeSeconds : 120;
  };

  const endPeriod = (m: SimMatch, rng: Rng, events: PlayEvents): void => {
    const p = m.play;
    if (p.period === 1) events.periodEnd(config.firstScope);
    if (p.period < config.periods) {
      p.breakLeft = config.breakSeconds;
      p.isHT = config.halfTime;
      return;
    }
    if (p.period === config.periods) {
      if (config.overtimeSeconds === 0 || p.home !== p.away) {
        p.finished = true;
        return;
      }
      events.periodEnd('RT');
      p.breakLeft = 120;
      return;
    }
    if (p.period === OVERTIME) {
      p.breakLeft = 60;
      return;
    }
    // Shoot-out: decided by the strengths, the winner gets one goal.
    const homeWins = rng.chance(tieBreak(m, 0));
    score(p, homeWins ? 1 : 0, homeWins ? 0 : 1);
    events.swing();
    p.finished = true;
  };

  return {
    duration: regulation + (config.periods - 1) * config.breakSeconds,

    start(m, rng) {
      beginPeriod(m, rng, 1);
    },

    play(m: SimMatch, seconds: number, rng: Rng, events: PlayEvents) {
      const p = m.play;
      while (seconds > 1e-9 && !p.finished) {
        if (p.breakLeft > 0) {
          seconds = spendBreak(p, seconds, () => beginPeriod(m, rng, p.period + 1));
          continue;
        }
        const use = Math.min(seconds, p.length - p.clock);
        const [rh, ra] = rates(m);
        if (p.period === OVERTIME) {
          if (rng.chance(1 - Math.exp(-(rh + ra) * use))) {
            const homeScores = rng.chance(rh / (rh + ra));
            score(p, homeScores ? 1 : 0, homeScores ? 0 : 1);
            p.clock += use * rng.next();
            events.swing();
            p.finished = true;
            return;
          }
        } else if (p.period !== SHOOTOUT) {
          const home = rng.poisson(rh * use);
          const away = rng.poisson(ra * use);
          if (home + away > 0) {
            score(p, home, away);
            events.swing();
          }
        }
        p.clock += use;
        seconds -= use;
        if (p.clock >= p.length - 1e-9) endPeriod(m, rng, events);
      }
    },

    live(m: SimMatch): LiveState {
      return baseLive(m.play);
    },

    model(m: SimMatch, scope: string, basis: Basis): ScopeModel | undefined {
      const p = m.play;
      if (p.finished || basis !== 'score') return undefined;
      const [rh, ra] = rates(m);
      if (scope === config.firstScope) {
        if (p.period > 1 || p.isHT || (p.period === 1 && p.clock >= p.length)) return undefined;
        const left = remaining(m, 1, 1);
        const first = p.periods[0] ?? { home: 0, away: 0 };
        return goalsModel(first.home, first.away, rh * left, ra * left, null);
      }
      const inRegulation = p.period <= config.periods && !(p.period === config.periods && p.clock >= p.length);
      if (scope === 'RT') {
        if (!inRegulation) return undefined;
        const left = remaining(m, 1, config.periods);
        return goalsModel(p.home, p.away, rh * left, ra * left, null);
      }
      if (scope !== 'FT') return undefined;
      if (inRegulation || config.overtimeSeconds === 0) {
        const left = remaining(m, 1, config.periods);
        return goalsModel(p.home, p.away, rh * left, ra * left, config.overtimeSeconds > 0 ? tieBreak(m) : null);
      }
      // Level after regulation: one more goal decides it.
      const overtimeLeft =
        p.period === OVERTIME && p.breakLeft === 0 ? p.length - p.clock : p.period < OVERTIME ? config.overtimeSeconds : 0;
      const win = tieBreak(m, overtimeLeft);
      return {
        win,
        margin: new ArrayDist(-1, Float64Array.of(1 - win, 0, win)),
        total: pointDist(p.home + p.away + 1),
      };
    },
  };
}

export const footballEngine = goalsEngine({
  periods: 2,
  periodSeconds: 45 * 60,
  breakSeconds: 15 * 60,
  halfTime: true,
  goalsPerTeam: 1.35,
  strengthScale: 1,
  stoppage: [60, 300],
  overtimeSeconds: 0,
  firstScope: '1H',
});

export const iceHockeyEngine = goalsEngine({
  periods: 3,
  periodSeconds: 20 * 60,
  breakSeconds: 18 * 60,
  halfTime: false,
  goalsPerTeam: 3,
  strengthScale: 0.7,
  stoppage: [0, 0],
  overtimeSeconds: 5 * 60,
  firstScope: 'P1',
});
