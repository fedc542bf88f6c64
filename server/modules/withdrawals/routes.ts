import type { FastifyInstance } from 'fastify';
import {
  codeSentAnswer,
  mayaWithdrawalUrlAnswer,
  orderQuotaAnswer,
  withdrawBanksAnswer,
  withdrawSwitchAnswer,
  withdrawalAnswer,
} from '../../../src/contract/answers/money';
import { nothing } from '../../../src/contract/answers/common';
import { GatewayCode } from '../../../src/contract/errorCodes';
import { MoneyBody, MoneyCall } from '../../../src/contract/money';
import { PaymentAccountType } from '../../../src/contract/payments';
import { CallError } from '../../lib/errors';
import type { PaymentAccountService } from '../paymentAccounts';
import { wayOfAccountType } from './limits';
import type { WithdrawPasswords } from './password';
import type { WithdrawalService } from './service';

export interface WithdrawalRouteOptions {
  service: WithdrawalService;
  passwords: WithdrawPasswords;
  accounts: PaymentAccountService;
}

/** Guessing a withdrawal password or sending codes gets a tighter per-address limit than other calls. */
const SENSITIVE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

/** The withdrawal calls of spec §7 and the withdrawal password's. */
export async function withdrawalRoutes(app: FastifyInstance, options: WithdrawalRouteOptions) {
  const { service, passwords, accounts } = options;

  app.call({
    prefix: 'main',
    name: MoneyCall.sendVerificationCode,
    auth: 'player',
    rateLimit: SENSITIVE_LIMIT,
    body: MoneyBody.sendVerificationCode,
    answer: codeSentAnswer,
    handler: ({ customerId }) => passwords.sendCode(customerId),
  });

  app.call({
    prefix: 'main',
    name: MoneyCall.setWithdrawPwd,
    auth: 'player',
    rateLimit: SENSITIVE_LIMIT,
    body: MoneyBody.setWithdrawPwd,
    answer: nothing,
    handler: ({ body, customerId }) => passwords.set(customerId, body.withdrawPassword, body.code),
  });

  app.call({
    prefix: 'main',
    name: MoneyCall.modifyWithdrawPwd,
    auth: 'player',
    rateLimit: SENSITIVE_LIMIT,
    body: MoneyBody.modifyWithdrawPwd,
    answer: nothing,
    handler: ({ body, customerId }) => passwords.modify(customerId, body.withdrawPassword, body.newWithdrawalPwd),
  });

  app.call({
    prefix: 'main',
    name: MoneyCall.forgetWithdrawPwd,
    auth: 'player',
    rateLimit: SENSITIVE_LIMIT,
    body: MoneyBody.forgetWithdrawPwd,
    answer: nothing,
    handler: ({ body, customerId }) => passwords.forget(customerId, body.code, body.newWithdrawalPwd),
  });

  app.call({
    prefix: 'main',
    name: MoneyCall.withdrawSwitch,
    auth: 'player',
    body: MoneyBody.withdrawSwitch,
    answer: withdrawSwitchAnswer,
    handler: ({ customerId }) => service.withdrawSwitch(customerId),
  });

  app.call({
    prefix: 'main',
    name: MoneyCall.withdrawBanks,
    auth: 'player',
    body: MoneyBody.withdrawBanks,
    answer: withdrawBanksAnswer,
    handler: () => service.banks(),
  });

  app.call({
    prefix: 'main',
    name: MoneyCall.checkOrderQuota,
    auth: 'player',
    body: MoneyBody.checkOrderQuota,
    answer: orderQuotaAnswer,
    handler: ({ body, customerId }) => service.checkOrderQuota(customerId, body.amount, body.accountType),
  });

  app.call({
    prefix: 'main',
    name: MoneyCall.createWithdrawalRequest,
    requires: ['faceCheck:withdraw'],
    auth: 'player',
    idempotent: true,
    rateLimit: SENSITIVE_LIMIT,
    body: MoneyBody.createWithdrawalRequest,
    answer: withdrawalAnswer,
    handler: async ({ body, customerId, idempotencyKey }) => {
      // The way follows from the account; an unknown account is refused inside, with nothing moved.
      const account = await accounts.owned(customerId, body.bankAccountId);
      if (!account) throw new CallError(GatewayCode.PaymentAccountRefused, 'Please choose one of your saved accounts to withdraw to.', 400);
      return service.create(customerId, idempotencyKey, MoneyCall.createWithdrawalRequest, {
        way: wayOfAccountType(account.accountType),
        amount: body.amount,
        withdrawPassword: body.withdrawPassword,
        bankAccountId: body.bankAccountId,
      });
    },
  });

  app.call({
    prefix: 'main',
    name: MoneyCall.withdrawByAgent,
    requires: ['faceCheck:withdraw'],
    auth: 'player',
    idempotent: true,
    rateLimit: SENSITIVE_LIMIT,
    body: MoneyBody.withdrawByAgent,
    answer: withdrawalAnswer,
    handler: ({ body, customerId, idempotencyKey }) =>
      service.create(customerId, idempotencyKey, MoneyCall.withdrawByAgent, {
        way: 'agent',
        amount: body.amount,
        withdrawPassword: body.withdrawPassword,
      }),
  });

  app.call({
    prefix: 'main',
    name: MoneyCall.queryMayaWithdrawalUrl,
    auth: 'player',
    body: MoneyBody.queryMayaWithdrawalUrl,
    answer: mayaWithdrawalUrlAnswer,
    // The Maya mini-app opens our own withdrawal page, on Maya, in its web view.
    handler: () => ({ url: '/wallet/withdraw?payType=maya' }),
  });

  app.call({
    prefix: 'main',
    name: MoneyCall.createMayaWithdrawalRequest,
    requires: ['faceCheck:withdraw'],
    auth: 'player',
    idempotent: true,
    rateLimit: SENSITIVE_LIMIT,
    body: MoneyBody.createMayaWithdrawalRequest,
    answer: withdrawalAnswer,
    handler: async ({ body, customerId, idempotencyKey }) => {
      const [maya] = (await accounts.list(customerId, PaymentAccountType.Maya)).list;
      if (!maya) throw new CallError(GatewayCode.PaymentAccountRefused, 'Please add your Maya account first.', 400);
      return service.create(customerId, idempotencyKey, MoneyCall.createMayaWithdrawalRequest, {
        way: 'maya',
        amount: body.amount,
        withdrawPassword: body.withdrawPassword,
        bankAccountId: maya.bankAccountId,
      });
    },
  });
}
