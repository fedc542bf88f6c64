import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../config';
import { type DatabaseHandle, openDatabase } from '../db';
import { type FieldCipher, fieldCipher } from '../lib/security';
import { PlayerEvents } from '../realtime/bus';

/**
 * What every part of the server stands on: the configuration, the clock, the database (PGlite under
 * DATA_DIR or DATABASE_URL's PostgreSQL, migrated at open; or the one a test hands in), the player-event
 * bus (bets, balance, messages, ended sessions; crossing instances once the cluster links it) and the
 * RSA cipher of the contract's sensitive fields.
 */
export interface CoreOptions {
  config: ServerConfig;
  /** An open database (tests share one template); otherwise the config decides (PGlite or DATABASE_URL). */
  database?: DatabaseHandle;
  /** The clock of rules that move with time (lockouts, codes, payments, KYC…); tests move it. Default Date.now. */
  clock?: () => number;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: ServerConfig;
    clock: () => number;
    database: DatabaseHandle;
    playerEvents: PlayerEvents;
    fieldCipher: FieldCipher;
  }
}

export const core = fp<CoreOptions>(
  async (app: FastifyInstance, options) => {
    const { config } = options;
    const database = options.database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
    // A database handed in is its owner's to close.
    if (!options.database) app.addHook('onClose', () => database.close());
    app.decorate('config', config);
    app.decorate('clock', options.clock ?? Date.now);
    app.decorate('database', database);
    app.decorate('playerEvents', new PlayerEvents());
    app.decorate('fieldCipher', fieldCipher(config.secrets.rsaPrivateKey));
  },
  { name: 'core' },
);
