import type { FastifyInstance } from 'fastify';
import type { FeedProvider } from '../providers/feed/types';
import type { PlayerEvents } from './bus';
import { deliverPlayerEvents } from './playerQueues';
import { watchSessions } from './sessionWatch';
import type { SessionEndedNotice } from './stomp/broker';
import { EmbeddedBroker } from './stomp/broker';
import { RecentDeltas } from './recentDeltas';
import { type StompEndpointOptions, stompEndpoint } from './stomp/endpoint';

export interface RealtimeOptions extends Pick<StompEndpointOptions, 'authenticate' | 'onChat' | 'publishChat' | 'otherSocketPaths'> {
  feed: FeedProvider;
  events: PlayerEvents;
  heartbeatMs: number;
  /** Which of these sessions have ended, and why (the session watch's one query). */
  endedSessions(sessionIds: readonly number[]): Promise<{ sessionId: number; reason: string }[]>;
  sessionEndedNotice(reason: string): SessionEndedNotice;
  sessionRecheckMs: number;
  sessionCheckBatch: number;
}

/**
 * The realtime side on one broker: the feed's deltas on the STOMP destinations (only those someone
 * watches), the player events bus on the players' own queues, the STOMP endpoint at /ws, and the watch
 * that closes the sockets of sessions that ended. Answers the broker.
 */
export async function realtime(app: FastifyInstance, options: RealtimeOptions): Promise<EmbeddedBroker> {
  const { feed } = options;
  // The lists' recent deltas, for a subscriber that holds a snapshot (SUBSCRIBE with `since`).
  const recent = new RecentDeltas();
  const broker = new EmbeddedBroker({ log: app.log, recent });
  feed.onDelta((destination, delta) => {
    recent.add(destination, delta);
    if (broker.subscriberCount(destination) > 0) broker.publish(destination, JSON.stringify(delta), { seq: String(delta.seq) });
  });
  deliverPlayerEvents(options.events, broker, options.sessionEndedNotice);
  await app.register(stompEndpoint, {
    broker,
    heartbeatMs: options.heartbeatMs,
    authenticate: options.authenticate,
    ...(options.onChat ? { onChat: options.onChat } : {}),
    ...(options.publishChat ? { publishChat: options.publishChat } : {}),
    ...(options.otherSocketPaths ? { otherSocketPaths: options.otherSocketPaths } : {}),
  });
  const sessionWatch = watchSessions({
    broker,
    ended: options.endedSessions,
    notice: options.sessionEndedNotice,
    everyMs: options.sessionRecheckMs,
    batch: options.sessionCheckBatch,
    log: app.log,
  });
  // Before the database closes (onClose hooks run in reverse order of registration).
  app.addHook('onClose', () => sessionWatch.stop());
  return broker;
}
