import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type GameWalletProvider, simulatedGameWallet } from '../../providers/gameWallet';
import { walletRoutes } from './routes';
import { WALLET_TRANSFER_JOB_MS, WalletService } from './service';

/**
 * The wallet module: the double-entry ledger every money module posts through (./ledger, exported
 * here), the balance calls, and transfers to the Saba game wallet with the shared job that asks again
 * about those left pending.
 */
export interface WalletModuleOptions {
  /** The Saba game wallet (default: its simulator, 400 ms away). */
  gameWallet?: GameWalletProvider;
}

declare module 'fastify' {
  interface FastifyInstance {
    wallet: WalletService;
  }
}

export * from './ledger';
export type { WalletService } from './service';

export const wallet = fp<WalletModuleOptions>(
  async (app: FastifyInstance, options) => {
    const service = new WalletService({
      db: app.database.db,
      gameWallet: options.gameWallet ?? simulatedGameWallet({ latencyMs: 400 }),
      events: app.playerEvents,
      gate: app.responsibleGaming.gate,
    });
    app.decorate('wallet', service);
    await app.register(walletRoutes, { service });
    app.jobs.add('wallet-transfers', WALLET_TRANSFER_JOB_MS, (now) => service.resumePendingTransfers(now));
  },
  { name: 'wallet', dependencies: ['core', 'jobs', 'responsible-gaming'] },
);
