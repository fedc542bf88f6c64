import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { voucherRoutes } from './routes';
import { VOUCHER_PAY_TYPE, VoucherService } from './service';

/** Vouchers and gift cards: redeemed by code into the wallet, guesses limited per player (spec §7). */
declare module 'fastify' {
  interface FastifyInstance {
    vouchers: VoucherService;
  }
}

export { latestVouchers } from './repository';
export { type VoucherService, maskCode } from './service';

export const vouchers = fp(
  async (app: FastifyInstance) => {
    const service = new VoucherService({
      db: app.database.db,
      events: app.playerEvents,
      clock: app.clock,
      gate: app.responsibleGaming.gate,
    });
    app.decorate('vouchers', service);
    await app.register(voucherRoutes, { service });
    app.payments.payWays.register(async () => [VOUCHER_PAY_TYPE], 40);
  },
  { name: 'vouchers', dependencies: ['core', 'contract', 'payments', 'responsible-gaming'] },
);
