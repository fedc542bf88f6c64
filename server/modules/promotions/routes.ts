import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import {
  claimRebatesAnswer,
  leaveAnswer,
  promotionListAnswer,
  publicOffersAnswer,
  rebatesAnswer,
  withdrawalForfeitAnswer,
} from '../../../src/contract/answers/promotions';
import { PromotionCall, offerIdSchema } from '../../../src/contract/promotions';
import type { Rebates } from './rebates';
import type { PromotionsService } from './service';

/** The promotions' calls (src/contract/promotions.ts PromotionCall). */
export async function promotionRoutes(app: FastifyInstance, options: { service: PromotionsService; rebates: Rebates }) {
  const { service, rebates } = options;

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
    answer: z.strictObject({ grantId: z.int() }),
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
