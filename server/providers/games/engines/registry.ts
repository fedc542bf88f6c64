import type { FastifyInstance } from 'fastify';
import type { GameEngine, GameKind } from '../../../../src/contract/games';
import type { ServerConfig } from '../../../config';
import type { Database } from '../../../db';
import type { InstantEngine, PlaySession, SessionWallet, SimSessions } from '../engine';
import type { ProviderRound } from '../types';

/**
 * How an engine joins the provider simulator (issue 13): one `EngineRegistration` per engine, listed in
 * `engines/index.ts` (one line each). The catalogue (`catalogue.ts`) turns every registration into games:
 * each paytable variant × each theme is one game, spread over the platforms (studios).
 *
 * - An **instant** engine (slot, video poker, crash, fishing) gives `instant`: the simulator's runtime
 *   (`runtime.ts`) owns its sessions, seeds, wallet calls and round store, and its page is framed by the
 *   shell of `page.ts` (balance, bet selector, fair panel, history).
 * - A **table** engine (live roulette, bingo: rounds on a shared timer) gives `table`: its own routes
 *   (mounted under /sim/games, outside production only), its own game page and its own rounds; it moves
 *   money through the `SessionWallet` it is handed, whatever the session's mode.
 */

export interface EngineVariant<Params = unknown> {
  /** Stable short code, part of every game code of this variant (e.g. '96', 'jb-9-6'): never rename. */
  code: string;
  /** Shown in the game name after the theme when the engine has several variants (e.g. 'Deluxe'); '' for none. */
  label: string;
  params: Params;
  /** Tags for the lobby (e.g. ['hot']); 'jackpot' and 'live' come from the registration. */
  tags?: ('new' | 'hot')[];
  /** This variant's own stake limits (a live table's), centavos; the registration's otherwise. */
  minBet?: number;
  maxBet?: number;
}

export interface EngineTheme {
  /** Stable slug, part of the game code (lowercase letters, digits, '-'): never rename. */
  slug: string;
  name: string;
  background: string;
  accent: string;
  /** One emoji or short text the thumbnail and the page draw. */
  glyph: string;
}

/** What a table engine receives from the simulator when its routes are registered. */
export interface TableContext {
  db: Database;
  sessions: SimSessions;
  wallet: SessionWallet;
  clock: () => number;
  /** The server's settings (e.g. config.gameTables: the tables' phase lengths). */
  config: ServerConfig;
  /** Registers a job shared by the server instances (app.jobs.add). */
  addJob(name: string, everyMs: number, run: (now: number) => Promise<unknown>): void;
}

export interface TableEngineHost {
  /** Mounted under the simulator (dev/test only); paths should start with /sim/games/api/<engine>/. */
  routes(app: FastifyInstance, context: TableContext): Promise<void>;
  /** The game page's content for a launched session (framed by page.ts's shell like an instant game's). */
  page(session: PlaySession, variant: EngineVariant): { title: string; html: string; script: string; css?: string };
  /** This engine's record of a round (null when it has none with that id). */
  round(roundId: string): Promise<ProviderRound | null>;
  /** Asked before a launch: false when the table is full (the launch answers TABLE_FULL, GW_510520). */
  seatAvailable?(gameCode: string, user: string): Promise<boolean>;
}

interface RegistrationBase<Params> {
  engine: GameEngine;
  kind: GameKind;
  /** The spec's gameType label ('SLOT', 'LIVE', 'POKER', 'CRASH', 'FISH', 'BINGO'). */
  gameType: string;
  variants: EngineVariant<Params>[];
  /** At least one; each variant is offered in each theme. */
  themes: EngineTheme[];
  minBet: number;
  maxBet: number;
  /** Every game of this engine carries these lobby tags too. */
  tags?: ('jackpot' | 'live')[];
  /** Demo (play-money) play allowed (default true). */
  trial?: boolean;
  /** The transfer-wallet platform offers this engine's games too (its first variant, in a few themes). */
  onTransferPlatform?: boolean;
  /** The stated RTP of a variant, basis points (instant engines: engine.rtpBps(params)). */
  rtpBps(params: Params): number;
}

export interface InstantRegistration<Params = unknown, State = unknown> extends RegistrationBase<Params> {
  instant: InstantEngine<Params, State>;
  table?: undefined;
}

export interface TableRegistration<Params = unknown> extends RegistrationBase<Params> {
  table: TableEngineHost;
  instant?: undefined;
}

export type EngineRegistration = InstantRegistration<any, any> | TableRegistration<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Typed helper for an instant engine's registration (keeps Params checked inside the literal). */
export function instantRegistration<Params, State>(
  registration: Omit<InstantRegistration<Params, State>, 'rtpBps'> & { rtpBps?: (params: Params) => number },
): EngineRegistration {
  return { rtpBps: (params: Params) => registration.instant.rtpBps(params), ...registration } as EngineRegistration;
}

/** Typed helper for a table engine's registration. */
export function tableRegistration<Params>(registration: TableRegistration<Params>): EngineRegistration {
  return registration as EngineRegistration;
}
