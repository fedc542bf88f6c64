import type { LiveState } from '../../../../src/contract/feed';
import { ArrayDist, DurationDist, logistic, normalCdf, pointDist, type ScopeModel } from '../pricing';
import type { Rng } from '../random';
import { baseLive, spendBreak, type Basis, type PlayEvents, type SimMatch, type SportEngine } from '../state';

/**
 * Boxing: 3-minute rounds (1-minute rests) over 8, 10 or 12 scheduled rounds (SimMatch.bestOf).
 * livePeriod is the round, periodScores one judge's card per completed round (10-9, 10-8 after a
 * knockdown, which is the swing). homeScore/awayScore stay 0-0 until the end, then 1-0 for the
 * winner: by stoppage (a constant hazard per round) or on the cards, a level card going to the
 * better boxer as a split decision, so a winner is always decided. PlayState.rounds keeps the rounds
 * fought (e.g. 7.42) for the total-rounds market.
 */
const ROUND = 180;
const REST = 60;

/** Stoppages per round, as a rate, and the chances home wins a round and a stoppage. */
function odds(m: SimMatch): { hazard: number; round: number; stoppage: number } {
  return { hazard: -Math.log(1 - Math.min(0.3, 0.05 * m.pace)), round: logistic(0.8 * m.s), stoppage: logistic(1.2 * m.s) };
}

function cardLead(m: SimMatch): number {
  let lead = 0;
  for (const r of m.play.periods) lead += r.home - r.away;
  return lead;
}

function finish(m: SimMatch, homeWins: boolean, events: PlayEvents): void {
  const p = m.play;
  p.home = homeWins ? 1 : 0;
  p.away = homeWins ? 0 : 1;
  p.rounds = Math.round((p.period - 1 + p.clock / ROUND) * 100) / 100;
  p.finished = true;
  events.swing();
}

function endRound(m: SimMatch, rng: Rng, events: PlayEvents): void {
  const p = m.play;
  const { round } = odds(m);
  const homeRound = rng.chance(round);
  const loser = rng.chance(0.06) ? 8 : 9;
  p.periods.push(homeRound ? { home: 10, away: loser } : { home: loser, away: 10 });
  if (loser === 8) events.swing();
  if (p.period < m.bestOf) {
    p.breakLeft = REST;
    return;
  }
  const lead = cardLead(m);
  finish(m, lead > 0 || (lead === 0 && rng.chance(round)), events);
}

export const boxingEngine: SportEngine = {
  duration: 10 * (ROUND + REST),

  start(m) {
    m.play.period = 1;
    m.play.clock = 0;
    m.play.length = ROUND;
  },

  play(m: SimMatch, seconds: number, rng: Rng, events: PlayEvents) {
    const p = m.play;
    while (seconds > 1e-9 && !p.finished) {
      if (p.breakLeft > 0) {
        seconds = spendBreak(p, seconds, () => {
          p.period++;
          p.clock = 0;
        });
        continue;
      }
      const use = Math.min(seconds, ROUND - p.clock);
      const { hazard, stoppage } = odds(m);
      if (rng.chance(1 - Math.exp((-hazard * use) / ROUND))) {
        p.clock += use * rng.next();
        finish(m, rng.chance(stoppage), events);
        return;
      }
      p.clock += use;
      seconds -= use;
      if (p.clock >= ROUND - 1e-9) endRound(m, rng, events);
    }
  },

  live(m: SimMatch): LiveState {
    return baseLive(m.play);
  },

  model(m: SimMatch, scope: string, basis: Basis): ScopeModel | undefined {
    const p = m.play;
    if (p.finished || scope !== 'FT') return undefined;
    const { hazard, round, stoppage } = odds(m);
    const fought = p.period === 0 ? 0 : p.period - 1 + p.clock / ROUND;
    const left = m.bestOf - fought;
    if (basis === 'duration') return { win: 0.5, total: new DurationDist(fought, hazard, m.bestOf) };
    const stopped = 1 - Math.exp(-hazard * left);
    const roundsLeft = m.bestOf - p.periods.length;
    const onCards = normalCdf((cardLead(m) + (2 * round - 1) * roundsLeft) / Math.sqrt(roundsLeft + 0.5));
    const win = stopped * stoppage + (1 - stopped) * onCards;
    return { win, margin: new ArrayDist(-1, Float64Array.of(1 - win, 0, win)), total: pointDist(1) };
  },
};
