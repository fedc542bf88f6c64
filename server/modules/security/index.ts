import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { mailApiSecret } from '../../providers/mail';
import { mailWebhookRoutes, securityRoutes } from './routes';
import { SecurityService } from './service';

/**
 * The security centre (spec §2 /security): the login password, phone and email changes with their codes
 * (counted by the login lockout), and the mail service's delivery events (/webhooks/mail).
 */
export const security = fp(
  async (app: FastifyInstance) => {
    const { config, clock } = app;
    const db = app.database.db;
    const service = new SecurityService({
      db,
      codeSecret: config.secrets.captchaKeySecret,
      sms: app.sms,
      mail: app.mail,
      policy: app.sessions.policy,
      passwordGuard: app.auth.passwordGuard,
      now: clock,
    });
    await app.register(securityRoutes, { service });
    await app.register(mailWebhookRoutes, { db, secret: mailApiSecret(config.secrets.captchaKeySecret), now: clock });
  },
  { name: 'security', dependencies: ['core', 'contract', 'auth', 'messaging'] },
);
