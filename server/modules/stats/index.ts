import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TrackingSimulator } from '../../providers/tracking/simulator';
import type { TrackingService } from '../../providers/tracking/types';
import { devStatsRoutes } from './devRoutes';
import type { EventWriter } from './model';
import { statsRoutes } from './routes';
import { StatsService } from './service';

export type { RegistrationSource, StatsService } from './service';

/** Shared jobs of the module (each on one instance: the holder of its lease). */
export const STATS_JOBS = { partitions: 'stats-partitions', retention: 'stats-retention', tracking: 'stats-tracking' } as const;
const PARTITIONS_EVERY_MS = 60 * 60_000;
const RETENTION_EVERY_MS = 6 * 60 * 60_000;
const TRACKING_EVERY_MS = 10_000;

export interface StatsModuleOptions {
  /** Another store for events (a columnar one); PostgreSQL's stat_events by default. */
  writer?: EventWriter;
  /** The tracking service; by default its simulator outside production and none in production. */
  tracking?: TrackingService;
}

declare module 'fastify' {
  interface FastifyInstance {
    stats: StatsService;
  }
}

/**
 * The stats module (issue 39), a plugin that wires itself: it builds its service (events written in
 * batches to PostgreSQL behind the EventWriter interface, experiments, attribution, the tracking
 * service), registers its calls and, outside production, the operator's page /dev/stats, decorates
 * app.stats (the auth module records a registration's attribution through it) and adds its shared jobs:
 * the day partitions ahead, retention, forwarding to the tracking service.
 */
export const stats = fp<StatsModuleOptions>(
  async (app: FastifyInstance, options) => {
    const db = app.database.db;
    const { production } = app.config;
    const tracking = options.tracking ?? (production ? undefined : new TrackingSimulator(db));
    const service = new StatsService({
      db,
      // Pseudonyms (device ids; players' ids for the tracking service) are keyed with the deployment's secret.
      secret: app.config.secrets.captchaKeySecret,
      ...(options.writer ? { writer: options.writer } : {}),
      tracking,
      clock: app.clock,
      log: app.log,
    });
    app.decorate('stats', service);
    await app.register(statsRoutes, { service, appKey: app.config.appKey, sessions: app.sessions.resolver });
    if (!production) await app.register(devStatsRoutes, { service, clock: app.clock });

    app.jobs.add(STATS_JOBS.partitions, PARTITIONS_EVERY_MS, (now) => service.preparePartitions(now));
    app.jobs.add(STATS_JOBS.retention, RETENTION_EVERY_MS, (now) => service.applyRetention(now));
    app.jobs.add(STATS_JOBS.tracking, TRACKING_EVERY_MS, (now) => service.forwardToTracking(now));
    // The first writes of the day find their partitions made (the writer would make them otherwise).
    app.addHook('onReady', async () => {
      await service
        .preparePartitions(app.clock())
        .catch((error: unknown) => app.log.warn({ err: error }, 'stats: partitions not prepared'));
    });
  },
  { name: 'stats', dependencies: ['core', 'jobs', 'sessions', 'contract'] },
);
