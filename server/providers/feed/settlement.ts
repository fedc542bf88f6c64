import type { PeriodScore } from '../../../src/contract/feed';
import { isQuarterLine } from './pricing';
import { scopeIndex, sumPeriods, type SimMarket, type SimMatch } from './state';
import type { MarketKind, MarketResult, MatchResult, SelectionOutcome } from './types';

/**
 * How markets settle. A handicap or over/under bet settles on the market's figures (score) at the
 * bet's own point: a whole line refunds on a tie, a quarter line (-0.25, 2.75) is half on each
 * neighbouring half line, giving half-won or half-lost. Handicaps and totals settle on the whole
 * period's score (not on goals after the bet was struck).
 */

/** Outcome of a line bet that wins when value + line > 0. */
function lineOutcome(value: number, line: number): SelectionOutcome {
  const halves = isQuarterLine(line) ? [line - 0.25, line + 0.25] : [line];
  const signs = halves.map((half) => {
    const v = value + half;
    return Math.abs(v) < 1e-9 ? 0 : Math.sign(v);
  });
  const sum = signs.reduce((a, b) => a + b, 0) * (2 / halves.length);
  if (sum >= 2) return 'won';
  if (sum <= -2) return 'lost';
  if (sum === 1) return 'halfWon';
  if (sum === -1) return 'halfLost';
  return 'void';
}

/**
 * Settles one selection. `point` is the home handicap (handicap markets) or the total line
 * (over/under); `keys` lists a correct-score market's selections so 'other' can be settled.
 */
export function settleSelection(
  kind: MarketKind,
  key: string,
  point: number | null,
  score: PeriodScore,
  keys: readonly string[] = [],
): SelectionOutcome {
  const margin = score.home - score.away;
  const total = score.home + score.away;
  const line = point ?? 0;
  switch (kind) {
    case 'handicap':
      return key === 'h' ? lineOutcome(margin, line) : lineOutcome(-margin, -line);
    case 'overUnder':
      return key === 'o' ? lineOutcome(total, -line) : lineOutcome(-total, line);
    case '1x2':
      return key === (margin > 0 ? 'h' : margin < 0 ? 'a' : 'd') ? 'won' : 'lost';
    case 'moneyline':
      if (margin === 0) return 'void';
      return key === (margin > 0 ? 'h' : 'a') ? 'won' : 'lost';
    case 'oddEven':
      return key === (total % 2 === 1 ? 'odd' : 'even') ? 'won' : 'lost';
    case 'correctScore': {
      const exact = `${score.home}-${score.away}`;
      if (key === 'other') return keys.includes(exact) ? 'lost' : 'won';
      return key === exact ? 'won' : 'lost';
    }
  }
}

/** The figures a market settles on, or null when its period was never played. */
export function settlementScore(sm: SimMarket): PeriodScore | null {
  const { sim, spec } = sm;
  const p = sim.play;
  if (spec.basis === 'player') return { home: p.playerPoints[sm.player ?? -1] ?? 0, away: 0 };
  if (spec.basis === 'duration') return { home: p.rounds, away: 0 };
  if (spec.scope === 'FT') return spec.basis === 'units' ? sumPeriods(p, 0, p.periods.length - 1) : { home: p.home, away: p.away };
  if (spec.scope === 'RT') return sumPeriods(p, 0, 2);
  // Football's first half is period 1, basketball's quarters 1 and 2.
  if (spec.scope === '1H') return sumPeriods(p, 0, sim.sport.periodPrefix === 'Q' ? 1 : 0);
  const n = scopeIndex(spec.scope);
  const period = n === undefined ? undefined : p.periods[n - 1];
  return period ? { home: period.home, away: period.away } : null;
}

export function marketResult(sm: SimMarket): MarketResult {
  const { market, spec } = sm;
  const score = settlementScore(sm);
  const keys = market.selections.map((s) => s.key);
  const outcomes: Record<string, SelectionOutcome> = {};
  for (const key of keys) outcomes[key] = score ? settleSelection(spec.kind, key, market.point, score, keys) : 'void';
  return {
    marketId: market.marketId,
    betType: market.betType,
    kind: spec.kind,
    periodName: market.periodName,
    point: market.point,
    score,
    outcomes,
    ...(market.player ? { playerId: market.player.playerId } : {}),
  };
}

export function matchResult(sim: SimMatch, finishedAt: number): MatchResult {
  const p = sim.play;
  return {
    matchId: sim.match.matchId,
    sportTypeId: sim.match.sportTypeId,
    homeScore: p.home,
    awayScore: p.away,
    periodScores: p.periods.map((s) => ({ home: s.home, away: s.away })),
    winner: p.home > p.away ? 'h' : p.home < p.away ? 'a' : 'd',
    finishedAt,
    markets: sim.markets.map(marketResult),
  };
}
