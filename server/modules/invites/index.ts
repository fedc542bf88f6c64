import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { peso } from '../promotions';
import { inviteRoutes } from './routes';
import { InvitesService } from './service';

/**
 * Invite friends (issue 35): each player's code and share link, the invitation recorded in the
 * registration's transaction (app.auth.onAccountOpened), and the reward (the catalogue's `invite-friend`
 * offer: a free bet through app.promotions) decided by the leader's `invite-rewards` job and when the
 * inviter opens /invite-friends, once per invitee whatever races.
 */

declare module 'fastify' {
  interface FastifyInstance {
    invites: InvitesService;
  }
}

export type { InvitesService } from './service';

/** How often the leader looks at open invitations. */
export const INVITE_JOB_MS = 60_000;

export const invites = fp(
  async (app: FastifyInstance) => {
    const service = new InvitesService({
      db: app.database.db,
      events: app.playerEvents,
      clock: app.clock,
      offer: (id) => app.promotions.offer(id),
      awardFreeBet: (tx, customerId, source, terms) => app.promotions.awardFreeBet(tx, customerId, source, terms),
      claimGate: (tx, customerId) => app.responsibleGaming.claim(tx, customerId, 'promotion'),
      marketingAllowed: (customerId) => app.responsibleGaming.marketingAllowed(customerId),
      peso,
    });
    app.decorate('invites', service);
    app.auth.onAccountOpened((tx, customerId, invite) => service.record(tx, customerId, invite));
    app.jobs.add('invite-rewards', INVITE_JOB_MS, (now) => service.evaluatePending(now));
    await app.register(inviteRoutes, { service });
  },
  { name: 'invites', dependencies: ['core', 'jobs', 'contract', 'auth', 'responsible-gaming', 'promotions'] },
);
