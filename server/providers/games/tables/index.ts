import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db';
import type { SessionWallet, SimSessions } from '../engine';
import { GameProviderError } from '../types';
import { type TableDurations, TABLES_JOB_MS, tableGame } from './catalogue';
import { tableRoutes } from './routes';
import { GameTables } from './service';

export { TABLE_GAMES, tableGame, type TableGame, type TableDurations, DEFAULT_TABLE_DURATIONS } from './catalogue';
export { tablePage } from './pages';
export { GameTables, TableRefusal } from './service';
export { rouletteRtpRound, ROULETTE_RTP_BPS } from './roulette';
export { bingoRtpRound, BINGO_RTP_BPS } from './bingo';

/**
 * The shared-timer games for the provider simulator (call it from registerGameProvider, simulator only):
 * the rounds' leader job ('game-tables', every second, on one instance: app.payments.addJob), the routes
 * under /sim/games/tables, and the GameTables the provider's registry uses:
 * - `tables.games`: catalogue entries (the provider adds its platformCode);
 * - `assertSeat(gameCode, user)` before a launch: GameProviderError('TABLE_FULL') when the table is full;
 * - `tables.round(roundId)` for provider.round() of a table round (ids `<gameCode>-<seq>`);
 * - `tablePage(game)` for the page host (/sim/games/play/:sessionId) if it frames the page itself.
 */
export async function registerTables(
  app: FastifyInstance,
  options: { db: Database; clock: () => number; sessions: SimSessions; wallet: SessionWallet; durations?: Partial<TableDurations> },
): Promise<GameTables & { assertSeat(gameCode: string, user: string): Promise<void> }> {
  const tables = new GameTables({ ...options, log: app.log });
  app.payments.addJob('game-tables', TABLES_JOB_MS, (now) => tables.advance(now));
  await app.register(tableRoutes, { tables, sessions: options.sessions, wallet: options.wallet });
  return Object.assign(tables, {
    async assertSeat(gameCode: string, user: string) {
      if (tableGame(gameCode) && !(await tables.seatAvailable(gameCode, user)))
        throw new GameProviderError('TABLE_FULL', 'Massive fanatics are waiting, please try again!');
    },
  });
}
