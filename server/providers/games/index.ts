import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../../config';
import type { Database } from '../../db';
import { ENGINES } from './engines';
import { type ProviderTransport, httpProviderTransport, hub88Provider } from './hub88';
import { gamePages } from './page';
import { playApi } from './playApi';
import { ABANDON_AFTER_MS, InstantRuntime } from './runtime';
import { GAME_SIM_API_PREFIX, simApi } from './simApi';
import { GameSimulator } from './simulator';
import type { GameProvider } from './types';
import { type OperatorTransport, SimWallet } from './wallet';

/**
 * The casino's game provider (issue 13), as `server/providers/kyc` does for eKYC:
 * - GAME_PROVIDER_URL, GAME_OPERATOR_ID, GAME_OPERATOR_PRIVATE_KEY, GAME_PROVIDER_PUBLIC_KEY set (all or
 *   none; some → config refuses to start): the real aggregator over HTTPS (hub88.ts), in any mode.
 * - None set, production: no provider (launches answer GameProviderDown), no simulator, no /sim/games.
 * - None set, development and tests: the simulator — its signed API under /sim/games/api, its game pages
 *   /sim/games/play/<sessionId>, its jobs — with operator and provider key pairs generated at first use
 *   into <dataDir>/game-provider-secrets.json; the adapter reaches it through app.inject with the exact
 *   signed bytes, and the simulator calls our seamless wallet (/gamewallet/hub88/*) the same way.
 */

export interface GameSimulatorKeys {
  operatorId: string;
  operatorPrivateKeyPem: string;
  operatorPublicKeyPem: string;
  providerPrivateKeyPem: string;
  providerPublicKeyPem: string;
}

export const GAME_SIMULATOR_SECRETS_FILE = 'game-provider-secrets.json';

function keyPair() {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

/** Generated at the first use into <dataDir> (mode 600), never in the repository. */
export function loadGameSimulatorKeys(dataDir: string): GameSimulatorKeys {
  const file = join(dataDir, GAME_SIMULATOR_SECRETS_FILE);
  const existing = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<GameSimulatorKeys>) : {};
  const names = ['operatorId', 'operatorPrivateKeyPem', 'operatorPublicKeyPem', 'providerPrivateKeyPem', 'providerPublicKeyPem'] as const;
  if (names.every((name) => typeof existing[name] === 'string' && existing[name].length >= 8)) return existing as GameSimulatorKeys;
  const operator = keyPair();
  const provider = keyPair();
  const keys: GameSimulatorKeys = {
    operatorId: `op-${randomBytes(6).toString('hex')}`,
    operatorPrivateKeyPem: operator.privateKey,
    operatorPublicKeyPem: operator.publicKey,
    providerPrivateKeyPem: provider.privateKey,
    providerPublicKeyPem: provider.publicKey,
  };
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return keys;
}

export interface RegisteredGameProvider {
  /** null: none configured in production (launches answer GameProviderDown). */
  provider: GameProvider | null;
  /** The provider's public key: checks the X-Hub88-Signature of its wallet calls to us. */
  providerPublicKey: string | null;
  /** Development and tests only. */
  simulator?: { sim: GameSimulator; runtime: InstantRuntime; wallet: SimWallet; keys: () => GameSimulatorKeys };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The casino's game provider (app.gameProvider.provider), and its simulator outside production. */
    gameProvider: RegisteredGameProvider;
  }
}

export interface GameProviderContext {
  config: ServerConfig;
  db: Database;
  clock: () => number;
  /** How the simulator reaches our seamless wallet (default: app.inject to OPERATOR_WALLET_PATHS). */
  operatorTransport?: OperatorTransport;
  /** How long an instant round may stay open before the sweep finishes it (default ABANDON_AFTER_MS, 10 min). */
  abandonAfterMs?: number;
}

/** How often the simulator retries its undelivered wins and rollbacks. */
export const GAME_SIMULATOR_STEP_MS = 5_000;

/** An app.inject transport (the same bytes and headers as over HTTP). */
function injectTransport(app: FastifyInstance, prefix = '') {
  return async (path: string, headers: Record<string, string>, body: string) => {
    const answer = await app.inject({ method: 'POST', url: `${prefix}${path}`, headers, payload: body });
    const answerHeaders = Object.fromEntries(
      Object.entries(answer.headers).map(([name, value]) => [name, typeof value === 'number' ? String(value) : value]),
    );
    return { status: answer.statusCode, headers: answerHeaders, body: answer.body };
  };
}

/** Builds app.gameProvider (app.ts decorates it): the real provider, the simulator, or none. */
export async function registerGameProvider(app: FastifyInstance, context: GameProviderContext): Promise<RegisteredGameProvider> {
  const { config, db, clock } = context;
  const settings = config.gameProvider;
  if (settings) {
    const provider = hub88Provider({
      operatorId: settings.operatorId,
      operatorPrivateKey: () => settings.operatorPrivateKey,
      providerPublicKey: () => settings.providerPublicKey,
      transport: httpProviderTransport(settings.url),
    });
    return { provider, providerPublicKey: settings.providerPublicKey };
  }
  if (config.production) {
    app.log.warn('no game provider configured (GAME_PROVIDER_*): game launches answer "provider down"');
    return { provider: null, providerPublicKey: null };
  }
  let loaded: GameSimulatorKeys | undefined;
  const keys = () => (loaded ??= loadGameSimulatorKeys(config.dataDir));
  // The wallet asks the simulator's duplicate switch at each send (the simulator is built just after).
  const holder: { simulator?: GameSimulator } = {};
  const wallet = new SimWallet({
    db,
    transport: context.operatorTransport ?? injectTransport(app),
    providerPrivateKey: () => keys().providerPrivateKeyPem,
    clock,
    duplicates: async () => (holder.simulator ? holder.simulator.duplicates() : false),
  });
  const simulator = new GameSimulator(db, wallet, clock);
  holder.simulator = simulator;
  const runtime = new InstantRuntime(db, simulator, wallet, clock);
  await app.register(simApi, {
    simulator,
    keys: {
      get operatorId() {
        return keys().operatorId;
      },
      get operatorPublicKeyPem() {
        return keys().operatorPublicKeyPem;
      },
      get providerPrivateKeyPem() {
        return keys().providerPrivateKeyPem;
      },
    },
  });
  await app.register(playApi, { simulator, runtime, wallet });
  await app.register(gamePages, { simulator, wallet });
  const addJob = (name: string, everyMs: number, run: (now: number) => Promise<unknown>) =>
    app.jobs.add(name, everyMs, async (now) => {
      await run(now);
    });
  addJob('game-simulator-wallet-retries', GAME_SIMULATOR_STEP_MS, (now) => wallet.retryPending(now));
  addJob('game-simulator-abandoned-rounds', GAME_SIMULATOR_STEP_MS, (now) =>
    runtime.settleAbandoned(now, context.abandonAfterMs ?? ABANDON_AFTER_MS),
  );
  for (const registration of ENGINES) {
    if (registration.table) await registration.table.routes(app, { db, sessions: simulator, wallet, clock, addJob, config });
  }
  const transport: ProviderTransport = injectTransport(app, GAME_SIM_API_PREFIX);
  const provider = hub88Provider({
    get operatorId() {
      return keys().operatorId;
    },
    operatorPrivateKey: () => keys().operatorPrivateKeyPem,
    providerPublicKey: () => keys().providerPublicKeyPem,
    transport,
  });
  return {
    provider,
    get providerPublicKey() {
      return keys().providerPublicKeyPem;
    },
    simulator: { sim: simulator, runtime, wallet, keys },
  };
}

/** What the app may set (tests): how the simulator reaches the seamless wallet, and its abandon sweep. */
export type GameProviderOptions = Pick<GameProviderContext, 'operatorTransport' | 'abandonAfterMs'>;

/** The casino's game provider as a plugin: app.gameProvider (the provider, and its simulator outside production). */
export const gameProvider = fp<GameProviderOptions>(
  async (app: FastifyInstance, options) => {
    app.decorate(
      'gameProvider',
      await registerGameProvider(app, { config: app.config, db: app.database.db, clock: app.clock, ...options }),
    );
  },
  { name: 'game-provider', dependencies: ['core', 'jobs'] },
);
