import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { accountRoutes } from './routes';
import { AccountService } from './service';

/** The account: the player's info and profile, avatars, addresses, and closing the account (spec §7). */
export const account = fp(
  async (app: FastifyInstance) => {
    const db = app.database.db;
    await app.register(accountRoutes, {
      service: new AccountService({
        db,
        policy: app.sessions.policy,
        codeSecret: app.config.secrets.captchaKeySecret,
        sms: app.sms,
        mail: app.mail,
      }),
    });
  },
  { name: 'account', dependencies: ['core', 'contract', 'sessions', 'messaging'] },
);
