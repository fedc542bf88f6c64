import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { GameProvider } from '../../providers/games/types';
import type { CasinoWalletApi } from './api';
import { operatorWalletRoutes } from './operatorRoutes';
import { CasinoRecords } from './records';
import { casinoWalletRoutes } from './routes';
import { DEFAULT_SESSION_POLICY, SeamlessWallet, type SessionPolicy } from './seamless';
import { CasinoTransfers, DEFAULT_TRANSFER_TIMEOUT_MS, TRANSFER_JOB, TRANSFER_JOB_MS } from './transfers';

declare module 'fastify' {
  interface FastifyInstance {
    casinoWallet: CasinoWalletApi;
  }
}

/**
 * What the app may set (tests): their own game provider and its public key (over the app's), shorter
 * session or transfer timeouts, and the platforms in maintenance.
 */
export interface CasinoWalletOptions {
  /** Session token lifetimes (default 30 min idle, 4 h at most; CASINO_SESSION_* in the config). */
  session?: Partial<SessionPolicy>;
  /** How long one transfer-platform call may take before the transfer is left pending (default 8 s). */
  transferTimeoutMs?: number;
  /** The operator closed a platform for maintenance (default: the site setting games.maintenance). */
  platformMaintenance?: (platformCode: string) => boolean | Promise<boolean>;
  /** The game provider (default: app.gameProvider's, asked at each use; null when none is configured). */
  provider?: GameProvider | null;
  /** The provider's public key (PEM) its wallet calls are signed with (default app.gameProvider's). */
  providerPublicKey?: string;
}

export type { CasinoWalletApi } from './api';

/**
 * The casino's wallet (issue 13): the operator side of the seamless wallet (the provider's signed calls
 * at OPERATOR_WALLET_PATHS), the sessions launches open (app.casinoWallet), and the player's calls —
 * game records, play summary, transfers to transfer-wallet platforms with their resume job.
 */
export const casinoWallet = fp<CasinoWalletOptions>(
  async (app: FastifyInstance, options) => {
    const { clock } = app;
    const db = app.database.db;
    const events = app.playerEvents;
    // The rules about money (responsible gaming): a round's stake and money into a platform pass it.
    const gate = app.responsibleGaming.gate;
    const provider = () => (options.provider !== undefined ? options.provider : app.gameProvider.provider);
    const seamless = new SeamlessWallet({
      db,
      events,
      clock,
      policy: { ...DEFAULT_SESSION_POLICY, ...(options.session ?? app.config.casinoSession) },
      gate,
    });
    const records = new CasinoRecords({ db, clock, provider });
    const transfers = new CasinoTransfers({
      db,
      events,
      clock,
      provider,
      maintenance: options.platformMaintenance ?? ((platformCode) => app.site.settings.read().games.maintenance.includes(platformCode)),
      timeoutMs: options.transferTimeoutMs ?? DEFAULT_TRANSFER_TIMEOUT_MS,
      gate,
    });
    app.decorate('casinoWallet', { openSession: (input) => seamless.openSession(input) } satisfies CasinoWalletApi);
    await app.register(operatorWalletRoutes, {
      wallet: seamless,
      providerPublicKey: () => options.providerPublicKey ?? app.gameProvider.providerPublicKey,
    });
    app.jobs.add(TRANSFER_JOB, TRANSFER_JOB_MS, (now) => transfers.resume(now));
    await app.register(casinoWalletRoutes, { records, transfers });
  },
  { name: 'casino-wallet', dependencies: ['core', 'jobs', 'contract', 'site', 'responsible-gaming'] },
);
