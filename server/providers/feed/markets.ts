import type { Change, Market, Selection } from '../../../src/contract/feed';
import { MarketStatus } from '../../../src/contract/sports';
import { balancedLine, handicapShares, lineShares, pricesFor, type ScopeModel } from './pricing';
import { cached, type MarketSpec, type SimMarket, type SimMatch } from './state';
import type { MarketKind } from './types';

/**
 * Markets of a match: their selections, their lines and their prices from the sport engine's model.
 * Selection labels (keyEn) of line markets leave the line out ('Over', the team name) because the
 * line moves inside the market through 'market' changes; the page prints point beside them.
 */
const MARGIN: Record<MarketKind, number> = {
  handicap: 0.05,
  overUnder: 0.05,
  moneyline: 0.05,
  oddEven: 0.05,
  '1x2': 0.055,
  correctScore: 0.06,
};

/** A line moves when its side-A share strays this far from one half. */
const LINE_SLACK = 0.06;
const MIN_BET = 10;

const FOOTBALL_SCORES = [
  ...[0, 1, 2, 3].flatMap((h) => [0, 1, 2, 3].map((a) => `${h}-${a}`)),
  ...['4-0', '4-1', '4-2', '0-4', '1-4', '2-4'],
  'other',
];

const parsedScores = new Map<string, [number, number] | undefined>();

/** '2-1' → [2, 1]; 'other' → undefined. */
function scoreOf(key: string): [number, number] | undefined {
  if (!parsedScores.has(key)) {
    const match = /^(\d+)-(\d+)$/.exec(key);
    parsedScores.set(key, match ? [Number(match[1]), Number(match[2])] : undefined);
  }
  return parsedScores.get(key);
}

function scoreKeys(sim: SimMatch): string[] {
  if (sim.sport.bestOf[0] === 1) return FOOTBALL_SCORES;
  const toWin = (sim.bestOf + 1) / 2;
  const keys: string[] = [];
  for (let loser = 0; loser < toWin; loser++) keys.push(`${toWin}-${loser}`);
  for (let loser = toWin - 1; loser >= 0; loser--) keys.push(`${loser}-${toWin}`);
  return keys;
}

function selectionsOf(sim: SimMatch, kind: MarketKind): Selection[] {
  const { homeName, awayName } = sim.match;
  const sel = (key: string, keyEn: string): Selection => ({ key, keyEn, price: 0 });
  switch (kind) {
    case 'handicap':
    case 'moneyline':
      return [sel('h', homeName), sel('a', awayName)];
    case 'overUnder':
      return [sel('o', 'Over'), sel('u', 'Under')];
    case '1x2':
      return [sel('h', homeName), sel('d', 'Draw'), sel('a', awayName)];
    case 'oddEven':
      return [sel('odd', 'Odd'), sel('even', 'Even')];
    case 'correctScore':
      return scoreKeys(sim).map((key) => sel(key, key === 'other' ? 'Any Other Score' : key));
  }
}

/** The scope model a market prices from, cached on the match until its state or strength moves. */
export function modelOf(sim: SimMatch, spec: MarketSpec, player?: number): ScopeModel | undefined {
  return cached(sim, `${spec.scope}|${spec.basis}|${player ?? ''}`, () => sim.sport.engine.model(sim, spec.scope, spec.basis, player));
}

/** Break-even shares of the selections, in selection order. */
function sharesOf(sm: SimMarket, model: ScopeModel): number[] | undefined {
  const point = sm.market.point ?? 0;
  const { margin, total } = model;
  switch (sm.spec.kind) {
    case 'handicap':
      return margin && handicapShares(margin, point);
    case 'overUnder':
      return total && lineShares(total, point);
    case '1x2': {
      if (!margin) return undefined;
      const home = margin.gt(0);
      const draw = margin.eq(0);
      return [home, draw, Math.max(0, 1 - home - draw)];
    }
    case 'moneyline':
      return [model.win, 1 - model.win];
    case 'oddEven': {
      if (!total) return undefined;
      const odd = total.odd();
      return [odd, 1 - odd];
    }
    case 'correctScore': {
      const score = model.score;
      if (!score) return undefined;
      let listed = 0;
      const shares = sm.market.selections.map(({ key }) => {
        const figures = scoreOf(key);
        if (!figures) return 0;
        const p = score(figures[0], figures[1]);
        listed += p;
        return p;
      });
      return shares.map((p, i) => (sm.market.selections[i]?.key === 'other' ? Math.max(0, 1 - listed) : p));
    }
  }
}

/** One selection is certain (a fixed +1.5 maps at 1-1): nothing left to bet on. */
const decided = (shares: readonly number[]): boolean => shares.some((q) => q > 1 - 1e-6);

/** Side A's share as a function of the line, for markets whose line moves. */
function shareAt(spec: MarketSpec, model: ScopeModel): ((line: number) => number) | undefined {
  const { margin, total } = model;
  if (spec.kind === 'handicap' && margin) return (line) => handicapShares(margin, line)[0];
  if (spec.kind === 'overUnder' && total) return (line) => lineShares(total, line)[0];
  return undefined;
}

function balanced(spec: MarketSpec, model: ScopeModel, from: number): number | undefined {
  const share = shareAt(spec, model);
  if (!share || spec.step === undefined) return undefined;
  return balancedLine(share, from, spec.step, spec.offset ?? 0, spec.kind === 'overUnder' ? 0.5 : -Infinity);
}

/**
 * Brings a market's line and prices up to date with its model, reporting each change.
 * Answers how many selection prices changed.
 */
export function repriceMarket(sm: SimMarket, emit: (sm: SimMarket, change: Change) => void): number {
  const model = modelOf(sm.sim, sm.spec, sm.player);
  if (!model) return 0;
  const { market, spec } = sm;
  const share = shareAt(spec, model);
  if (share && spec.step !== undefined && market.point !== null && Math.abs(share(market.point) - 0.5) > LINE_SLACK) {
    const point = balanced(spec, model, market.point);
    if (point !== undefined && point !== market.point) {
      market.point = point;
      emit(sm, { t: 'market', marketId: market.marketId, point });
    }
  }
  const shares = sharesOf(sm, model);
  if (!shares) return 0;
  if (decided(shares)) {
    market.status = MarketStatus.Closed;
    emit(sm, { t: 'market', marketId: market.marketId, status: MarketStatus.Closed });
    return 0;
  }
  const prices = pricesFor(shares, MARGIN[spec.kind]);
  let changed = 0;
  prices.forEach((price, i) => {
    const selection = market.selections[i];
    if (!selection || selection.price === price) return;
    selection.price = price;
    changed++;
    emit(sm, { t: 'price', marketId: market.marketId, key: selection.key, price });
  });
  return changed;
}

/** Opens a market at its balanced (or fixed) line with fresh prices; undefined when its scope is already over. */
export function openMarket(sim: SimMatch, spec: MarketSpec, marketId: string, player?: number): SimMarket | undefined {
  const model = modelOf(sim, spec, player);
  if (!model) return undefined;
  const who = player === undefined ? undefined : sim.players[player];
  const market: Market = {
    marketId,
    matchId: sim.match.matchId,
    betType: spec.betType,
    betTypeName: spec.name,
    category: spec.category,
    periodName: spec.scope,
    point: null,
    point2: null,
    status: MarketStatus.Running,
    main: spec.main === true,
    combo: spec.combo,
    minBet: MIN_BET,
    maxBet: spec.maxBet,
    selections: selectionsOf(sim, spec.kind),
    ...(who ? { player: { playerId: who.playerId, playerName: who.playerName, teamId: who.teamId } } : {}),
  };
  const sm: SimMarket = { market, spec, sim, ...(player === undefined ? {} : { player }) };
  if (spec.fixedLine) market.point = spec.fixedLine(sim, model);
  else if (spec.step !== undefined) {
    const from = spec.kind === 'handicap' ? -(model.margin?.mean ?? 0) : (model.total?.mean ?? 2.5);
    market.point = balanced(spec, model, from) ?? null;
  }
  repriceMarket(sm, () => undefined);
  return market.status === MarketStatus.Running ? sm : undefined;
}

/** Every market a match offers now: one per spec, player markets for each team's top scorers. */
export function openMarkets(sim: SimMatch, nextId: () => string): SimMarket[] {
  const markets: SimMarket[] = [];
  for (const spec of sim.sport.markets(sim.bestOf)) {
    if (spec.basis !== 'player') {
      const sm = openMarket(sim, spec, nextId());
      if (sm) markets.push(sm);
      continue;
    }
    for (const teamId of [sim.match.homeId, sim.match.awayId]) {
      const roster = sim.players.map((p, i) => ({ p, i })).filter(({ p }) => p.teamId === teamId);
      for (const { i } of roster.slice(0, spec.playersPerTeam ?? 1)) {
        const sm = openMarket(sim, spec, nextId(), i);
        if (sm) markets.push(sm);
      }
    }
  }
  return markets;
}
