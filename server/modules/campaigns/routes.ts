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
import { exchangeMasskaraAnswer, joinMasskaraAnswer, masskaraAnswer, rafflesAnswer } from '../../../src/contract/answers/masskara';
import { CampaignCall, clipIdSchema, eventIdSchema, missionIdSchema } from '../../../src/contract/campaigns';
import { MasskaraCall, masskaraEditionBody as editionBody } from '../../../src/contract/masskara';
import type { CampaignServices } from './services';

/** The campaigns' calls (src/contract/campaigns.ts CampaignCall, src/contract/masskara.ts MasskaraCall). */
export async function campaignRoutes(app: FastifyInstance, options: CampaignServices) {
  const { missions, luckySpin, tournaments, masskara, raffles } = options;

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

  app.call({
    prefix: 'main',
    name: MasskaraCall.campaign,
    auth: 'session',
    body: editionBody,
    answer: masskaraAnswer,
    handler: ({ customerId, body }) => masskara.campaign(customerId, body.edition),
  });

  app.call({
    prefix: 'main',
    name: MasskaraCall.join,
    auth: 'player',
    idempotent: true,
    body: editionBody,
    answer: joinMasskaraAnswer,
    handler: ({ customerId, idempotencyKey, body }) => masskara.join(customerId, idempotencyKey, body.edition),
  });

  app.call({
    prefix: 'main',
    name: MasskaraCall.exchange,
    auth: 'player',
    idempotent: true,
    body: editionBody,
    answer: exchangeMasskaraAnswer,
    handler: ({ customerId, idempotencyKey, body }) => masskara.exchange(customerId, idempotencyKey, body.edition),
  });

  app.call({
    prefix: 'main',
    name: MasskaraCall.raffles,
    auth: 'session',
    body: z.looseObject({}),
    answer: rafflesAnswer,
    handler: ({ customerId }) => raffles.list(customerId),
  });
}
