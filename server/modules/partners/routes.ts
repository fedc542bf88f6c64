import type { FastifyInstance } from 'fastify';
import { depositOrderAnswer } from '../../../src/contract/answers/money';
import { PartnerBody, PartnerCall } from '../../../src/contract/partners';
import type { PartnerService } from './service';

/** The partner-host calls (src/contract/partners.ts). */
export async function partnerRoutes(app: FastifyInstance, options: { service: PartnerService }) {
  const { service } = options;

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
