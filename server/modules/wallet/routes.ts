import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { balanceAnswer, balancesAnswer, bonusBalanceAnswer, transferAnswer } from '../../../src/contract/answers/wallet';
import { GatewayCode } from '../../../src/contract/errorCodes';
import { CallError } from '../../lib/errors';
import type { WalletService } from './service';

/** Amounts on the wire are whole centavos. */
const amountSchema = z.int({ message: 'Amounts are whole centavos.' }).check(z.positive({ message: 'The amount must be more than zero.' }));

/** The smallest transfer to a game wallet: ₱1.00. */
export const MIN_TRANSFER = 100;

/** The wallet calls of spec §7: balances, and the transfer to the sportsbook's wallet. */
export async function walletRoutes(app: FastifyInstance, options: { service: WalletService }) {
  const { service } = options;

  const mainBalance = async (customerId: number) => {
    const { wallets, flag } = await service.balances(customerId);
    return { balance: wallets.main, balanceFlag: flag };
  };

  app.call({
    prefix: 'main',
    name: 'customer/getBalance',
    auth: 'player',
    body: z.looseObject({}),
    answer: balanceAnswer,
    handler: ({ customerId }) => mainBalance(customerId),
  });

  app.call({
    prefix: 'main',
    name: 'customer/getBalanceV3',
    auth: 'player',
    body: z.looseObject({}),
    answer: balancesAnswer,
    handler: async ({ customerId }) => {
      const { wallets, flag } = await service.balances(customerId);
      return {
        balance: wallets.main,
        bonusBalance: wallets.bonus,
        sabaBalance: wallets.saba,
        totalBalance: wallets.main + wallets.bonus + wallets.saba,
        balanceFlag: flag,
      };
    },
  });

  // spec §4 "Balance refresh": type 0 polls until balanceFlag is 1; type 1 is a direct fetch.
  app.call({
    prefix: 'main',
    name: 'customer/refreshBalance',
    auth: 'player',
    body: z.looseObject({ type: z.optional(z.union([z.literal(0), z.literal(1)])) }),
    answer: balanceAnswer,
    handler: ({ customerId }) => mainBalance(customerId),
  });

  app.call({
    prefix: 'main',
    name: 'customer/getBonusBalanceV2',
    auth: 'player',
    body: z.looseObject({}),
    answer: bonusBalanceAnswer,
    handler: async ({ customerId }) => ({ bonusBalance: await service.bonusBalance(customerId) }),
  });

  // Transfer from the main wallet into the sportsbook's (Saba) wallet, for players who do not play
  // seamless. The money leaves main at once and reaches the game wallet when the provider confirms;
  // meanwhile balanceFlag is 0.
  app.call({
    prefix: 'main',
    name: 'game/sabaInBalance',
    auth: 'player',
    idempotent: true,
    body: z.looseObject({ amount: amountSchema }),
    answer: transferAnswer,
    handler: ({ body, customerId, idempotencyKey }) => {
      if (body.amount < MIN_TRANSFER) throw new CallError(GatewayCode.InvalidAmount, 'The smallest transfer is ₱1.00.', 400);
      return service.transferToSaba(customerId, idempotencyKey, body.amount);
    },
  });
}
