import type { FeedChannel, FeedChannelHandlers } from '../providers/feed/shared';
import type { FeedOp, JournaledOp } from '../providers/feed/simulator';
import { DIRECT, type InstanceLink } from './rabbit';

/** The fanout exchange of the feed's ops and of the requests to its leader. */
export const FEED_EXCHANGE = 'panalo.feed';

/**
 * The shared feed's channel (server/providers/feed/shared.ts) over RabbitMQ: the leader's ops, state
 * requests and development ops on the feed exchange, the leader's state straight to the queue of the
 * instance that asked. This instance's own messages are left out.
 */
export function feedChannel(link: InstanceLink): FeedChannel {
  const json = (value: unknown) => Buffer.from(JSON.stringify(value));
  return {
    publishOp: (entry: JournaledOp) => void link.publish(FEED_EXCHANGE, 'op', json(entry)),
    requestState: () => void link.publish(FEED_EXCHANGE, 'state?', Buffer.alloc(0), { replyTo: true }),
    requestOp: (op: FeedOp) => void link.publish(FEED_EXCHANGE, 'op?', json(op)),
    sendState: (to, data) => void link.sendTo(to, 'state', data),
    listen(handlers: FeedChannelHandlers) {
      link.on(FEED_EXCHANGE, (message) => {
        if (message.from === link.id) return;
        if (message.type === 'op') handlers.op(JSON.parse(message.body.toString('utf8')) as JournaledOp);
        else if (message.type === 'op?') handlers.opRequest(JSON.parse(message.body.toString('utf8')) as FeedOp);
        else if (message.type === 'state?' && message.replyTo) handlers.stateRequest(message.replyTo);
      });
      link.on(DIRECT, (message) => {
        if (message.type === 'state') handlers.state(message.body);
      });
    },
  };
}
