import { GameEngine } from '../../../../src/contract/games';
import type { EngineTheme, EngineVariant } from '../engines/registry';
import { BINGO_RTP_BPS } from './bingo';
import { ROULETTE_RTP_BPS } from './roulette';

/**
 * The shared-timer games of the simulator: three live roulette tables (different limits and sizes; the
 * VIP one seats 7) and two bingo rooms. Each table is one paytable "variant" of its engine in the
 * provider's registry, offered in one theme, so its game code is `<engine>-<variant>-<theme>` as the
 * catalogue builds it (e.g. roulette-vip-live). Everybody who launches that game plays at that table.
 */
export interface TableGame {
  gameCode: string;
  engine: typeof GameEngine.Roulette | typeof GameEngine.Bingo;
  variant: string;
  gameName: string;
  rtpBps: number;
  /** Roulette: the smallest chip; bingo: a card's price. */
  minBet: number;
  /** Roulette: the most one player stakes in a round; bingo: maxBet / minBet cards a draw. */
  maxBet: number;
  /** Players the table seats at once (a bingo room is a large hall). */
  seats: number;
  dealer: string;
}

export const ROULETTE_THEME: EngineTheme = { slug: 'live', name: 'Live Roulette', background: '#0b5d3b', accent: '#f5c542', glyph: '🎡' };
export const BINGO_THEME: EngineTheme = { slug: 'plaza', name: 'Bingo Plaza', background: '#10255c', accent: '#f5c542', glyph: '🎱' };

interface TableVariant {
  code: string;
  label: string;
  minBet: number;
  maxBet: number;
  seats: number;
  dealer: string;
}

const ROULETTE_TABLES: TableVariant[] = [
  { code: 'manila', label: 'Manila', minBet: 1_000, maxBet: 500_000, seats: 100, dealer: 'Dealer Bea' },
  { code: 'cebu', label: 'Cebu', minBet: 2_000, maxBet: 1_000_000, seats: 30, dealer: 'Dealer Migs' },
  { code: 'vip', label: 'VIP Makati', minBet: 50_000, maxBet: 10_000_000, seats: 7, dealer: 'Dealer Sofia' },
];

const BINGO_ROOMS: TableVariant[] = [
  { code: 'classic', label: 'Classic', minBet: 1_000, maxBet: 4_000, seats: 500, dealer: 'Caller Joy' },
  { code: 'gold', label: 'Gold', minBet: 5_000, maxBet: 20_000, seats: 500, dealer: 'Caller Ramon' },
];

const games = (engine: TableGame['engine'], theme: EngineTheme, variants: TableVariant[], rtpBps: number): TableGame[] =>
  variants.map((variant) => ({
    gameCode: `${engine}-${variant.code}-${theme.slug}`,
    engine,
    variant: variant.code,
    gameName: `${theme.name} ${variant.label}`,
    rtpBps,
    minBet: variant.minBet,
    maxBet: variant.maxBet,
    seats: variant.seats,
    dealer: variant.dealer,
  }));

export const TABLE_GAMES: readonly TableGame[] = [
  ...games(GameEngine.Roulette, ROULETTE_THEME, ROULETTE_TABLES, ROULETTE_RTP_BPS),
  ...games(GameEngine.Bingo, BINGO_THEME, BINGO_ROOMS, BINGO_RTP_BPS),
];

/** The registry's variants of an engine (one per table; params: the table). */
export function tableVariants(engine: TableGame['engine']): EngineVariant<TableGame>[] {
  return TABLE_GAMES.filter((game) => game.engine === engine).map((game) => ({
    code: game.variant,
    label: (engine === GameEngine.Roulette ? ROULETTE_TABLES : BINGO_ROOMS).find((table) => table.code === game.variant)!.label,
    params: game,
    minBet: game.minBet,
    maxBet: game.maxBet,
  }));
}

export function tableGame(gameCode: string): TableGame | undefined {
  return TABLE_GAMES.find((game) => game.gameCode === gameCode);
}

/** How long each phase lasts (tests set them to about a second and step the job with tick(now)). */
export interface TableDurations {
  /** Roulette: bets are open. */
  bettingMs: number;
  /** Roulette: no more bets, the wheel spins. */
  spinMs: number;
  /** Both: the result is shown before the next round opens. */
  resultMs: number;
  /** Bingo: cards are sold before the draw. */
  sellingMs: number;
  /** Bingo: between two balls. */
  ballMs: number;
  /** A seat is given up when its page has not asked for the state for this long. */
  seatIdleMs: number;
  /** A bet whose wallet answer never came (a crash between asking and recording) is rolled back after this. */
  pendingMs: number;
}

export const DEFAULT_TABLE_DURATIONS: TableDurations = {
  bettingMs: 15_000,
  spinMs: 6_000,
  resultMs: 6_000,
  sellingMs: 40_000,
  ballMs: 2_000,
  seatIdleMs: 60_000,
  pendingMs: 30_000,
};

/** The leader job's period. */
export const TABLES_JOB_MS = 1_000;
