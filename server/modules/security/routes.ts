import type { FastifyInstance } from 'fastify';
import { passwordCheckAnswer } from '../../../src/contract/answers/account';
import { nothing } from '../../../src/contract/answers/common';
import { emailVerifiedAnswer, phoneBoundAnswer, securityCodeSentAnswer, securityInfoAnswer } from '../../../src/contract/answers/security';
import { SecurityBody, SecurityCall } from '../../../src/contract/security';
import { type MailEvent, checkMailSignature } from '../../providers/mail/api';
import { recordDelivery } from './repository';
import type { SecurityService } from './service';

/** Sending codes and checking passwords or codes get a tighter per-address limit than other calls. */
const SENSITIVE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

/** The security centre's calls (src/contract/security.ts). phone/sendCode, which also serves sign-up, is in auth. */
export async function securityRoutes(app: FastifyInstance, options: { service: SecurityService }) {
  const { service } = options;

  app.call({
    prefix: 'main',
    name: SecurityCall.securityInfo,
    auth: 'player',
    body: SecurityBody.securityInfo,
    answer: securityInfoAnswer,
    handler: ({ customerId }) => service.info(customerId),
  });

  app.call({
    prefix: 'main',
    name: SecurityCall.sendOwnPhoneCode,
    auth: 'player',
    rateLimit: SENSITIVE_LIMIT,
    body: SecurityBody.sendOwnPhoneCode,
    answer: securityCodeSentAnswer,
    handler: ({ body, customerId }) => service.sendOwnPhoneCode(customerId, body.purpose),
  });

  app.call({
    prefix: 'main',
    name: SecurityCall.verifyPhone,
    auth: 'player',
    rateLimit: SENSITIVE_LIMIT,
    body: SecurityBody.verifyPhone,
    answer: phoneBoundAnswer,
    handler: ({ body, customerId, session }) => service.verifyPhone(customerId, session.id, body.newPhone, body.code, body.oldCode),
  });

  app.call({
    prefix: 'main',
    name: SecurityCall.sendEmailCode,
    auth: 'player',
    rateLimit: SENSITIVE_LIMIT,
    body: SecurityBody.sendEmailCode,
    answer: securityCodeSentAnswer,
    handler: ({ body, customerId }) => service.sendEmailCode(customerId, body.newEmail),
  });

  app.call({
    prefix: 'main',
    name: SecurityCall.sendOwnEmailCode,
    auth: 'player',
    rateLimit: SENSITIVE_LIMIT,
    body: SecurityBody.sendOwnEmailCode,
    answer: securityCodeSentAnswer,
    handler: ({ customerId }) => service.sendOwnEmailCode(customerId),
  });

  app.call({
    prefix: 'main',
    name: SecurityCall.verifyEmail,
    auth: 'player',
    rateLimit: SENSITIVE_LIMIT,
    body: SecurityBody.verifyEmail,
    answer: emailVerifiedAnswer,
    handler: ({ body, customerId }) => service.verifyEmail(customerId, body.code, body.newEmail),
  });

  app.call({
    prefix: 'main',
    name: SecurityCall.setLoginPwd,
    auth: 'player',
    rateLimit: SENSITIVE_LIMIT,
    body: SecurityBody.setLoginPwd,
    answer: nothing,
    handler: ({ body, customerId }) => service.setLoginPassword(customerId, body.password, body.code),
  });

  app.call({
    prefix: 'main',
    name: SecurityCall.modifyPwd,
    auth: 'player',
    rateLimit: SENSITIVE_LIMIT,
    body: SecurityBody.modifyPwd,
    answer: nothing,
    handler: ({ body, customerId, session }) => service.modifyPassword(customerId, session.id, body.oldPassword, body.newPassword),
  });

  app.call({
    prefix: 'main',
    name: SecurityCall.validatePwd,
    auth: 'player',
    rateLimit: SENSITIVE_LIMIT,
    body: SecurityBody.validatePwd,
    answer: passwordCheckAnswer,
    handler: ({ body, customerId }) => service.validatePassword(customerId, body.password),
  });
}

/**
 * POST /webhooks/mail: the mail provider's signed delivery events (api.ts). The raw body is kept (a
 * parser of this scope only) since the signature covers its bytes; nothing is parsed before it is
 * verified. Applying an event twice changes nothing, so a provider's retries are harmless.
 */
export async function mailWebhookRoutes(
  app: FastifyInstance,
  options: { db: Parameters<typeof recordDelivery>[0]; secret: string; now: () => number },
) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 65_536 }, (_request, body, done) => done(null, body));
  app.post('/webhooks/mail', async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const header = request.headers['x-mail-signature'];
    const verdict = checkMailSignature(typeof header === 'string' ? header : undefined, raw, options.secret, options.now());
    reply.header('Cache-Control', 'no-store');
    if (verdict !== 'ok') {
      request.log.warn({ verdict }, 'mail webhook refused');
      return reply.status(401).send({ received: false, reason: verdict });
    }
    let event: Partial<MailEvent>;
    try {
      event = JSON.parse(raw) as Partial<MailEvent>;
    } catch {
      return reply.status(400).send({ received: false, reason: 'json' });
    }
    if (typeof event.messageId !== 'string' || (event.type !== 'delivered' && event.type !== 'bounced')) {
      return reply.status(400).send({ received: false, reason: 'event' });
    }
    const known = await recordDelivery(options.db, event.messageId, event.type);
    if (event.type === 'bounced') request.log.warn({ messageId: event.messageId, reason: event.reason }, 'an email bounced');
    // An unknown message is answered 2xx too: retrying would not make it known.
    return reply.status(200).send({ received: true, known });
  });
}
