import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { encodeHeaders, escapeHeader } from './frames';

/**
 * What the rest of the server publishes through. The embedded broker below implements it in process;
 * RabbitMQ's Web-STOMP plugin can take its place when several instances share one feed
 * (ARCHITECTURE "Storage"): publish maps to the amq.topic exchange, publishToUser to a per-player queue.
 */
export interface Broker {
  /** To everyone subscribed to a topic, e.g. Destination.match('42'); `headers` such as `seq` ride along. */
  publish(destination: string, body: string, headers?: Record<string, string>): void;
  /** To one player's own queue on each of their connections (`/user/queue/{queue}`). */
  publishToUser(customerId: number, queue: PlayerQueue, body: string, headers?: Record<string, string>): void;
  subscriberCount(destination: string): number;
  stats(): { connections: number; subscriptions: number };
  /** Cuts every socket at once, as a network loss would (development page, tests). */
  dropAll(): void;
  /**
   * Ends (STOMP ERROR with the notice, then close) every connection opened with one of these login
   * sessions; they receive nothing more. Answers how many. Each instance ends its own connections when
   * the bus says sessions ended.
   */
  endSessions(sessionIds: readonly number[], notice: SessionEndedNotice): number;
  /** The login sessions behind this instance's open connections (for their periodic re-check). */
  openSessions(): number[];
  close(): Promise<void>;
}

/** Why a connection is ended: a GW_ code and the player's words, as the API would answer them. */
export interface SessionEndedNotice {
  code: string;
  message: string;
}

export const PLAYER_QUEUES = ['balance', 'bets', 'messages'] as const;
export type PlayerQueue = (typeof PLAYER_QUEUES)[number];

/** One client connection as the broker sees it; the STOMP endpoint provides it. */
export interface BrokerConnection {
  /** null for a visitor, undefined until the STOMP CONNECT was accepted. */
  readonly customerId: number | null | undefined;
  /** The login session the CONNECT token belonged to; null for a visitor, undefined until CONNECT. */
  readonly playerSessionId: number | null | undefined;
  /** Bytes written but not yet on the wire (WebSocket bufferedAmount). */
  readonly backlog: number;
  /** Sends the parts as one frame (possibly batched with others into one WebSocket message). */
  write(...parts: Buffer[]): void;
  /** STOMP ERROR with the notice, then close: the session it was opened with has ended. */
  end(notice: SessionEndedNotice): void;
  /** Graceful close; resolves once the socket is gone. */
  close(): Promise<void>;
  terminate(): void;
}

const TOPIC = /^\/topic\/(?:sport\/\d{1,10}|(?:match|chat)\/[A-Za-z0-9_-]{1,40}|jackpot|site)$/;
const OWN_QUEUE = /^\/user\/queue\/(balance|bets|messages)$/;

/** Where a subscription is filed: topics as named, a player's queue under the player's own id. */
export type Route = { key: string } | { refused: string };

export function routeOf(destination: string, customerId: number | null): Route {
  if (TOPIC.test(destination)) return { key: destination };
  const queue = OWN_QUEUE.exec(destination)?.[1];
  if (queue !== undefined) {
    if (customerId === null) return { refused: `${destination} needs a logged-in player` };
    return { key: userKey(customerId, queue) };
  }
  if (destination.startsWith('/user/')) {
    return { refused: `${destination.slice(0, 80)} is not yours to read; a player's own queues are /user/queue/{balance,bets,messages}` };
  }
  return { refused: `Unknown destination ${destination.slice(0, 80)}` };
}

function userKey(customerId: number, queue: string): string {
  return `/user/${customerId}/queue/${queue}`;
}

interface Subscription {
  connection: BrokerConnection;
  key: string;
  /** "MESSAGE" and this subscription's header, encoded once at SUBSCRIBE. */
  head: Buffer;
}

export interface EmbeddedBrokerOptions {
  log?: FastifyBaseLogger;
  /**
   * A subscriber with more than this many bytes still unsent misses messages until it catches up
   * (default 1 MiB). Feed destinations are numbered, so the client sees the gap and refetches the
   * snapshot; the server never buffers without bound for a phone on a bad network.
   */
  slowConsumerBytes?: number;
  /** How long close() waits for close handshakes before cutting the sockets. */
  closeGraceMs?: number;
}

export class EmbeddedBroker implements Broker {
  private readonly connections = new Map<BrokerConnection, Map<string, Subscription>>();
  private readonly byKey = new Map<string, Set<Subscription>>();
  private readonly idPrefix = randomBytes(4).toString('hex');
  private messageCount = 0;
  private readonly slowConsumerBytes: number;
  private readonly closeGraceMs: number;

  constructor(private readonly options: EmbeddedBrokerOptions = {}) {
    this.slowConsumerBytes = options.slowConsumerBytes ?? 1_048_576;
    this.closeGraceMs = options.closeGraceMs ?? 1_000;
  }

  attach(connection: BrokerConnection): void {
    if (!this.connections.has(connection)) this.connections.set(connection, new Map());
  }

  detach(connection: BrokerConnection): void {
    const subscriptions = this.connections.get(connection);
    if (!subscriptions) return;
    for (const subscription of subscriptions.values()) this.unfile(subscription);
    this.connections.delete(connection);
  }

  /** Files a subscription; answers why not when the destination is not this connection's to read. */
  subscribe(connection: BrokerConnection, id: string, destination: string): string | undefined {
    const subscriptions = this.connections.get(connection);
    if (!subscriptions || connection.customerId === undefined) return 'Not connected';
    if (subscriptions.has(id)) return `Subscription id ${id.slice(0, 40)} is already in use on this connection`;
    const route = routeOf(destination, connection.customerId);
    if ('refused' in route) return route.refused;
    const subscription: Subscription = {
      connection,
      key: route.key,
      head: Buffer.from(`MESSAGE\nsubscription:${escapeHeader(id)}\n`, 'utf8'),
    };
    subscriptions.set(id, subscription);
    let set = this.byKey.get(route.key);
    if (!set) this.byKey.set(route.key, (set = new Set()));
    set.add(subscription);
    return undefined;
  }

  unsubscribe(connection: BrokerConnection, id: string): boolean {
    const subscription = this.connections.get(connection)?.get(id);
    if (!subscription) return false;
    this.connections.get(connection)?.delete(id);
    this.unfile(subscription);
    return true;
  }

  subscriptionsOf(connection: BrokerConnection): number {
    return this.connections.get(connection)?.size ?? 0;
  }

  publish(destination: string, body: string, headers?: Record<string, string>): void {
    this.deliver(destination, destination, body, headers);
  }

  publishToUser(customerId: number, queue: PlayerQueue, body: string, headers?: Record<string, string>): void {
    this.deliver(userKey(customerId, queue), `/user/queue/${queue}`, body, headers);
  }

  /** Subscribers of a topic, or of one player's queue given as `/user/{customerId}/queue/{queue}`. */
  subscriberCount(destination: string): number {
    return this.byKey.get(destination)?.size ?? 0;
  }

  stats(): { connections: number; subscriptions: number } {
    let connections = 0;
    let subscriptions = 0;
    for (const [connection, own] of this.connections) {
      if (connection.customerId === undefined) continue;
      connections += 1;
      subscriptions += own.size;
    }
    return { connections, subscriptions };
  }

  dropAll(): void {
    for (const connection of [...this.connections.keys()]) connection.terminate();
  }

  endSessions(sessionIds: readonly number[], notice: SessionEndedNotice): number {
    if (sessionIds.length === 0) return 0;
    const ended = new Set(sessionIds);
    let count = 0;
    for (const connection of [...this.connections.keys()]) {
      if (typeof connection.playerSessionId !== 'number' || !ended.has(connection.playerSessionId)) continue;
      // Unfiled at once, so not one more message reaches it while its close handshake runs.
      this.detach(connection);
      connection.end(notice);
      count += 1;
    }
    return count;
  }

  openSessions(): number[] {
    const open = new Set<number>();
    for (const connection of this.connections.keys())
      if (typeof connection.playerSessionId === 'number') open.add(connection.playerSessionId);
    return [...open];
  }

  async close(): Promise<void> {
    const all = [...this.connections.keys()];
    const grace = new Promise<'late'>((resolve) => setTimeout(resolve, this.closeGraceMs, 'late').unref());
    const closed = Promise.all(all.map((connection) => connection.close()));
    if ((await Promise.race([closed, grace])) === 'late') for (const connection of all) connection.terminate();
    for (const connection of all) this.detach(connection);
  }

  private unfile(subscription: Subscription): void {
    const set = this.byKey.get(subscription.key);
    set?.delete(subscription);
    if (set?.size === 0) this.byKey.delete(subscription.key);
  }

  /** Encodes the frame once; each subscriber adds only its small header prefix. */
  private deliver(key: string, destination: string, body: string, headers: Record<string, string> = {}): void {
    const subscribers = this.byKey.get(key);
    if (!subscribers || subscribers.size === 0) return;
    const { subscription: _subscription, 'content-length': _length, ...extra } = headers;
    this.messageCount += 1;
    const bodyBytes = Buffer.from(body, 'utf8');
    const common = {
      'content-type': 'application/json',
      ...extra,
      destination,
      'message-id': `${this.idPrefix}-${this.messageCount}`,
      'content-length': String(bodyBytes.length),
    };
    const tail = Buffer.concat([Buffer.from(`${encodeHeaders('MESSAGE', common)}\n`, 'utf8'), bodyBytes, Buffer.from([0])]);
    let skipped = 0;
    for (const subscription of subscribers) {
      if (subscription.connection.backlog > this.slowConsumerBytes) {
        skipped += 1;
        continue;
      }
      subscription.connection.write(subscription.head, tail);
    }
    if (skipped > 0) this.options.log?.debug({ destination, skipped }, 'slow STOMP subscribers missed a message');
  }
}
