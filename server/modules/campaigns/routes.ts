import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import {
  claimMissionAnswer,
  joinMissionAnswer,
  missionAnswer,
  missionsAnswer,
  openHighlightAnswer,
  spinAnswer,
  spinOpportunityAnswer,
  tournamentsAnswer,
  watchedHighlightAnswer,
} from '../../../src/contract/answers/campaigns';
import { CampaignCall, clipIdSchema, eventIdSchema, missionIdSchema } from '../../../src/contract/campaigns';
import type { LuckySpinService } from './luckySpin';
import type { MissionsService } from './service';
import type { TournamentsService } from './tournaments';

/** The campaigns' calls (src/contract/campaigns.ts CampaignCall). */
export async function campaignRoutes(
  app: FastifyInstance,
  options: { missions: MissionsService; luckySpin: LuckySpinService; tournaments: TournamentsService },
) {
  const { missions, luckySpin, tournaments } = options;

  app.call({
    prefix: 'main',
    name: CampaignCall.missions,
    auth: 'session',
    body: z.looseObject({ eventId: z.optional(eventIdSchema) }),
    answer: missionsAnswer,
    handler: ({ body, customerId }) => missions.list(customerId, body.eventId),
  });

  app.call({
    prefix: 'main',
    name: CampaignCall.mission,
    auth: 'session',
    body: z.looseObject({ id: missionIdSchema }),
    answer: missionAnswer,
    handler: ({ body, customerId }) => missions.detail(customerId, body.id),
  });

  app.call({
    prefix: 'main',
    name: CampaignCall.join,
    auth: 'player',
    idempotent: true,
    body: z.looseObject({ id: missionIdSchema }),
    answer: joinMissionAnswer,
    handler: ({ body, customerId, idempotencyKey }) => missions.join(customerId, idempotencyKey, body.id),
  });

  app.call({
    prefix: 'main',
    name: CampaignCall.claimRewards,
    auth: 'player',
    idempotent: true,
    body: z.looseObject({ id: missionIdSchema }),
    answer: claimMissionAnswer,
    handler: ({ body, customerId, idempotencyKey }) => missions.claim(customerId, idempotencyKey, body.id),
  });

  app.call({
    prefix: 'main',
    name: CampaignCall.openHighlight,
    auth: 'player',
    body: z.looseObject({ clipId: clipIdSchema }),
    answer: openHighlightAnswer,
    handler: ({ body, customerId }) => missions.openHighlight(customerId, body.clipId),
  });

  app.call({
    prefix: 'main',
    name: CampaignCall.watchedHighlight,
    auth: 'player',
    body: z.looseObject({ clipId: clipIdSchema }),
    answer: watchedHighlightAnswer,
    handler: ({ body, customerId }) => missions.watchedHighlight(customerId, body.clipId),
  });

  app.call({
    prefix: 'main',
    name: CampaignCall.spinOpportunity,
    auth: 'player',
    body: z.looseObject({}),
    answer: spinOpportunityAnswer,
    handler: ({ customerId }) => luckySpin.opportunity(customerId),
  });

  app.call({
    prefix: 'main',
    name: CampaignCall.spin,
    auth: 'player',
    idempotent: true,
    body: z.looseObject({}),
    answer: spinAnswer,
    handler: ({ customerId, idempotencyKey }) => luckySpin.spin(customerId, idempotencyKey),
  });

  app.call({
    prefix: 'main',
    name: CampaignCall.tournaments,
    auth: 'session',
    body: z.looseObject({}),
    answer: tournamentsAnswer,
    handler: ({ customerId }) => tournaments.list(customerId),
  });
}
