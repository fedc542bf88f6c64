import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deliverPlayerEvents } from '../realtime/playerQueues';
import { watchSessions } from '../realtime/sessionWatch';
import { RecentDeltas } from '../realtime/recentDeltas';
import { type Broker, EmbeddedBroker } from '../realtime/stomp/broker';
import { stompEndpoint } from '../realtime/stomp/endpoint';
import { crossInstanceTopics } from '../realtime/topicLink';

/**
 * The realtime side on one broker: the feed's deltas on the STOMP destinations (only those someone
 * watches), the player events bus on the players' own queues, the STOMP endpoint at /ws (who a socket
 * is comes from app.sessions; match chat lines are kept by app.matchChat), and the watch that closes the
 * sockets of sessions that ended. `app.broker` is this instance's broker; `app.topics` publishes to the
 * sockets of every instance (through RabbitMQ when several run: the jackpot, chat lines).
 */
export interface RealtimeOptions {
  /** STOMP heart-beat (default 10 s). */
  heartbeatMs?: number;
  /** How often the sessions of open sockets are looked up again, for expiry and missed ends (default 1 s). */
  sessionRecheckMs?: number;
  /** Paths of other WebSocket endpoints on the server (the development server's hot reload). */
  otherSocketPaths?: readonly string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    broker: EmbeddedBroker;
    topics: Broker;
  }
}

export const realtime = fp<RealtimeOptions>(
  async (app: FastifyInstance, options) => {
    const { feed, sessions } = app;
    // The lists' recent deltas, for a subscriber that holds a snapshot (SUBSCRIBE with `since`).
    const recent = new RecentDeltas();
    const broker = new EmbeddedBroker({ log: app.log, recent });
    feed.onDelta((destination, delta) => {
      recent.add(destination, delta);
      if (broker.subscriberCount(destination) > 0) broker.publish(destination, JSON.stringify(delta), { seq: String(delta.seq) });
    });
    deliverPlayerEvents(app.playerEvents, broker, sessions.endedNotice);
    // Several instances: what one instance publishes for everyone's sockets crosses through RabbitMQ.
    const topics = app.cluster ? crossInstanceTopics(broker, app.cluster.link) : broker;
    app.decorate('broker', broker);
    app.decorate('topics', topics);
    await app.register(stompEndpoint, {
      broker,
      heartbeatMs: options.heartbeatMs ?? 10_000,
      authenticate: sessions.socketPlayer,
      onChat: (message, customerId) => app.matchChat.save(message, customerId),
      // Chat lines reach every instance's sockets.
      publishChat: (destination, body) => topics.publish(destination, body),
      ...(options.otherSocketPaths ? { otherSocketPaths: options.otherSocketPaths } : {}),
    });
    const sessionWatch = watchSessions({
      broker,
      ended: sessions.ended,
      notice: sessions.endedNotice,
      everyMs: options.sessionRecheckMs ?? 1_000,
      batch: sessions.checkBatch,
      log: app.log,
    });
    // Before the database closes (onClose hooks run in reverse order of registration).
    app.addHook('onClose', () => sessionWatch.stop());
  },
  { name: 'realtime', dependencies: ['core', 'cluster', 'sessions', 'feed', 'sports'] },
);
