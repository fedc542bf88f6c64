import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CheckIns } from './checkIns';
import { Coupons } from './coupons';
import { promotionDevRoutes } from './devRoutes';
import { promotionRoutes } from './routes';
import { Rebates } from './rebates';
import { type PromotionsOptions, PromotionsService } from './service';

/**
 * Promotions (issue 35): the bonus wallet on the ledger (a ledger account per grant), the offer
 * catalogue (/dev/offers outside production), opting in and leaving, and the shared job that forfeits
 * expired grants. The bets module pays stakes and returns wins through app.promotions (placementFunding,
 * recordStake, settled); withdrawals ask atWithdrawal in their transaction; a break, self-exclusion or
 * restriction forfeits every grant in the transaction that stops play, and so does closing the account.
 */

declare module 'fastify' {
  interface FastifyInstance {
    promotions: PromotionsService;
    rebates: Rebates;
  }
}

export type { BetForFunding, EndReason, Funding, GrantTerms, PromotionsService } from './service';
export { COUPON_MESSAGES } from './coupons';
export { CHECK_IN_MESSAGES } from './checkIns';
export { FREE_BET_MESSAGES } from './freeBets';
export { maxBetMessage, peso } from './service';
export { REBATE_TERMS, type Rebates } from './rebates';

/** How often the leader forfeits grants past their expiry. */
export const BONUS_EXPIRY_JOB_MS = 60_000;
export const REBATE_JOB_MS = 10 * 60_000;

export const promotions = fp(
  async (app: FastifyInstance) => {
    // What every part of promotions reads: the database, the clock, and the responsible-gaming gate.
    const shared: PromotionsOptions = {
      db: app.database.db,
      events: app.playerEvents,
      clock: app.clock,
      claimGate: (tx, customerId) => app.responsibleGaming.claim(tx, customerId, 'promotion'),
      marketingAllowed: (customerId) => app.responsibleGaming.marketingAllowed(customerId),
    };
    const service = new PromotionsService(shared);
    app.decorate('promotions', service);
    app.addHook('onReady', () => service.seed());
    // A break, self-exclusion or a restriction: every grant forfeited in the transaction that stops play.
    app.responsibleGaming.onPlayStopped(async (tx, customerId) => {
      await service.forfeitAll(tx, customerId, 'excluded');
    });
    // Closing the account: every grant forfeited in the closure's transaction (cash must be withdrawn first).
    app.account.onClose(async (tx, customerId) => {
      await service.forfeitAll(tx, customerId, 'closed');
    });
    app.jobs.add('bonus-expiry', BONUS_EXPIRY_JOB_MS, (now) => service.expire(now));
    // Yesterday's daily rebates, once a day (the job looks every 10 minutes; the day's row makes it once).
    const rebates = new Rebates(shared);
    app.decorate('rebates', rebates);
    app.jobs.add('daily-rebates', REBATE_JOB_MS, (now) => rebates.compute(now));
    const coupons = new Coupons({ ...shared, service });
    const checkIns = new CheckIns(shared);
    await app.register(promotionRoutes, { service, rebates, coupons, checkIns });
    if (!app.config.production) await app.register(promotionDevRoutes, { service });
  },
  { name: 'promotions', dependencies: ['core', 'jobs', 'contract', 'wallet', 'responsible-gaming', 'account'] },
);
