import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { inviteInfoAnswer } from '../../../src/contract/answers/invite';
import { InviteCall } from '../../../src/contract/invite';
import type { InvitesService } from './service';

/** The invites' calls (src/contract/invite.ts InviteCall). */
export async function inviteRoutes(app: FastifyInstance, options: { service: InvitesService }) {
  const { service } = options;
  app.call({
    prefix: 'main',
    name: InviteCall.info,
    auth: 'player',
    body: z.looseObject({}),
    answer: inviteInfoAnswer,
    handler: ({ customerId }) => service.info(customerId),
  });
}
