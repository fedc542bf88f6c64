import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type MailProvider, type SmsProvider, outboxMail, outboxSms } from '../messaging';
import { mailApiSecret } from './api';
import { mailApiClient } from './client';
import { mailSimulator } from './simulator';

/**
 * The outside parties that carry codes and notices to players (app.sms, app.mail). SMS goes to the
 * development outbox. Mail goes through the transactional-mail API (signed requests, delivery events
 * back to /webhooks/mail); outside production its simulator answers in process and writes to the
 * outbox, and in production, with no mail service configured, mail goes to the outbox too.
 */
declare module 'fastify' {
  interface FastifyInstance {
    sms: SmsProvider;
    mail: MailProvider;
  }
}

export { mailApiSecret } from './api';

export const messaging = fp(
  async (app: FastifyInstance) => {
    const { config, clock } = app;
    const db = app.database.db;
    const secret = mailApiSecret(config.secrets.captchaKeySecret);
    app.decorate('sms', outboxSms(db));
    app.decorate(
      'mail',
      config.production
        ? outboxMail(db)
        : mailApiClient({
            secret,
            from: 'Panalo <no-reply@panalo.ph>',
            now: clock,
            transport: async ({ path, headers, body }) => {
              const answer = await app.inject({ method: 'POST', url: `/sim/mail${path}`, headers, payload: body });
              return { status: answer.statusCode, body: answer.body };
            },
          }),
    );
    if (!config.production) {
      await app.register(mailSimulator, {
        db,
        secret,
        now: clock,
        log: app.log,
        deliverEvent: async ({ headers, body }) =>
          (await app.inject({ method: 'POST', url: '/webhooks/mail', headers, payload: body })).statusCode,
      });
    }
  },
  { name: 'messaging', dependencies: ['core'] },
);
