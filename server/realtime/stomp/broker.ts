import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Change, Delta } from '../../../src/contract/feed';
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

export const PLAYER_QUEUES = ['balance', 'bets', 'messages', 'support'] as const;
export type PlayerQueue = (typeof PLAYER_QUEUES)[number];

/** One client connection as the broker sees it; the STOMP endpoint provides it. */
export interface BrokerConnection {
  /** null for a visitor, undefined until the STOMP CONNECT was accepted. */
  readonly customerId: number | null | undefined;
  /** The login session the CONNECT token belonged to; null for a visitor, undefined until CONNECT. */
  readonly playerSessionId: number | null | undefined;
  /** A visitor's own session (the visitor token of CONNECT), whose support chat it hears; null otherwise. */
  readonly visitorSessionId?: number | null | undefined;
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
const OWN_QUEUE = /^\/user\/queue\/(balance|bets|messages|support)$/;

/**
 * Where a subscription is filed: topics as named, a player's queue under the player's own id. The
 * support chat is open to visitors too: a visitor's `/user/queue/support` is filed under the visitor's
 * session (a socket without one hears nothing there, and is not refused: its worker subscribes before it
 * knows whether its token still holds).
 */
export type Route = { key: string } | { refused: string };

export function routeOf(destination: string, customerId: number | null, visitorSessionId: number | null = null): Route {
  if (TOPIC.test(destination)) return { key: destination };
  const queue = OWN_QUEUE.exec(destination)?.[1];
  if (queue === 'support' && customerId === null) {
    return { key: visitorSessionId === null ? '/session/none/queue/support' : sessionKey(visitorSessionId, queue) };
  }
  if (queue !== undefined) {
    if (customerId === null) return { refused: `${destination} needs a logged-in player` };
    return { key: userKey(customerId, queue) };
  }
  if (destination.startsWith('/user/')) {
    return {
      refused: `${destination.slice(0, 80)} is not yours to read; a player's own queues are /user/queue/{balance,bets,messages,support}`,
    };
  }
  return { refused: `Unknown destination ${destination.slice(0, 80)}` };
}

function userKey(customerId: number, queue: string): string {
  return `/user/${customerId}/queue/${queue}`;
}

function sessionKey(sessionId: number, queue: string): string {
  return `/session/${sessionId}/queue/${queue}`;
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
   * A connection with more than this many bytes still unsent (its backlog) falls behind (default
   * 256 KiB): its topics are conflated until it drains below half of it. The server never buffers
   * without bound for a phone on a bad network; a player's own queues are never conflated nor dropped.
   */
  conflateBytes?: number;
  /** A connection that falls behind and drains nothing for this long is cut (default 30 s); no other is. */
  stallLimitMs?: number;
  /** How often connections that fell behind are looked at (default 100 ms). */
  drainCheckMs?: number;
  /** How long close() waits for close handshakes before cutting the sockets. */
  closeGraceMs?: number;
  /**
   * What followed a seq on a feed destination (../recentDeltas.ts): a SUBSCRIBE with `since` gets it at
   * once, as one merged delta, before anything published after.
   */
  recent?: { since(destination: string, since: number): (Delta & { from: number }) | undefined };
}

/**
 * What waits for one subscription of a connection that fell behind (last-value conflation per
 * destination): a feed destination's deltas merged into one (changes carry absolute values, so the
 * merge of deltas `from`..`seq` ends where applying each would; the worker takes it in place of them, see
 * workers/realtime/sync.ts), a chat's last lines, or any other topic's latest message.
 */
interface Held {
  destination: string;
  headers: Record<string, string>;
  delta?: Delta & { from: number };
  lines?: string[];
  body?: string;
}

interface Behind {
  held: Map<Subscription, Held>;
  /** When its backlog last went down (or it fell behind). */
  progressAt: number;
  lastBacklog: number;
}

/** The chat lines kept for a connection that fell behind (the newest). */
const HELD_CHAT_LINES = 20;
const CHAT_TOPIC = /^\/topic\/chat\//;

/** Merges a later delta into the held one: one price per market and key (the newest), other changes in order. */
export function mergeDelta(held: Delta & { from: number }, next: Delta): Delta & { from: number } {
  const changes: Change[] = [];
  const seen = new Set<string>();
  const all = [...held.changes, ...next.changes];
  for (let index = all.length - 1; index >= 0; index -= 1) {
    const change = all[index]!;
    if (change.t === 'price') {
      const key = `${change.marketId}\u0000${change.key}`;
      if (seen.has(key)) continue;
      seen.add(key);
    }
    changes.push(change);
  }
  changes.reverse();
  return { from: held.from, seq: next.seq, ts: next.ts, changes };
}

function parseDelta(body: string, seq: string | undefined): Delta | undefined {
  if (seq === undefined) return undefined;
  try {
    const value = JSON.parse(body) as Partial<Delta> | null;
    if (value && typeof value.seq === 'number' && Array.isArray(value.changes) && String(value.seq) === seq) return value as Delta;
  } catch {
    // not a delta: kept as the latest value
  }
  return undefined;
}

export class EmbeddedBroker implements Broker {
  private readonly connections = new Map<BrokerConnection, Map<string, Subscription>>();
  private readonly byKey = new Map<string, Set<Subscription>>();
  private readonly idPrefix = randomBytes(4).toString('hex');
  private messageCount = 0;
  private readonly conflateBytes: number;
  private readonly stallLimitMs: number;
  private readonly closeGraceMs: number;
  /** Connections that fell behind, with what waits for each of their subscriptions. */
  private readonly behind = new Map<BrokerConnection, Behind>();
  private drainTimer: NodeJS.Timeout | undefined;
  /** Frames merged away or replaced for connections that fell behind, and connections cut for stalling. */
  private readonly counts = { conflated: 0, cut: 0 };

  constructor(private readonly options: EmbeddedBrokerOptions = {}) {
    this.conflateBytes = options.conflateBytes ?? 262_144;
    this.stallLimitMs = options.stallLimitMs ?? 30_000;
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
    this.behind.delete(connection);
  }

  /**
   * Files a subscription; answers why not when the destination is not this connection's to read. With
   * `since` (the seq of a snapshot the subscriber holds) what followed it on that destination, when still
   * known, goes out at once as one merged delta: in the same turn, so before anything published later.
   */
  subscribe(connection: BrokerConnection, id: string, destination: string, since?: number): string | undefined {
    const subscriptions = this.connections.get(connection);
    if (!subscriptions || connection.customerId === undefined) return 'Not connected';
    if (subscriptions.has(id)) return `Subscription id ${id.slice(0, 40)} is already in use on this connection`;
    const route = routeOf(destination, connection.customerId, connection.visitorSessionId ?? null);
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
    const followed = since === undefined ? undefined : this.options.recent?.since(destination, since);
    if (followed) connection.write(subscription.head, this.tail(destination, JSON.stringify(followed), { seq: String(followed.seq) }));
    return undefined;
  }

  unsubscribe(connection: BrokerConnection, id: string): boolean {
    const subscription = this.connections.get(connection)?.get(id);
    if (!subscription) return false;
    this.connections.get(connection)?.delete(id);
    this.unfile(subscription);
    this.behind.get(connection)?.held.delete(subscription);
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

  /** To a visitor's own queue (the support chat) on each connection opened with that visitor session. */
  publishToSession(sessionId: number, queue: 'support', body: string, headers?: Record<string, string>): void {
    this.deliver(sessionKey(sessionId, queue), `/user/queue/${queue}`, body, headers);
  }

  /** Subscribers of a topic, or of one player's queue given as `/user/{customerId}/queue/{queue}`. */
  subscriberCount(destination: string): number {
    return this.byKey.get(destination)?.size ?? 0;
  }

  /** Connections behind now, frames conflated and connections cut for stalling since the start. */
  slowStats(): { behind: number; conflated: number; cut: number } {
    return { behind: this.behind.size, ...this.counts };
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
    if (this.drainTimer) clearInterval(this.drainTimer);
    this.drainTimer = undefined;
    this.behind.clear();
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

  /** The MESSAGE frame after its subscription header, encoded once for every subscriber. */
  private tail(destination: string, body: string, headers: Record<string, string>): Buffer {
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
    return Buffer.concat([Buffer.from(`${encodeHeaders('MESSAGE', common)}\n`, 'utf8'), bodyBytes, Buffer.from([0])]);
  }

  /**
   * Encodes the frame once; each subscriber adds only its small header prefix. A connection that fell
   * behind gets its topics conflated instead (see Held); a player's own queue always goes out.
   */
  private deliver(key: string, destination: string, body: string, headers: Record<string, string> = {}): void {
    const subscribers = this.byKey.get(key);
    if (!subscribers || subscribers.size === 0) return;
    const ownQueue = key.startsWith('/user/') || key.startsWith('/session/');
    let tail: Buffer | undefined;
    // Parsed once for every subscriber that fell behind (null: not a delta).
    let delta: Delta | null | undefined;
    for (const subscription of subscribers) {
      const connection = subscription.connection;
      if (!ownQueue) {
        const behind = this.behind.get(connection);
        if (behind?.held.has(subscription) || connection.backlog > this.conflateBytes) {
          delta ??= parseDelta(body, headers['seq']) ?? null;
          this.hold(behind ?? this.fallBehind(connection), subscription, destination, body, headers, delta);
          continue;
        }
      }
      tail ??= this.tail(destination, body, headers);
      connection.write(subscription.head, tail);
    }
  }

  private fallBehind(connection: BrokerConnection): Behind {
    const behind: Behind = { held: new Map(), progressAt: Date.now(), lastBacklog: connection.backlog };
    this.behind.set(connection, behind);
    this.options.log?.debug({ backlog: connection.backlog }, 'STOMP connection fell behind: conflating its topics');
    if (!this.drainTimer) {
      this.drainTimer = setInterval(() => this.checkBehind(), this.options.drainCheckMs ?? 100);
      this.drainTimer.unref();
    }
    return behind;
  }

  private hold(
    behind: Behind,
    subscription: Subscription,
    destination: string,
    body: string,
    headers: Record<string, string>,
    delta: Delta | null,
  ): void {
    const held = behind.held.get(subscription);
    if (held) this.counts.conflated += 1;
    if (delta) {
      const previous = held?.delta;
      // Contiguous: merged. Otherwise the source skipped (never on one feed): the newest alone, and the
      // worker sees the gap and fetches the snapshot.
      const next =
        previous && delta.seq === previous.seq + 1
          ? mergeDelta(previous, delta)
          : { ...delta, from: (delta as { from?: number }).from ?? delta.seq };
      behind.held.set(subscription, { destination, headers, delta: next });
    } else if (CHAT_TOPIC.test(destination)) {
      const lines = [...(held?.lines ?? []), body].slice(-HELD_CHAT_LINES);
      behind.held.set(subscription, { destination, headers, lines });
    } else {
      behind.held.set(subscription, { destination, headers, body });
    }
  }

  /**
   * Connections that fell behind: one that drained below half the limit gets what waits for it (one
   * frame per destination) and is back to normal; one whose backlog has not gone down for stallLimitMs
   * is cut (its client reconnects and fetches snapshots). Each is judged on its own backlog alone.
   */
  private checkBehind(): void {
    const now = Date.now();
    for (const [connection, behind] of [...this.behind]) {
      const backlog = connection.backlog;
      if (backlog <= this.conflateBytes / 2) {
        this.behind.delete(connection);
        this.release(connection, behind);
        continue;
      }
      if (backlog < behind.lastBacklog) behind.progressAt = now;
      behind.lastBacklog = backlog;
      if (now - behind.progressAt >= this.stallLimitMs) {
        this.counts.cut += 1;
        this.options.log?.info({ backlog, stalledMs: now - behind.progressAt }, 'STOMP connection stalled: cut');
        this.detach(connection);
        connection.terminate();
      }
    }
    if (this.behind.size === 0 && this.drainTimer) {
      clearInterval(this.drainTimer);
      this.drainTimer = undefined;
    }
  }

  private release(connection: BrokerConnection, behind: Behind): void {
    for (const [subscription, held] of behind.held) {
      if (held.delta) {
        const { from, ...delta } = held.delta;
        const body = JSON.stringify(from < delta.seq ? { ...delta, from } : delta);
        connection.write(subscription.head, this.tail(held.destination, body, { ...held.headers, seq: String(delta.seq) }));
      } else if (held.lines) {
        for (const line of held.lines) connection.write(subscription.head, this.tail(held.destination, line, held.headers));
      } else if (held.body !== undefined) {
        connection.write(subscription.head, this.tail(held.destination, held.body, held.headers));
      }
    }
  }
}
