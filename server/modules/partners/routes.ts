import type { FastifyInstance } from 'fastify';
import { depositOrderAnswer } from '../../../src/contract/answers/money';
import { PartnerBody, PartnerCall } from '../../../src/contract/partners';
import type { BotService } from './bot';
import type { PartnerService } from './service';

/** The partner-host calls (src/contract/partners.ts). */
export async function partnerRoutes(app: FastifyInstance, options: { service: PartnerService; bot: BotService }) {
  const { service, bot } = options;

  // The messaging bot's link (spec §2 sessionId + relogin): a session id once, within 10 minutes.
  app.call({
    prefix: 'main',
    name: PartnerCall.viberCheckBind,
    auth: 'public',
    rateLimit: { max: 30, timeWindow: '1 minute' },
    body: PartnerBody.viberCheckBind,
    handler: ({ body, request, session }) => bot.checkBind(body, { client: request, sessionId: session?.id }),
  });

  app.call({
    prefix: 'main',
    name: PartnerCall.hostLogin,
    auth: 'public',
    rateLimit: { max: 30, timeWindow: '1 minute' },
    body: PartnerBody.hostLogin,
    handler: ({ body, request, session }) => service.hostLogin(body, { client: request, sessionId: session?.id }),
  });

  app.call({
    prefix: 'main',
    name: PartnerCall.hostPayOrder,
    requires: ['kycVerified'],
    auth: 'player',
    idempotent: true,
    body: PartnerBody.hostPayOrder,
    answer: depositOrderAnswer,
    handler: ({ body, customerId, idempotencyKey }) => service.hostPayOrder(customerId, idempotencyKey, body),
  });

  app.call({
    prefix: 'main',
    name: PartnerCall.hostPayResult,
    auth: 'player',
    body: PartnerBody.hostPayResult,
    answer: depositOrderAnswer,
    handler: ({ body, customerId }) => service.hostPayResult(customerId, body),
  });
}
