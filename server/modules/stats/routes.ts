import type { FastifyInstance } from 'fastify';
import { nothing } from '../../../src/contract/answers/common';
import * as z from 'zod';
import { STATISTICS_TYPES } from '../../../src/contract/constants';

/**
 * customer/pvUvStatistics (spec §7 statistics, §9 types 59, 60, 61): each event is written to the
 * structured log, where the analytics pipeline reads it, and counted for the process's lifetime.
 */
export async function statsRoutes(app: FastifyInstance, options: { counts: Map<string, number> }) {
  app.call({
    prefix: 'main',
    name: 'customer/pvUvStatistics',
    auth: 'public',
    body: z.object({
      type: z.union(STATISTICS_TYPES.map((type) => z.literal(type))),
      event: z.string().max(64),
      page: z.string().max(256).optional(),
    }),
    answer: nothing,
    handler: ({ body, request }) => {
      const key = `${body.type}:${body.event}`;
      options.counts.set(key, (options.counts.get(key) ?? 0) + 1);
      request.log.info({ stat: body, deviceId: request.headers['deviceid'] }, 'statistic');
      return null;
    },
  });
}
