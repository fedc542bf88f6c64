import { SportTypeId } from '../../../src/contract/sports';
import {
  BUILDER_MAX_SELECTIONS,
  BUILDER_MIN_SELECTIONS,
  type CustomBetCalculation,
  type CustomBetFilter,
  type CustomBetMarket,
  type CustomBetSettlement,
} from '../../../src/contract/builder';
import { MAX_PRICE, MIN_PRICE, clamp } from './pricing';
import { cached, type SimMatch } from './state';
import type { MatchResult } from './types';

/**
 * The feed's custom-bet API (the bet builder, issue 38), shaped like a real provider's (Sportradar's
 * "Custom Bet": available selections of a match, calculate a combination's price or refuse it naming
 * the conflict, filter what still combines with a choice). The simulator implements it from its own
 * scoring model; a real provider's adapter would implement the same interface over its API.
 *
 * Selections are the provider's own (not the match's main markets): each is a predicate on the
 * full-time score, so a combination's probability is the mass of the scores on which every one of its
 * selections holds. Settlement follows from the same predicates (see CustomBetProvider.settle).
 */
export interface CustomBetProvider {
  /** The builder's markets of a match and each selection's own price; undefined when the match offers no builder. */
  availableSelections(matchId: string): CustomBetMarket[] | undefined;
  /** The combined price of these selections, or the refusal (with the conflicting selections named). */
  calculate(matchId: string, selectionIds: readonly string[]): CustomBetCalculation;
  /** Which further selections still combine with these (the rest the builder greys out). */
  filter(matchId: string, selectionIds: readonly string[]): CustomBetFilter;
  /**
   * How each selection ended on a finished match's result. Every selection is decided by the full-time
   * score, so none voids alone: a match without a result (abandoned) voids them all (and the ticket).
   */
  settle(selectionIds: readonly string[], result: MatchResult | undefined): CustomBetSettlement;
}

/** One selection as a predicate on the final score, in its market. */
interface Predicate {
  id: string;
  market: string;
  marketName: string;
  name: (home: string, away: string) => string;
  holds: (home: number, away: number) => boolean;
}

const TOTAL_LINES = [1.5, 2.5, 3.5] as const;

function predicates(): Predicate[] {
  const list: Predicate[] = [
    { id: '1x2:h', market: '1x2', marketName: 'Match Result', name: (h) => h, holds: (h, a) => h > a },
    { id: '1x2:d', market: '1x2', marketName: 'Match Result', name: () => 'Draw', holds: (h, a) => h === a },
    { id: '1x2:a', market: '1x2', marketName: 'Match Result', name: (_h, a) => a, holds: (h, a) => h < a },
    { id: 'dc:1x', market: 'dc', marketName: 'Double Chance', name: (h) => `${h} or Draw`, holds: (h, a) => h >= a },
    { id: 'dc:12', market: 'dc', marketName: 'Double Chance', name: (h, a) => `${h} or ${a}`, holds: (h, a) => h !== a },
    { id: 'dc:x2', market: 'dc', marketName: 'Double Chance', name: (_h, a) => `Draw or ${a}`, holds: (h, a) => h <= a },
  ];
  for (const line of TOTAL_LINES) {
    const market = `tg${line}`;
    const marketName = `Total Goals ${line}`;
    list.push(
      { id: `${market}:o`, market, marketName, name: () => `Over ${line}`, holds: (h, a) => h + a > line },
      { id: `${market}:u`, market, marketName, name: () => `Under ${line}`, holds: (h, a) => h + a < line },
    );
  }
  list.push(
    { id: 'btts:y', market: 'btts', marketName: 'Both Teams to Score', name: () => 'Yes', holds: (h, a) => h > 0 && a > 0 },
    { id: 'btts:n', market: 'btts', marketName: 'Both Teams to Score', name: () => 'No', holds: (h, a) => h === 0 || a === 0 },
    { id: 'oe:odd', market: 'oe', marketName: 'Odd/Even Goals', name: () => 'Odd', holds: (h, a) => (h + a) % 2 === 1 },
    { id: 'oe:even', market: 'oe', marketName: 'Odd/Even Goals', name: () => 'Even', holds: (h, a) => (h + a) % 2 === 0 },
  );
  return list;
}

const PREDICATES = predicates();
const BY_ID = new Map(PREDICATES.map((p) => [p.id, p]));

/** The margin of one selection alone, and of a combination (a builder carries more, as books' do). */
export const SELECTION_MARGIN = 0.05;
export const BUILDER_MARGIN = 0.1;
/** Below this probability a combination cannot happen (it is refused, not priced at 500). */
const IMPOSSIBLE = 1e-6;
/** Goals beyond the current score considered per side (the Poisson tail past it is negligible). */
const MAX_MORE_GOALS = 15;

/** A decimal price from a probability with a proportional margin, floored to hundredths (as the markets are). */
export function priceOf(probability: number, margin: number): number {
  const raw = 1 / (probability * (1 + margin));
  return clamp(Math.floor(raw * 100 + 1e-7) / 100, MIN_PRICE, MAX_PRICE);
}

/** Final scores with their probabilities in the current state (football's full time). */
export interface ScoreGrid {
  cells: { home: number; away: number; p: number }[];
}

/** Probability that every predicate holds. */
export function jointProbability(grid: ScoreGrid, holds: readonly ((home: number, away: number) => boolean)[]): number {
  let sum = 0;
  for (const cell of grid.cells) if (holds.every((h) => h(cell.home, cell.away))) sum += cell.p;
  return sum;
}

/**
 * The score grid of a match now, from the sport engine's own model (the one its markets price from):
 * football's full-time model gives each final score's probability from the current score.
 */
function gridOf(sim: SimMatch): ScoreGrid | undefined {
  return cached(sim, 'builder|FT', () => {
    const model = sim.sport.engine.model(sim, 'FT', 'score');
    const score = model?.score;
    if (!score) return undefined;
    const cells: ScoreGrid['cells'] = [];
    let mass = 0;
    for (let h = sim.play.home; h <= sim.play.home + MAX_MORE_GOALS; h++) {
      for (let a = sim.play.away; a <= sim.play.away + MAX_MORE_GOALS; a++) {
        const p = score(h, a);
        if (p <= 0) continue;
        cells.push({ home: h, away: a, p });
        mass += p;
      }
    }
    if (mass <= 0) return undefined;
    for (const cell of cells) cell.p /= mass;
    return { cells };
  });
}

/** Why a match offers no builder now, or undefined when it does. */
export type Availability = { sim: SimMatch; grid: ScoreGrid } | { refusal: string };

const NOT_OFFERED = 'Bet Builder is not offered on this match.';
export const BUILDER_PAUSED = 'Bet Builder is paused on this match.';

/**
 * The simulator's custom-bet API over its matches: football's full-time score from the goals engine.
 * `simOf` finds a match; `open` says whether its main full-time market takes bets now (not suspended
 * after a goal, not closed), which a builder follows.
 */
export function simulatorCustomBets(simOf: (matchId: string) => SimMatch | undefined, open: (sim: SimMatch) => boolean): CustomBetProvider {
  const availability = (matchId: string): Availability => {
    const sim = simOf(matchId);
    if (!sim || sim.match.sportTypeId !== SportTypeId.Football) return { refusal: NOT_OFFERED };
    if (sim.play.finished || !open(sim)) return { refusal: BUILDER_PAUSED };
    const grid = gridOf(sim);
    return grid ? { sim, grid } : { refusal: BUILDER_PAUSED };
  };

  /** A selection still undecided now (neither certain nor impossible from the current score). */
  const undecided = (grid: ScoreGrid, p: Predicate): boolean => {
    const q = jointProbability(grid, [p.holds]);
    return q > IMPOSSIBLE && q < 1 - IMPOSSIBLE;
  };

  /** The smallest conflicting part of a combination: a pair of one market, an impossible pair, else the whole. */
  const conflictOf = (grid: ScoreGrid, chosen: readonly Predicate[]): { ids: string[]; sameMarket: boolean } => {
    for (let i = 0; i < chosen.length; i++) {
      for (let j = i + 1; j < chosen.length; j++) {
        const [a, b] = [chosen[i]!, chosen[j]!];
        if (a.market === b.market) return { ids: [a.id, b.id], sameMarket: true };
      }
    }
    for (let i = 0; i < chosen.length; i++) {
      for (let j = i + 1; j < chosen.length; j++) {
        const [a, b] = [chosen[i]!, chosen[j]!];
        if (jointProbability(grid, [a.holds, b.holds]) <= IMPOSSIBLE) return { ids: [a.id, b.id], sameMarket: false };
      }
    }
    return { ids: chosen.map((p) => p.id), sameMarket: false };
  };

  const calculate = (matchId: string, selectionIds: readonly string[]): CustomBetCalculation => {
    const at = availability(matchId);
    if ('refusal' in at) return { status: 'unavailable', message: at.refusal };
    const chosen: Predicate[] = [];
    for (const id of selectionIds) {
      const p = BY_ID.get(id);
      if (!p || !undecided(at.grid, p)) return { status: 'unavailable', message: 'A selection is no longer offered.', selectionIds: [id] };
      if (chosen.some((c) => c.id === id))
        return { status: 'conflict', message: 'The same selection is chosen twice.', selectionIds: [id, id] };
      chosen.push(p);
    }
    if (chosen.length < BUILDER_MIN_SELECTIONS) {
      return { status: 'incomplete', message: `Choose at least ${BUILDER_MIN_SELECTIONS} selections.` };
    }
    if (chosen.length > BUILDER_MAX_SELECTIONS) {
      return { status: 'incomplete', message: `A Bet Builder takes at most ${BUILDER_MAX_SELECTIONS} selections.` };
    }
    const { homeName, awayName } = at.sim.match;
    const probability = jointProbability(
      at.grid,
      chosen.map((p) => p.holds),
    );
    if (probability <= IMPOSSIBLE || chosen.some((a, i) => chosen.some((b, j) => j > i && a.market === b.market))) {
      const conflict = conflictOf(at.grid, chosen);
      const names = conflict.ids.map((id) => `“${BY_ID.get(id)!.name(homeName, awayName)}”`);
      const joined = names.length === 2 ? `${names[0]} and ${names[1]}` : names.join(', ');
      const message = conflict.sameMarket ? `${joined} are of the same market.` : `${joined} cannot both happen.`;
      return { status: 'conflict', message, selectionIds: conflict.ids };
    }
    return { status: 'ok', price: priceOf(probability, BUILDER_MARGIN) };
  };

  return {
    availableSelections(matchId) {
      const at = availability(matchId);
      if ('refusal' in at) return undefined;
      const { homeName, awayName } = at.sim.match;
      const markets = new Map<string, CustomBetMarket>();
      for (const p of PREDICATES) {
        const q = jointProbability(at.grid, [p.holds]);
        if (q <= IMPOSSIBLE || q >= 1 - IMPOSSIBLE) continue;
        let market = markets.get(p.market);
        if (!market) markets.set(p.market, (market = { marketId: p.market, name: p.marketName, selections: [] }));
        market.selections.push({ selectionId: p.id, name: p.name(homeName, awayName), price: priceOf(q, SELECTION_MARGIN) });
      }
      return [...markets.values()];
    },

    calculate,

    filter(matchId, selectionIds) {
      const at = availability(matchId);
      if ('refusal' in at) return { combinable: [] };
      const chosen = selectionIds.map((id) => BY_ID.get(id)).filter((p): p is Predicate => p !== undefined);
      const holds = chosen.map((p) => p.holds);
      const combinable = PREDICATES.filter(
        (p) =>
          !selectionIds.includes(p.id) &&
          !chosen.some((c) => c.market === p.market) &&
          undecided(at.grid, p) &&
          chosen.length < BUILDER_MAX_SELECTIONS &&
          jointProbability(at.grid, [...holds, p.holds]) > IMPOSSIBLE,
      ).map((p) => p.id);
      return { combinable };
    },

    settle: settleCustomBet,
  };
}

/** Settles builder selections on a result: each predicate on the full-time score; no result voids them all. */
export function settleCustomBet(selectionIds: readonly string[], result: MatchResult | undefined): CustomBetSettlement {
  const outcomes: CustomBetSettlement['outcomes'] = {};
  for (const id of selectionIds) {
    const p = BY_ID.get(id);
    outcomes[id] = !result || !p ? 'void' : p.holds(result.homeScore, result.awayScore) ? 'won' : 'lost';
  }
  return { outcomes, score: result ? `${result.homeScore}-${result.awayScore}` : null };
}

/** A selection's English name and market name (for a ticket's legs), or undefined when unknown. */
export function customBetSelectionName(id: string, homeName: string, awayName: string): { name: string; marketName: string } | undefined {
  const p = BY_ID.get(id);
  return p && { name: p.name(homeName, awayName), marketName: p.marketName };
}
