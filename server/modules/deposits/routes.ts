import type { FastifyInstance } from 'fastify';
import { depositOrderAnswer, payWaysAnswer } from '../../../src/contract/answers/money';
import { MoneyBody, MoneyCall } from '../../../src/contract/money';
import type { DepositService } from './service';

/** The e-wallet deposit calls of spec §7 (the other pay types register their own calls and pay ways). */
export async function depositRoutes(app: FastifyInstance, options: { service: DepositService }) {
  const { service } = options;

  app.call({
    prefix: 'main',
    name: MoneyCall.queryPayWays,
    auth: 'player',
    body: MoneyBody.queryPayWays,
    answer: payWaysAnswer,
    handler: ({ body, customerId }) => service.payWays(customerId, body.terminal),
  });

  app.call({
    prefix: 'main',
    name: MoneyCall.createOnlineOrder,
    requires: ['kycVerified'],
    auth: 'player',
    idempotent: true,
    body: MoneyBody.createOnlineOrder,
    answer: depositOrderAnswer,
    handler: ({ body, customerId, idempotencyKey, session }) => service.createOnlineOrder(customerId, idempotencyKey, body, session.host),
  });

  app.call({
    prefix: 'main',
    name: MoneyCall.cancelDeposit,
    auth: 'player',
    body: MoneyBody.cancelDeposit,
    answer: depositOrderAnswer,
    handler: ({ body, customerId }) => service.cancel(customerId, body.orderNo),
  });
}
