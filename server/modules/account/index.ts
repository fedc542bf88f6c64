import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Transaction } from '../../db';
import { accountRoutes } from './routes';
import { AccountService } from './service';

export type ClosingHook = (tx: Transaction, customerId: number) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Modules that must act when a player closes their account add it here (in the closure's transaction). */
    account: { onClose(hook: ClosingHook): void };
  }
}

/** The account: the player's info and profile, avatars, addresses, and closing the account (spec §7). */
export const account = fp(
  async (app: FastifyInstance) => {
    const db = app.database.db;
    const onClose: ClosingHook[] = [];
    app.decorate('account', { onClose: (hook: ClosingHook) => void onClose.push(hook) });
    await app.register(accountRoutes, {
      service: new AccountService({
        db,
        policy: app.sessions.policy,
        codeSecret: app.config.secrets.captchaKeySecret,
        sms: app.sms,
        mail: app.mail,
        onClose,
      }),
    });
  },
  { name: 'account', dependencies: ['core', 'contract', 'sessions', 'messaging'] },
);
