import type { FastifyInstance } from 'fastify';
import { GameEngine } from '../../../../src/contract/games';
import type { PlaySession } from '../engine';
import {
  type EngineRegistration,
  type EngineVariant,
  type TableContext,
  type TableEngineHost,
  tableRegistration,
} from '../engines/registry';
import { BINGO_RTP_BPS } from './bingo';
import { BINGO_THEME, ROULETTE_THEME, type TableGame, TABLE_GAMES, TABLES_JOB_MS, tableVariants } from './catalogue';
import { tablePage } from './pages';
import { ROULETTE_RTP_BPS } from './roulette';
import { tableRoutes } from './routes';
import { GameTables } from './service';

export { TABLE_GAMES, tableGame, type TableGame, type TableDurations, DEFAULT_TABLE_DURATIONS } from './catalogue';
export { GameTables, TableRefusal } from './service';
export { rouletteRtpRound, ROULETTE_RTP_BPS } from './roulette';
export { bingoRtpRound, BINGO_RTP_BPS } from './bingo';

/**
 * The shared-timer games in the provider simulator's registry (engines/index.ts lists both). Both
 * engines share one GameTables per server: the first `routes()` builds it, adds the leader job
 * ('game-tables', every second, one instance: context.addJob) and mounts /sim/games/tables/*.
 *
 * `round()` and `seatAvailable()` get no server context from the registry, so they use the GameTables of
 * the server registered last (one per process in development; tests that restart a server get the new
 * one). Two servers live at once in one process would share it: give those hooks the context to lift this.
 */
const mounted = new WeakMap<FastifyInstance, GameTables>();
let latest: GameTables | undefined;

/** The GameTables of a server (tests reach it to step and to look). */
export function gameTablesOf(app: FastifyInstance): GameTables | undefined {
  return mounted.get(app);
}

async function mount(app: FastifyInstance, context: TableContext): Promise<void> {
  if (mounted.has(app)) return;
  const tables = new GameTables({
    db: context.db,
    clock: context.clock,
    sessions: context.sessions,
    wallet: context.wallet,
    durations: context.config.gameTables,
    log: app.log,
  });
  mounted.set(app, tables);
  latest = tables;
  context.addJob('game-tables', TABLES_JOB_MS, (now) => tables.advance(now));
  await app.register(tableRoutes, { tables, sessions: context.sessions, wallet: context.wallet });
}

const host: TableEngineHost = {
  routes: mount,
  page: (_session: PlaySession, variant: EngineVariant) => tablePage(variant.params as TableGame),
  round: async (roundId) => (latest ? latest.round(roundId) : null),
  seatAvailable: async (gameCode, user) => (latest ? latest.seatAvailable(gameCode, user) : true),
};

const limits = (engine: TableGame['engine']) => {
  const games = TABLE_GAMES.filter((game) => game.engine === engine);
  return { minBet: Math.min(...games.map((game) => game.minBet)), maxBet: Math.max(...games.map((game) => game.maxBet)) };
};

/** Live European roulette: three tables (variants), rounds on a shared timer, a simulated dealer. */
export const rouletteRegistration: EngineRegistration = tableRegistration<TableGame>({
  engine: GameEngine.Roulette,
  kind: 'casino',
  gameType: 'LIVE',
  variants: tableVariants(GameEngine.Roulette),
  themes: [ROULETTE_THEME],
  ...limits(GameEngine.Roulette),
  tags: ['live'],
  rtpBps: () => ROULETTE_RTP_BPS,
  table: host,
});

/** 75-ball bingo: two rooms (variants), scheduled draws shared by the room. */
export const bingoRegistration: EngineRegistration = tableRegistration<TableGame>({
  engine: GameEngine.Bingo,
  kind: 'bingo',
  gameType: 'BINGO',
  variants: tableVariants(GameEngine.Bingo),
  themes: [BINGO_THEME],
  ...limits(GameEngine.Bingo),
  tags: ['live'],
  rtpBps: () => BINGO_RTP_BPS,
  table: host,
});
