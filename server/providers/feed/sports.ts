import { SportTypeId } from '../../../src/contract/sports';
import { basketballEngine } from './engines/basketball';
import { baseballEngine } from './engines/baseball';
import { boxingEngine } from './engines/boxing';
import { esportsEngine } from './engines/esports';
import { footballEngine, iceHockeyEngine } from './engines/goals';
import { badmintonEngine, tableTennisEngine, volleyballEngine } from './engines/rally';
import { tennisEngine } from './engines/tennis';
import type { MarketSpec, SportDef } from './state';

/**
 * Per-sport rules: the engine that plays and prices a match, and the markets it offers.
 *
 * Bet type codes (Saba-style):
 *   1 handicap (full time; goals, points, games, rally points or maps per betTypeName)
 *   2 odd/even · 3 over/under (total goals/points/games/maps, or total rounds in boxing)
 *   5 1X2 (3-way; ice hockey: regular time) · 7 first-half handicap · 8 first-half over/under
 *   15 first-half 1X2 · 20 moneyline (2-way, overtime/shoot-out/extra innings included)
 *   154 set/game/map winner (periodName 'Set 2', 'Game 1', 'Map 3')
 *   413 correct score (football: final score or 'other'; series sports: sets/games/maps won)
 *   609 quarter handicap · 610 quarter/period over/under ('Q1'…'Q4', ice hockey 'P1')
 *   701 basketball player points over/under
 * Categories follow MARKET_CATEGORIES: the list rows' main markets are 'main'; markets of a period
 * (first half, quarter, set) are 'period'; player props 'player'; the rest by kind.
 */
const MAIN_MAX = 50_000;
const FULL_TIME_MAX = 20_000;
const PERIOD_MAX = 10_000;
const PROP_MAX = 5_000;

type Spec = Omit<MarketSpec, 'category' | 'combo' | 'maxBet' | 'basis' | 'scope'> & Partial<MarketSpec>;

function spec(s: Spec): MarketSpec {
  const scope = s.scope ?? 'FT';
  const period = scope !== 'FT' && scope !== 'RT';
  const props = s.kind === 'correctScore' || s.basis === 'player';
  return {
    ...s,
    scope,
    basis: s.basis ?? 'score',
    category: s.main ? 'main' : s.basis === 'player' ? 'player' : period ? 'period' : s.kind,
    combo: !props,
    maxBet: s.main ? MAIN_MAX : props ? PROP_MAX : period ? PERIOD_MAX : FULL_TIME_MAX,
  };
}

const handicap = (s: Partial<Spec> = {}): MarketSpec => spec({ betType: 1, name: 'Handicap', kind: 'handicap', ...s });
const overUnder = (s: Partial<Spec> = {}): MarketSpec => spec({ betType: 3, name: 'Over/Under', kind: 'overUnder', ...s });
const moneyline = (s: Partial<Spec> = {}): MarketSpec => spec({ betType: 20, name: 'Moneyline', kind: 'moneyline', ...s });
const oddEven = (s: Partial<Spec> = {}): MarketSpec => spec({ betType: 2, name: 'Odd/Even', kind: 'oddEven', ...s });
const threeWay = (s: Partial<Spec> = {}): MarketSpec => spec({ betType: 5, name: '1X2', kind: '1x2', ...s });
const correctScore = (s: Partial<Spec> = {}): MarketSpec => spec({ betType: 413, name: 'Correct Score', kind: 'correctScore', ...s });

/** Set/game/map winner markets for every period a series can reach. */
function periodWinners(prefix: string, periods: number): MarketSpec[] {
  return Array.from({ length: periods }, (_, i) =>
    moneyline({ betType: 154, name: `${prefix} Winner`, scope: `${prefix} ${i + 1}`, basis: 'units' }),
  );
}

/** Specs are built once per series length and shared by every match. */
function memo(make: (bestOf: number) => MarketSpec[]): (bestOf: number) => MarketSpec[] {
  const made = new Map<number, MarketSpec[]>();
  return (bestOf) => {
    let specs = made.get(bestOf);
    if (!specs) made.set(bestOf, (specs = make(bestOf)));
    return specs;
  };
}

const favourite = (line: number) => (_m: unknown, model: { win: number }) => (model.win >= 0.5 ? -line : line);

const QUARTERS = ['Q1', 'Q2', 'Q3', 'Q4'];

function seriesMarkets(prefix: string, bestOf: number, units: string): MarketSpec[] {
  return [
    moneyline({ main: true }),
    handicap({ main: true, name: `${units} Handicap`, basis: 'units', step: 1, offset: 0.5 }),
    overUnder({ name: `Total ${units}s`, basis: 'units', step: 1, offset: 0.5 }),
    correctScore({ name: prefix === 'Set' ? 'Set Betting' : 'Correct Score' }),
    ...periodWinners(prefix, bestOf),
  ];
}

const football: SportDef = {
  sportTypeId: SportTypeId.Football,
  engine: footballEngine,
  markets: memo(() => [
    handicap({ main: true, step: 0.25 }),
    overUnder({ main: true, step: 0.25 }),
    threeWay(),
    oddEven(),
    correctScore(),
    handicap({ betType: 7, name: '1H Handicap', scope: '1H', step: 0.25 }),
    overUnder({ betType: 8, name: '1H Over/Under', scope: '1H', step: 0.25 }),
    threeWay({ betType: 15, name: '1H 1X2', scope: '1H' }),
  ]),
  homeAdvantage: 0.25,
  sides: 'team',
  periodPrefix: 'Half',
  bestOf: [1],
  playersPerTeam: 0,
};

const basketball: SportDef = {
  sportTypeId: SportTypeId.Basketball,
  engine: basketballEngine,
  markets: memo(() => [
    handicap({ main: true, step: 0.5 }),
    overUnder({ main: true, step: 0.5 }),
    moneyline(),
    oddEven(),
    handicap({ betType: 7, name: '1H Handicap', scope: '1H', step: 0.5 }),
    overUnder({ betType: 8, name: '1H Over/Under', scope: '1H', step: 0.5 }),
    ...QUARTERS.flatMap((q) => [
      handicap({ betType: 609, name: 'Quarter Handicap', scope: q, step: 0.5 }),
      overUnder({ betType: 610, name: 'Quarter Over/Under', scope: q, step: 0.5 }),
    ]),
    overUnder({ betType: 701, name: 'Player Points', basis: 'player', step: 1, offset: 0.5, playersPerTeam: 2 }),
  ]),
  homeAdvantage: 0.3,
  sides: 'team',
  periodPrefix: 'Q',
  bestOf: [1],
  playersPerTeam: 8,
};

const esports: SportDef = {
  sportTypeId: SportTypeId.ESports,
  engine: esportsEngine,
  markets: memo((bestOf) => [
    moneyline({ main: true }),
    handicap({ main: true, name: 'Map Handicap', fixedLine: favourite(1.5) }),
    overUnder({ name: 'Total Maps', fixedLine: () => (bestOf === 3 ? 2.5 : 3.5) }),
    correctScore(),
    ...periodWinners('Map', bestOf),
  ]),
  homeAdvantage: 0,
  sides: 'esports',
  periodPrefix: 'Map',
  bestOf: [3, 3, 3, 5],
  playersPerTeam: 0,
};

const iceHockey: SportDef = {
  sportTypeId: SportTypeId.IceHockey,
  engine: iceHockeyEngine,
  markets: memo(() => [
    handicap({ main: true, step: 0.25 }),
    overUnder({ main: true, step: 0.25 }),
    moneyline({ name: 'Moneyline (incl. OT)' }),
    threeWay({ name: '1X2 (Regular Time)', scope: 'RT' }),
    oddEven(),
    overUnder({ betType: 610, name: '1st Period Over/Under', scope: 'P1', step: 0.25 }),
  ]),
  homeAdvantage: 0.2,
  sides: 'team',
  periodPrefix: 'P',
  bestOf: [1],
  playersPerTeam: 0,
};

const baseball: SportDef = {
  sportTypeId: SportTypeId.Baseball,
  engine: baseballEngine,
  markets: memo(() => [
    moneyline({ main: true }),
    handicap({ main: true, name: 'Run Line', step: 0.5 }),
    overUnder({ name: 'Total Runs', step: 0.5 }),
    oddEven(),
  ]),
  homeAdvantage: 0.15,
  sides: 'team',
  periodPrefix: 'Inning',
  bestOf: [1],
  playersPerTeam: 0,
};

const boxing: SportDef = {
  sportTypeId: SportTypeId.Boxing,
  engine: boxingEngine,
  markets: memo((rounds) => [
    moneyline({ main: true, name: 'Fight Winner' }),
    overUnder({ name: 'Total Rounds', basis: 'duration', fixedLine: () => rounds - 2.5 }),
  ]),
  homeAdvantage: 0,
  sides: 'person',
  periodPrefix: 'Round',
  bestOf: [8, 10, 10, 12, 12],
  playersPerTeam: 0,
};

const series = (
  sportTypeId: SportDef['sportTypeId'],
  engine: SportDef['engine'],
  prefix: string,
  bestOf: number,
  units: string,
): SportDef => ({
  sportTypeId,
  engine,
  markets: memo(() => seriesMarkets(prefix, bestOf, units)),
  homeAdvantage: 0,
  sides: 'person',
  periodPrefix: prefix,
  bestOf: [bestOf],
  playersPerTeam: 0,
});

export const SPORTS: Record<string, SportDef> = {
  [SportTypeId.Football]: football,
  [SportTypeId.Basketball]: basketball,
  [SportTypeId.ESports]: esports,
  [SportTypeId.Tennis]: series(SportTypeId.Tennis, tennisEngine, 'Set', 3, 'Game'),
  [SportTypeId.Volleyball]: { ...series(SportTypeId.Volleyball, volleyballEngine, 'Set', 5, 'Point'), sides: 'team', homeAdvantage: 0.15 },
  [SportTypeId.Badminton]: series(SportTypeId.Badminton, badmintonEngine, 'Game', 3, 'Point'),
  [SportTypeId.IceHockey]: iceHockey,
  [SportTypeId.Baseball]: baseball,
  [SportTypeId.Boxing]: boxing,
  [SportTypeId.TableTennis]: series(SportTypeId.TableTennis, tableTennisEngine, 'Game', 5, 'Point'),
};
