import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db';
import type { MoneyGate } from '../../lib/moneyGate';
import type { GameProvider } from '../../providers/games/types';
import type { Broker } from '../../realtime/stomp/broker';
import type { CasinoWalletApi } from '../casinoWallet';
import type { SiteSettingsStore } from '../site';
import { gameRoutes } from './routes';
import { GamesService } from './service';
import { gameStaticRoutes } from './staticRoutes';
import { CatalogueStore } from './store';

export const CATALOGUE_JOB = 'game-catalogue';
export const JACKPOT_JOB = 'game-jackpot';
/** How often the leader copies the provider's catalogue (and once at every start). */
export const CATALOGUE_REFRESH_MS = 10 * 60_000;
/** How long a start waits for the provider's catalogue before serving the stored one (the refresh goes on). */
const START_REFRESH_WAIT_MS = 15_000;
/** How often the leader asks the provider for the jackpot. */
export const JACKPOT_POLL_MS = 2_000;

export interface GamesOptions {
  db: Database;
  settings: SiteSettingsStore;
  /** Asked at each use: the provider (null when none is configured). */
  provider: () => GameProvider | null;
  /** Asked at each launch: the casino wallet's sessions. */
  casinoWallet: () => CasinoWalletApi | undefined;
  bonusBalance: (customerId: number) => Promise<number>;
  broker: () => Broker | undefined;
  clock: () => number;
  /** How long an instance trusts its copy of the catalogue before reading it again (default 5 s). */
  reloadMs?: number;
  /** The rules about money (responsible gaming): a real-money launch passes it. */
  gate: MoneyGate;
}

declare module 'fastify' {
  interface FastifyInstance {
    games: GamesService;
  }
}

/**
 * The games module (issue 13): the catalogue kept in the database (refreshed from the provider at start
 * and by a leader job), the static game lists and thumbnails, the game calls, and the jackpot publisher
 * (a leader job). Needs app.payments (the shared jobs) registered first. Its calls (`routes.ts`) are
 * registered by app.ts with the service this returns.
 */
async function registerGames(app: FastifyInstance, options: GamesOptions): Promise<GamesService> {
  const settings = () => options.settings.read().games;
  const store = new CatalogueStore({
    db: options.db,
    settings,
    log: app.log,
    ...(options.reloadMs === undefined ? {} : { reloadMs: options.reloadMs }),
  });
  const service = new GamesService({
    db: options.db,
    store,
    settings,
    provider: options.provider,
    casinoWallet: options.casinoWallet,
    bonusBalance: options.bonusBalance,
    broker: options.broker,
    clock: options.clock,
    log: app.log,
    gate: options.gate,
  });
  app.decorate('games', service);
  await app.register(gameStaticRoutes, { store });

  const refresh = async () => {
    const provider = options.provider();
    return provider ? store.refresh(provider) : null;
  };
  app.jobs.add(CATALOGUE_JOB, CATALOGUE_REFRESH_MS, refresh);
  app.jobs.add(JACKPOT_JOB, JACKPOT_POLL_MS, (now) => service.pollJackpot(now));
  // At start, so a new deployment lists the provider's games at once. Not awaited in onReady: the
  // simulator's provider answers over app.inject, which waits for ready. The first list requests wait for
  // it instead (at most START_REFRESH_WAIT_MS); a provider that does not answer leaves the stored
  // catalogue in place (the job tries again).
  app.addHook('onReady', async () => {
    store.waitFor(
      refresh().catch((error: unknown) => app.log.warn({ err: error }, 'game catalogue not refreshed at start')),
      START_REFRESH_WAIT_MS,
    );
  });
  return service;
}

/** What the app may set (tests): a game provider (null: none configured) and a casino wallet instead of the app's own. */
export interface GamesModuleOptions {
  provider?: GameProvider | null;
  casinoWallet?: CasinoWalletApi;
}

/**
 * The games module as a plugin: the provider and casino wallet are asked at each use (their modules
 * decorate app.gameProvider and app.casinoWallet; a test may hand its own), the jackpot published on
 * the topics every instance's sockets hear.
 */
export const games = fp<GamesModuleOptions>(
  async (app: FastifyInstance, options) => {
    const service = await registerGames(app, {
      db: app.database.db,
      settings: app.site.settings,
      provider: () => ('provider' in options ? (options.provider ?? null) : app.gameProvider.provider),
      casinoWallet: () => options.casinoWallet ?? app.casinoWallet,
      bonusBalance: (customerId) => app.wallet.bonusBalance(customerId),
      broker: () => app.topics,
      clock: app.clock,
      gate: app.responsibleGaming.gate,
    });
    await app.register(gameRoutes, { service });
  },
  {
    name: 'games',
    dependencies: ['core', 'jobs', 'contract', 'site', 'wallet', 'casino-wallet', 'game-provider', 'realtime', 'responsible-gaming'],
  },
);
