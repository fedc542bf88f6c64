import type { FastifyInstance } from 'fastify';
import { bankAccountListAnswer, createBankAccountAnswer } from '../../../src/contract/answers/money';
import { nothing } from '../../../src/contract/answers/common';
import { MoneyBody, MoneyCall } from '../../../src/contract/money';
import type { PaymentAccountService } from './service';

/** account/bankAccountList, createBankAccount, deleteBankAccount (spec §7): the player's payment accounts. */
export async function paymentAccountRoutes(app: FastifyInstance, options: { service: PaymentAccountService }) {
  const { service } = options;

  app.call({
    prefix: 'main',
    name: MoneyCall.bankAccountList,
    auth: 'player',
    body: MoneyBody.bankAccountList,
    answer: bankAccountListAnswer,
    handler: ({ body, customerId }) => service.list(customerId, body.accountType),
  });

  app.call({
    prefix: 'main',
    name: MoneyCall.createBankAccount,
    auth: 'player',
    rateLimit: { max: 30, timeWindow: '1 minute' },
    body: MoneyBody.createBankAccount,
    answer: createBankAccountAnswer,
    handler: ({ body, customerId }) => service.create(customerId, body),
  });

  app.call({
    prefix: 'main',
    name: MoneyCall.deleteBankAccount,
    auth: 'player',
    body: MoneyBody.deleteBankAccount,
    answer: nothing,
    handler: ({ body, customerId }) => service.remove(customerId, body.bankAccountId),
  });
}
