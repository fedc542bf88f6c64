import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { statsRoutes } from './routes';

/** The statistics calls (customer/pvUvStatistics): written to the structured log. */
export const stats = fp(
  async (app: FastifyInstance) => {
    await app.register(statsRoutes, { counts: new Map() });
  },
  { name: 'stats', dependencies: ['core'] },
);
