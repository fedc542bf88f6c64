import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import {
  checkInAnswer,
  checkInStatusAnswer,
  claimRebatesAnswer,
  couponAnswer,
  couponListAnswer,
  leaveAnswer,
  promotionListAnswer,
  publicOffersAnswer,
  rebatesAnswer,
  receiveCouponAnswer,
  withdrawalForfeitAnswer,
} from '../../../src/contract/answers/promotions';
import { COUPON_PAGE, PromotionCall, offerIdSchema } from '../../../src/contract/promotions';
import type { CheckIns } from './checkIns';
import type { Coupons } from './coupons';
import type { Rebates } from './rebates';
import type { PromotionsService } from './service';

/** The promotions' calls (src/contract/promotions.ts PromotionCall). */
export async function promotionRoutes(
  app: FastifyInstance,
  options: { service: PromotionsService; rebates: Rebates; coupons: Coupons; checkIns: CheckIns },
) {
  const { service, rebates, coupons, checkIns } = options;

  app.call({
    prefix: 'main',
    name: PromotionCall.checkInStatus,
    auth: 'player',
    body: z.looseObject({}),
    answer: checkInStatusAnswer,
    handler: ({ customerId }) => checkIns.status(customerId),
  });

  app.call({
    prefix: 'main',
    name: PromotionCall.checkIn,
    auth: 'player',
    body: z.looseObject({}),
    answer: checkInAnswer,
    handler: ({ customerId }) => checkIns.checkIn(customerId),
  });
  const couponName = z.string().check(z.minLength(3), z.maxLength(40), z.regex(/^[A-Za-z0-9-]+$/));

  app.call({
    prefix: 'main',
    name: PromotionCall.coupon,
    auth: 'public',
    body: z.looseObject({ couponName }),
    answer: couponAnswer,
    handler: ({ body, session }) => coupons.detail(body.couponName, session?.customerId ?? undefined),
  });

  app.call({
    prefix: 'main',
    name: PromotionCall.coupons,
    auth: 'player',
    body: z.looseObject({
      pageNum: z._default(z.int().check(z.minimum(1), z.maximum(10_000)), COUPON_PAGE.pageNum),
      pageSize: z._default(z.int().check(z.minimum(1), z.maximum(1000)), COUPON_PAGE.pageSize),
    }),
    answer: couponListAnswer,
    handler: ({ body, customerId }) => coupons.list(customerId, body.pageNum, body.pageSize),
  });

  app.call({
    prefix: 'main',
    name: PromotionCall.receiveCoupon,
    auth: 'player',
    idempotent: true,
    body: z.looseObject({ couponName }),
    answer: receiveCouponAnswer,
    handler: ({ body, customerId, idempotencyKey }) => coupons.receive(customerId, idempotencyKey, body.couponName),
  });

  app.call({
    prefix: 'main',
    name: PromotionCall.rebates,
    auth: 'player',
    body: z.looseObject({}),
    answer: rebatesAnswer,
    handler: ({ customerId }) => rebates.list(customerId),
  });

  for (const name of [PromotionCall.claimRebates, PromotionCall.claimDailyRebates]) {
    app.call({
      prefix: 'main',
      name,
      auth: 'player',
      idempotent: true,
      body: z.looseObject({}),
      answer: claimRebatesAnswer,
      handler: ({ customerId }) => rebates.claim(customerId),
    });
  }

  app.call({
    prefix: 'main',
    name: PromotionCall.offers,
    auth: 'public',
    body: z.looseObject({}),
    answer: publicOffersAnswer,
    handler: () => service.publicOffers(),
  });

  app.call({
    prefix: 'main',
    name: PromotionCall.list,
    auth: 'player',
    body: z.looseObject({}),
    answer: promotionListAnswer,
    handler: ({ customerId }) => service.list(customerId),
  });

  app.call({
    prefix: 'main',
    name: PromotionCall.optIn,
    auth: 'player',
    idempotent: true,
    body: z.looseObject({ offerId: offerIdSchema }),
    // A free bet offer answers the token (grantId 0: no bonus grant).
    answer: z.strictObject({ grantId: z.int(), freeBetId: z.optional(z.int()) }),
    handler: ({ body, customerId, idempotencyKey }) => service.optIn(customerId, idempotencyKey, body.offerId),
  });

  app.call({
    prefix: 'main',
    name: PromotionCall.leave,
    auth: 'player',
    idempotent: true,
    body: z.looseObject({ grantId: z.int().check(z.positive()) }),
    answer: leaveAnswer,
    handler: ({ body, customerId, idempotencyKey }) => service.leave(customerId, idempotencyKey, body.grantId),
  });

  app.call({
    prefix: 'main',
    name: PromotionCall.withdrawalForfeit,
    auth: 'player',
    body: z.looseObject({}),
    answer: withdrawalForfeitAnswer,
    handler: ({ customerId }) => service.withdrawalForfeit(customerId),
  });
}
