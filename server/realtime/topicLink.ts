import type { InstanceLink } from './rabbit';
import type { Broker } from './stomp/broker';

/** The fanout exchange of topic messages every instance's sockets must see (jackpot, chat, site notices). */
export const TOPIC_EXCHANGE = 'panalo.topics';

interface TopicMessage {
  destination: string;
  body: string;
  headers?: Record<string, string>;
}

/**
 * A Broker whose publish() reaches the subscribers of every instance: the message goes to the topics
 * exchange and each instance (this one included) hands it to its own broker. For what one instance
 * produces for everyone: the jackpot the games leader publishes, a chat line sent to one instance. The
 * feed's deltas never go this way (each instance numbers its own, shared.ts). Everything else is this
 * instance's broker. While RabbitMQ is out of reach a message still reaches this instance's sockets.
 */
export function crossInstanceTopics(local: Broker, link: Pick<InstanceLink, 'on' | 'publish'>): Broker {
  link.on(TOPIC_EXCHANGE, (message) => {
    const { destination, body, headers } = JSON.parse(message.body.toString('utf8')) as TopicMessage;
    local.publish(destination, body, headers);
  });
  return {
    publish(destination, body, headers) {
      const message: TopicMessage = { destination, body, ...(headers ? { headers } : {}) };
      if (!link.publish(TOPIC_EXCHANGE, 'topic', Buffer.from(JSON.stringify(message)))) local.publish(destination, body, headers);
    },
    publishToUser: (customerId, queue, body, headers) => local.publishToUser(customerId, queue, body, headers),
    subscriberCount: (destination) => local.subscriberCount(destination),
    stats: () => local.stats(),
    dropAll: () => local.dropAll(),
    endSessions: (sessionIds, notice) => local.endSessions(sessionIds, notice),
    openSessions: () => local.openSessions(),
    close: () => local.close(),
  };
}
