import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { messageRoutes } from './routes';

/**
 * The messages module: the inbox and notices (spec §3) and their calls. Other modules put a message in
 * a player's inbox with `sendMessage` (inside their own transaction when they pass it), pushed live.
 */
export { countNotices, type MessageType } from './repository';
export { sendMessage, welcome } from './service';

export const messages = fp(
  async (app: FastifyInstance) => {
    await app.register(messageRoutes, { db: app.database.db });
  },
  { name: 'messages', dependencies: ['core'] },
);
