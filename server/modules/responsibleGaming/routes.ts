import type { FastifyInstance } from 'fastify';
import { rgFamilyExclusionAnswer, rgHistoryAnswer, rgStatusAnswer } from '../../../src/contract/answers/responsibleGaming';
import { RgBody, RgCall } from '../../../src/contract/responsibleGaming';
import type { ResponsibleGamingService } from './service';

/** The family exclusion form files with an outside registry: a tight per-address limit. */
const INTAKE_LIMIT = { max: 20, timeWindow: '1 hour' } as const;

/** The calls of /responsibleGaming (src/contract/responsibleGaming.ts RgCall). */
export async function responsibleGamingRoutes(app: FastifyInstance, options: { service: ResponsibleGamingService }) {
  const { service } = options;

  app.call({
    prefix: 'main',
    name: RgCall.status,
    auth: 'player',
    body: RgBody.status,
    answer: rgStatusAnswer,
    handler: ({ customerId }) => service.status(customerId),
  });

  app.call({
    prefix: 'main',
    name: RgCall.history,
    auth: 'player',
    body: RgBody.history,
    answer: rgHistoryAnswer,
    handler: ({ body, customerId }) => service.history(customerId, body.pageNo ?? 1),
  });

  app.call({
    prefix: 'main',
    name: RgCall.setLimit,
    auth: 'player',
    body: RgBody.setLimit,
    answer: rgStatusAnswer,
    handler: ({ body, customerId }) => service.setLimit(customerId, body.limit, body.value),
  });

  app.call({
    prefix: 'main',
    name: RgCall.confirmChange,
    auth: 'player',
    body: RgBody.confirmChange,
    answer: rgStatusAnswer,
    handler: ({ body, customerId }) => service.confirmChange(customerId, body.limit),
  });

  app.call({
    prefix: 'main',
    name: RgCall.cancelChange,
    auth: 'player',
    body: RgBody.cancelChange,
    answer: rgStatusAnswer,
    handler: ({ body, customerId }) => service.cancelChange(customerId, body.limit),
  });

  app.call({
    prefix: 'main',
    name: RgCall.setReminders,
    auth: 'player',
    body: RgBody.setReminders,
    answer: rgStatusAnswer,
    handler: ({ body, customerId }) => service.setReminders(customerId, body.realityMinutes, body.inactivityMinutes),
  });

  app.call({
    prefix: 'main',
    name: RgCall.acknowledgeRealityCheck,
    auth: 'player',
    body: RgBody.acknowledgeRealityCheck,
    answer: rgStatusAnswer,
    handler: ({ customerId }) => service.acknowledgeRealityCheck(customerId),
  });

  app.call({
    prefix: 'main',
    name: RgCall.takeBreak,
    auth: 'player',
    body: RgBody.takeBreak,
    answer: rgStatusAnswer,
    handler: ({ body, customerId }) => service.takeBreak(customerId, body.period),
  });

  app.call({
    prefix: 'main',
    name: RgCall.selfExclude,
    auth: 'player',
    body: RgBody.selfExclude,
    answer: rgStatusAnswer,
    handler: ({ body, customerId }) => service.selfExclude(customerId, body.period),
  });

  app.call({
    prefix: 'main',
    name: RgCall.endExclusion,
    auth: 'player',
    body: RgBody.endExclusion,
    answer: rgStatusAnswer,
    handler: ({ customerId }) => service.endExclusion(customerId),
  });

  app.call({
    prefix: 'main',
    name: RgCall.switchCategory,
    auth: 'player',
    body: RgBody.switchCategory,
    answer: rgStatusAnswer,
    handler: ({ body, customerId }) => service.switchCategory(customerId, body.category, body.period),
  });

  app.call({
    prefix: 'main',
    name: RgCall.answerLimitOffer,
    auth: 'player',
    body: RgBody.answerLimitOffer,
    answer: rgStatusAnswer,
    handler: ({ body, customerId }) => service.answerLimitOffer(customerId, body.stage, body.depositDay),
  });

  app.call({
    prefix: 'main',
    name: RgCall.familyExclusion,
    auth: 'public',
    rateLimit: INTAKE_LIMIT,
    body: RgBody.familyExclusion,
    answer: rgFamilyExclusionAnswer,
    handler: ({ body }) => service.requestFamilyExclusion(body),
  });
}
