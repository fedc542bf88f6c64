import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ChatMessage } from '../../../src/contract/feed';
import { saveChat } from './repository';
import { sportsRoutes } from './routes';
import { SportsService } from './service';

/**
 * The sportsbook's calls over the feed (lists, match detail, outrights, streams, picks, standings…) and
 * the match chat's records: the realtime endpoint keeps each line it published through
 * `app.matchChat.save`.
 */
export interface MatchChat {
  save(message: ChatMessage, customerId: number | null): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    matchChat: MatchChat;
  }
}

export const sports = fp(
  async (app: FastifyInstance) => {
    const db = app.database.db;
    app.decorate('matchChat', { save: (message, customerId) => saveChat(db, message, customerId) } satisfies MatchChat);
    await app.register(sportsRoutes, { service: new SportsService({ feed: app.feed, db, settings: app.site.settings }) });
  },
  { name: 'sports', dependencies: ['core', 'contract', 'site', 'feed'] },
);
