import { GameCategory, GameEngine } from '../../../../src/contract/games';
import type { ProviderGame } from '../types';
import { BINGO_RTP_BPS } from './bingo';
import { ROULETTE_RTP_BPS } from './roulette';

/**
 * The shared-timer games of the simulator: three live roulette tables (different limits and sizes, the
 * VIP one seats 7) and two bingo rooms. The provider's catalogue lists them (with its platformCode); a
 * launch first asks `GameTables.seatAvailable` (a full table answers TABLE_FULL).
 */
export interface TableGame extends Omit<ProviderGame, 'platformCode'> {
  engine: typeof GameEngine.Roulette | typeof GameEngine.Bingo;
  /** Players the table seats at once (bingo rooms: a large hall). */
  seats: number;
  /** Roulette: the most one player may stake in a round; bingo: the cards one player may buy for a draw is maxBet / minBet. */
  dealer: string;
}

const roulette = (
  gameCode: string,
  gameName: string,
  minBet: number,
  maxBet: number,
  seats: number,
  dealer: string,
  background: string,
): TableGame => ({
  gameCode,
  gameName,
  kind: 'casino',
  category: GameCategory.Casino,
  gameType: 'live-roulette',
  engine: GameEngine.Roulette,
  rtpBps: ROULETTE_RTP_BPS,
  tags: ['live'],
  trial: true,
  minBet,
  maxBet,
  theme: { background, accent: '#f5c542', glyph: '🎡' },
  seats,
  dealer,
});

const bingo = (gameCode: string, gameName: string, price: number, cardsPerPlayer: number, background: string): TableGame => ({
  gameCode,
  gameName,
  kind: 'bingo',
  category: GameCategory.Bingo,
  gameType: 'bingo-75',
  engine: GameEngine.Bingo,
  rtpBps: BINGO_RTP_BPS,
  tags: ['live'],
  trial: true,
  minBet: price,
  maxBet: price * cardsPerPlayer,
  theme: { background, accent: '#ffffff', glyph: '🎱' },
  seats: 500,
  dealer: 'Caller Joy',
});

export const TABLE_GAMES: readonly TableGame[] = [
  roulette('live-roulette-manila', 'Manila Live Roulette', 1_000, 500_000, 100, 'Dealer Bea', '#0b5d3b'),
  roulette('live-roulette-speed', 'Speed Roulette Cebu', 2_000, 1_000_000, 30, 'Dealer Migs', '#5d0b2e'),
  roulette('live-roulette-vip', 'VIP Roulette Makati', 50_000, 10_000_000, 7, 'Dealer Sofia', '#1c1c3a'),
  bingo('bingo-plaza', 'Bingo Plaza', 1_000, 4, '#1f6feb'),
  bingo('bingo-plaza-gold', 'Bingo Plaza Gold', 5_000, 4, '#a06a00'),
];

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
