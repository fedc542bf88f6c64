import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RATE_LIMIT_SWEEP_MS, postgresRateLimitStore, sweepRateLimits } from '../lib/rateLimitStore';
import { routeOf } from './exactPaths';

/**
 * Per-address limits on the calls and on the providers' webhooks (refused ones are stored, so a flood
 * must not fill the disk), each its own budget per address, the webhooks' larger since a provider sends
 * in bursts; decided by the route the router runs, never by the address as written (exactPaths). With
 * PostgreSQL the counters live in the database, shared by every instance (and swept by a shared job);
 * the embedded database serves one process, whose memory is enough. A route may set a tighter limit of
 * its own (`rateLimit` on app.call), and modules make their own limiters with app.createRateLimit.
 */
export interface RateLimitOptions {
  /** Requests per minute per address on the API (default 600). */
  ipCallsPerMinute?: number;
  /** Webhook requests per minute per address (default 1,200): a flood of forged ones is cut off. */
  webhookCallsPerMinute?: number;
  /**
   * Keep per-address counters in Postgres, shared by every instance (default: with PostgreSQL; the
   * embedded database serves one process, whose memory is enough).
   */
  sharedRateLimits?: boolean;
}

const isWebhook = (route: string) => route.startsWith('/webhooks/');

export const rateLimits = fp<RateLimitOptions>(
  async (app: FastifyInstance, options) => {
    const db = app.database.db;
    const shared = options.sharedRateLimits ?? app.database.kind === 'postgres';
    await app.register(rateLimit, {
      global: true,
      max: (request) => (isWebhook(routeOf(request)) ? (options.webhookCallsPerMinute ?? 1_200) : (options.ipCallsPerMinute ?? 600)),
      keyGenerator: (request) => (isWebhook(routeOf(request)) ? `webhook:${request.ip}` : request.ip),
      timeWindow: '1 minute',
      allowList: (request) => !routeOf(request).startsWith('/api/') && !isWebhook(routeOf(request)),
      ...(shared ? { store: postgresRateLimitStore(db) } : {}),
    });
    if (shared) app.jobs.add('rate-limit-sweep', RATE_LIMIT_SWEEP_MS, () => sweepRateLimits(db));
  },
  { name: 'rate-limits', dependencies: ['core', 'jobs'] },
);
