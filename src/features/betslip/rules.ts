import { type BetMode, availableCombos, comboSize, normalizeStake } from '../../contract/betting';
import type { BetOrder } from '../../contract/betOrder';
import { ENDING_GAME_MAX_OPTIONS, PARLAY_MAX_MATCHES, STAKE_CAP } from '../../contract/constants';
import type { MarketStatus } from '../../contract/sports';

/**
 * The slip's rules of spec §5, as pure functions: each answers the first problem as an i18n key with
 * its values, or null when all is well. The slip shows the message; the server checks the same again.
 */
export interface Problem {
  key:
    | 'slip.loginRequired'
    | 'slip.marketStatus'
    | 'slip.sameMatch'
    | 'slip.maxMatches'
    | 'slip.parlayMinimum'
    | 'slip.comboNotAllowed'
    | 'slip.maxOptions'
    | 'slip.firstDeposit'
    | 'slip.stakeRequired'
    | 'slip.stakeRange'
    | 'slip.oddsChanged';
  values?: Record<string, string | number>;
  /** The orders the problem is about (marked on the slip). */
  uids?: string[];
}

/** What kind of pick an order is: an outright, a player bet, or a match market. */
export function orderKind(order: Pick<BetOrder, 'outrightOddsId' | 'playerId'>): 'outright' | 'player' | 'match' {
  if (order.outrightOddsId) return 'outright';
  if (order.playerId) return 'player';
  return 'match';
}

/** The orders a mode places: outright and player modes their own kind, the others match markets. */
export function ordersForMode<T extends Pick<BetOrder, 'outrightOddsId' | 'playerId'>>(orders: readonly T[], mode: BetMode): T[] {
  const kind = mode === 'outright' ? 'outright' : mode === 'player' ? 'player' : 'match';
  return orders.filter((order) => orderKind(order) === kind);
}

/** The mode a new pick puts the slip in: its own for outrights and player bets; a match pick leaves those for single. */
export function modeAfterPick(current: BetMode, order: Pick<BetOrder, 'outrightOddsId' | 'playerId'>): BetMode {
  const kind = orderKind(order);
  if (kind === 'outright' || kind === 'player') return kind;
  return current === 'outright' || current === 'player' ? 'single' : current;
}

/** A pick the slip refuses before it goes on (spec §5): a market not running, a 21st parlay match, an 11th ending-game option. */
export function pickProblem(
  orders: readonly Pick<BetOrder, 'matchId' | 'outrightOddsId' | 'playerId'>[],
  mode: BetMode,
  pick: { status: MarketStatus; price: number; matchId: string },
): Problem | null {
  if (pick.status !== 'Running') return { key: 'slip.marketStatus', values: { status: pick.status } };
  if (pick.price <= 1) return { key: 'slip.marketStatus', values: { status: 'ClosedPrice' } };
  const inMode = ordersForMode(orders, mode);
  if (mode === 'parlay' && new Set([...inMode.map((o) => o.matchId), pick.matchId]).size > PARLAY_MAX_MATCHES) {
    return { key: 'slip.maxMatches' };
  }
  if (mode === 'endingGame' && inMode.length >= ENDING_GAME_MAX_OPTIONS) return { key: 'slip.maxOptions' };
  return null;
}

type SlipOrder = Pick<BetOrder, 'uid' | 'matchId' | 'marketStatus' | 'combo' | 'minBet' | 'maxBet' | 'outrightOddsId' | 'playerId'>;

/** Orders whose market is not running: 'Market {status}' on each (spec §5). */
function closedProblem(orders: readonly SlipOrder[]): Problem | null {
  const closed = orders.filter((order) => order.marketStatus !== 'Running');
  const first = closed[0];
  return first ? { key: 'slip.marketStatus', values: { status: first.marketStatus }, uids: closed.map((o) => o.uid) } : null;
}

function stakeProblem(order: SlipOrder, stake: number | undefined): Problem | null {
  const pesos = normalizeStake(stake ?? 0, STAKE_CAP);
  if (pesos === 0) return { key: 'slip.stakeRequired', uids: [order.uid] };
  if (pesos < order.minBet || pesos > order.maxBet) {
    return { key: 'slip.stakeRange', values: { min: order.minBet, max: order.maxBet }, uids: [order.uid] };
  }
  return null;
}

/** Parlay legs: one per match, at most 20 matches, at least 2 legs, combo-able markets (spec §5). */
export function parlayLegsProblem(legs: readonly SlipOrder[]): Problem | null {
  const byMatch = new Map<string, string[]>();
  for (const leg of legs) byMatch.set(leg.matchId, [...(byMatch.get(leg.matchId) ?? []), leg.uid]);
  const twice = [...byMatch.values()].filter((uids) => uids.length > 1).flat();
  if (twice.length > 0) return { key: 'slip.sameMatch', uids: twice };
  if (byMatch.size > PARLAY_MAX_MATCHES) return { key: 'slip.maxMatches' };
  if (legs.length < 2) return { key: 'slip.parlayMinimum', values: { n: 1 } };
  const single = legs.filter((leg) => !leg.combo);
  if (single.length > 0) return { key: 'slip.comboNotAllowed', values: { combo: 'Doubles' }, uids: single.map((o) => o.uid) };
  return null;
}

export interface SlipCheck {
  mode: BetMode;
  loggedIn: boolean;
  firstDeposit: boolean;
  orders: readonly SlipOrder[];
  /** Stakes in pesos: per order uid (single, player, outright), per combo type (parlay), one for all ending-game options. */
  stakes: Readonly<Record<string, number>>;
  comboStakes: Readonly<Record<string, number>>;
  endingGameStake: number;
  /** Orders whose price changed and were not accepted yet. */
  unacceptedChanges: readonly string[];
}

/** The first reason the slip cannot be placed, or null. */
export function slipProblem(check: SlipCheck): Problem | null {
  if (!check.loggedIn) return { key: 'slip.loginRequired' };
  const orders = ordersForMode(check.orders, check.mode);
  const closed = closedProblem(orders);
  if (closed) return closed;
  if (check.unacceptedChanges.length > 0) return { key: 'slip.oddsChanged', uids: [...check.unacceptedChanges] };
  switch (check.mode) {
    case 'parlay': {
      const legs = parlayLegsProblem(orders);
      if (legs) return legs;
      const chosen = Object.entries(check.comboStakes).filter(([, stake]) => normalizeStake(stake) > 0);
      if (chosen.length === 0) return { key: 'slip.stakeRequired' };
      for (const [comboType] of chosen) {
        const size = comboSize(comboType) ?? Infinity;
        if (size > orders.length) return { key: 'slip.parlayMinimum', values: { n: size - 1 } };
      }
      const limits = orders.reduce((acc, o) => ({ min: Math.max(acc.min, o.minBet), max: Math.min(acc.max, o.maxBet) }), {
        min: 0,
        max: STAKE_CAP,
      });
      for (const [, stake] of chosen) {
        const pesos = normalizeStake(stake);
        if (pesos < limits.min || pesos > limits.max) return { key: 'slip.stakeRange', values: limits };
      }
      return null;
    }
    case 'endingGame': {
      if (!check.firstDeposit) return { key: 'slip.firstDeposit' };
      if (orders.length === 0) return { key: 'slip.stakeRequired' };
      if (orders.length > ENDING_GAME_MAX_OPTIONS) return { key: 'slip.maxOptions' };
      for (const order of orders) {
        const problem = stakeProblem(order, check.endingGameStake);
        if (problem) return problem;
      }
      return null;
    }
    default: {
      if (orders.length === 0) return { key: 'slip.stakeRequired' };
      for (const order of orders) {
        const problem = stakeProblem(order, check.stakes[order.uid]);
        if (problem) return problem;
      }
      return null;
    }
  }
}

/** The combos a parlay slip offers for its legs (Doubles … Fold{n}). */
export function parlayCombos(legs: number) {
  return availableCombos(legs);
}
