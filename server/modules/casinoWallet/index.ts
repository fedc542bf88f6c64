import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db';
import type { MoneyGate } from '../../lib/moneyGate';
import type { GameProvider } from '../../providers/games/types';
import type { PlayerEvents } from '../../realtime/bus';
import type { CasinoWalletApi } from './api';
import { operatorWalletRoutes } from './operatorRoutes';
import { CasinoRecords } from './records';
import { DEFAULT_SESSION_POLICY, SeamlessWallet, type SessionPolicy } from './seamless';
import { CasinoTransfers, DEFAULT_TRANSFER_TIMEOUT_MS, TRANSFER_JOB, TRANSFER_JOB_MS } from './transfers';

declare module 'fastify' {
  interface FastifyInstance {
    casinoWallet: CasinoWalletApi;
  }
}

export interface CasinoWalletOptions {
  db: Database;
  events: PlayerEvents;
  clock: () => number;
  /** The game provider (app.gameProvider.provider), asked at each use: null when none is configured. */
  provider: () => GameProvider | null;
  /** The provider's public key (PEM) its wallet calls are signed with; null refuses every call. */
  providerPublicKey: () => string | null;
  /** The operator closed a platform for maintenance (site setting games.maintenance); default never. */
  platformMaintenance?: (platformCode: string) => boolean | Promise<boolean>;
  /** Session token lifetimes (default 30 min idle, 4 h at most). */
  session?: Partial<SessionPolicy>;
  /** How long one transfer-platform call may take before the transfer is left pending (default 8 s). */
  transferTimeoutMs?: number;
  /** The rules about money (responsible gaming): a round's stake and money into a platform pass it. */
  gate: MoneyGate;
}

/** What app.ts hands the player calls (casinoWalletRoutes). */
export interface CasinoWalletServices {
  api: CasinoWalletApi;
  records: CasinoRecords;
  transfers: CasinoTransfers;
}

/**
 * The casino's wallet (issue 13): the operator side of the seamless wallet (the provider's signed calls
 * at OPERATOR_WALLET_PATHS), the sessions launches open (app.casinoWallet), and the services of the
 * player's calls — game records, play summary, transfers to transfer-wallet platforms with their resume
 * job on app.payments' shared runner. app.ts registers the player calls (./routes) with them.
 */
export async function registerCasinoWallet(app: FastifyInstance, options: CasinoWalletOptions): Promise<CasinoWalletServices> {
  const { db, events, clock, provider } = options;
  const seamless = new SeamlessWallet({ db, events, clock, policy: { ...DEFAULT_SESSION_POLICY, ...options.session }, gate: options.gate });
  const records = new CasinoRecords({ db, clock, provider });
  const transfers = new CasinoTransfers({
    db,
    events,
    clock,
    provider,
    maintenance: options.platformMaintenance ?? (() => false),
    timeoutMs: options.transferTimeoutMs ?? DEFAULT_TRANSFER_TIMEOUT_MS,
    gate: options.gate,
  });
  const api: CasinoWalletApi = { openSession: (input) => seamless.openSession(input) };
  app.decorate('casinoWallet', api);
  await app.register(operatorWalletRoutes, { wallet: seamless, providerPublicKey: options.providerPublicKey });
  app.payments.addJob(TRANSFER_JOB, TRANSFER_JOB_MS, (now) => transfers.resume(now));
  return { api, records, transfers };
}
