import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { depositBankInfosAnswer, depositOrderAnswer } from '../../../src/contract/answers/money';
import { MoneyBody, MoneyCall } from '../../../src/contract/money';
import { AGENT_SIGNATURE_HEADER, checkAgentSignature } from '../../providers/agents/cashIn';
import type { ManualDepositService } from './service';

/** The agent network's callback body: only what we act on, strictly typed. */
const agentCallback = z.object({
  event: z.literal('payment.paid'),
  paymentId: z.string().check(z.maxLength(64)),
  reference: z.string().check(z.maxLength(64)),
  amount: z.int().check(z.positive()),
  paidAt: z.string().check(z.maxLength(40)),
  store: z.string().check(z.maxLength(120)),
});

/**
 * Bank-transfer deposits (the house's accounts, the order, the receipt) and cash-ins at agents (the
 * order with its payment code, and the network's signed callback at /webhooks/agent/cash-in).
 */
export async function bankDepositRoutes(
  app: FastifyInstance,
  options: { service: ManualDepositService; agentSecret: string; clock: () => number },
) {
  const { service } = options;

  app.call({
    prefix: 'main',
    name: MoneyCall.queryDepositBankInfos,
    auth: 'player',
    body: MoneyBody.queryDepositBankInfos,
    answer: depositBankInfosAnswer,
    handler: () => service.bankInfos(),
  });

  app.call({
    prefix: 'main',
    name: MoneyCall.createDeposit,
    requires: ['kycVerified'],
    auth: 'player',
    idempotent: true,
    body: MoneyBody.createDeposit,
    answer: depositOrderAnswer,
    handler: ({ body, customerId, idempotencyKey }) => service.createBankDeposit(customerId, body, idempotencyKey),
  });

  app.call({
    prefix: 'main',
    name: MoneyCall.uploadDepositReceipt,
    auth: 'player',
    body: MoneyBody.uploadDepositReceipt,
    answer: depositOrderAnswer,
    handler: ({ body, customerId }) => service.uploadReceipt(customerId, body.orderNo, body.image),
  });

  app.call({
    prefix: 'main',
    name: MoneyCall.depositByAgent,
    requires: ['kycVerified'],
    auth: 'player',
    idempotent: true,
    body: MoneyBody.depositByAgent,
    answer: depositOrderAnswer,
    handler: ({ body, customerId, idempotencyKey }) => service.createAgentDeposit(customerId, body.amount, idempotencyKey),
  });

  // The agent network's callback: the signature over the raw body first; a forged one is refused and logged.
  app.post('/webhooks/agent/cash-in', async (request, reply) => {
    const raw = request.rawBody ?? '';
    const header = request.headers[AGENT_SIGNATURE_HEADER];
    const check = checkAgentSignature(typeof header === 'string' ? header : undefined, raw, options.agentSecret, options.clock());
    if (check !== 'ok') {
      request.log.warn({ check, ip: request.ip }, 'agent callback refused: signature');
      return reply.status(401).send({ error: 'invalid signature' });
    }
    const parsed = agentCallback.safeParse(request.body);
    if (!parsed.success) {
      request.log.warn('agent callback refused: malformed body');
      return reply.status(400).send({ error: 'malformed' });
    }
    const outcome = await service.agentPaid(parsed.data, request.log);
    request.log.info({ paymentId: parsed.data.paymentId, reference: parsed.data.reference, outcome }, 'agent callback');
    return reply.status(200).send({ received: true });
  });
}
