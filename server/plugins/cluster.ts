import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LeaderLease } from '../lib/jobs';
import { FEED_EXCHANGE } from '../realtime/feedLink';
import { PLAYER_EXCHANGE, playerEventsTransport } from '../realtime/playerLink';
import { InstanceLink } from '../realtime/rabbit';
import { TOPIC_EXCHANGE } from '../realtime/topicLink';

/**
 * Several instances (docs/architecture.md "Several instances"): with BROKER_URL on PostgreSQL, this
 * instance links to the others through RabbitMQ (the feed's ops, player events, topics for everyone's
 * sockets) and takes part in the feed's leadership (`feedLease`; the feed provider and the bets module
 * act on it). `app.cluster` is undefined on one instance.
 */
export interface Cluster {
  /** RabbitMQ between the instances; `connected` is part of readiness. */
  link: InstanceLink;
  /** Who runs the feed (and the jobs that go with it: settlement, the restart rule, overdue live tickets). */
  feedLease: LeaderLease;
}

declare module 'fastify' {
  interface FastifyInstance {
    cluster: Cluster | undefined;
  }
}

export const cluster = fp(
  async (app: FastifyInstance) => {
    const { config, database } = app;
    let linked: Cluster | undefined;
    if (config.brokerUrl && database.kind !== 'postgres') {
      app.log.warn(
        'BROKER_URL is set but the database is the embedded one: it serves one instance, so RabbitMQ is not used (set DATABASE_URL)',
      );
    } else if (config.brokerUrl) {
      const link = new InstanceLink({ url: config.brokerUrl, exchanges: [FEED_EXCHANGE, PLAYER_EXCHANGE, TOPIC_EXCHANGE], log: app.log });
      await link.start();
      // Closed late: onClose hooks run in reverse order of registration, and the feed's leader hands over first.
      app.addHook('onClose', () => link.close());
      app.playerEvents.crossInstances(playerEventsTransport(link));
      app.readiness.add('broker', () => link.connected);
      linked = { link, feedLease: new LeaderLease({ db: database.db, name: 'feed', log: app.log }) };
    }
    app.decorate('cluster', linked);
  },
  { name: 'cluster', dependencies: ['core', 'health'] },
);
