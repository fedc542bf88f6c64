import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { atRestCipher } from '../../lib/security';
import { paymentAccountRoutes } from './routes';
import { PaymentAccountService } from './service';

/**
 * The player's payment accounts (bank accounts and e-wallets, spec §3: account/createBankAccount,
 * deleteBankAccount, bankAccountList), their numbers sealed at rest, and the list of banks payouts reach.
 * Withdrawals pay to them through what is exported here.
 */
declare module 'fastify' {
  interface FastifyInstance {
    paymentAccounts: PaymentAccountService;
  }
}

export { BANKS, bankByCode, bankLogo } from './banks';
export { accountById, findAccount } from './repository';
export { type PaymentAccountService, destinationOf } from './service';

export const paymentAccounts = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const service = new PaymentAccountService({
      db: app.database.db,
      cipher: atRestCipher(config.secrets.rsaPrivateKey, 'payment-accounts'),
      maxPerType: config.withdraw.maxAccountsPerType,
      now: app.clock,
    });
    app.decorate('paymentAccounts', service);
    await app.register(paymentAccountRoutes, { service });
  },
  { name: 'payment-accounts', dependencies: ['core', 'contract'] },
);
