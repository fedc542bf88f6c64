import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import amqp, { type Channel, type ChannelModel, type ConsumeMessage } from 'amqplib';

/**
 * This instance's link to the others through RabbitMQ (BROKER_URL, AMQP 0-9-1 with amqplib). Each
 * exchange the link is built with is a fanout every instance binds its own queue to: a server-named,
 * exclusive, auto-deleted queue, so a message published there reaches every instance connected then,
 * the publisher's own included (`from` tells them apart), and nothing piles up for an instance that
 * died. `sendTo` answers one instance on its queue (the default exchange). Messages are not stored:
 * what crosses here is either repeated soon (the feed's ops carry their number; a replica that misses
 * one asks again) or a nudge whose truth is in PostgreSQL (player events: the app reads the balance,
 * the ticket, the message again). The link reconnects on its own with backoff; `connected` is what
 * readiness reports.
 */

export interface LinkMessage {
  exchange: string;
  /** What the message is (AMQP `type`). */
  type: string;
  body: Buffer;
  /** The instance that sent it. */
  from: string;
  /** Where to answer (sendTo), when the sender wants an answer. */
  replyTo?: string;
}

export interface LinkLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface InstanceLinkOptions {
  url: string;
  /** The fanout exchanges every instance listens on. */
  exchanges: readonly string[];
  log: LinkLog;
  /** The longest pause between reconnection tries (default 5 s; the first is 250 ms, doubling). */
  maxBackoffMs?: number;
}

export class InstanceLink {
  /** This instance, as its messages name it. */
  readonly id = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private model: ChannelModel | undefined;
  private channel: Channel | undefined;
  private queueName: string | undefined;
  private closed = false;
  private backoffMs = 250;
  private retry: NodeJS.Timeout | undefined;
  private readonly handlers = new Map<string, Set<(message: LinkMessage) => void>>();
  private readonly connectedListeners = new Set<() => void>();

  constructor(private readonly options: InstanceLinkOptions) {}

  /** Connected, with this instance's queue bound and consumed. */
  get connected(): boolean {
    return this.channel !== undefined;
  }

  /** This instance's queue (answers to it reach this instance only), while connected. */
  get queue(): string | undefined {
    return this.queueName;
  }

  /** Hears the messages published on an exchange (this instance's own included). */
  on(exchange: string, handler: (message: LinkMessage) => void): () => void {
    const set = this.handlers.get(exchange) ?? new Set();
    this.handlers.set(exchange, set);
    set.add(handler);
    return () => set.delete(handler);
  }

  /** Runs after every connection (the first and each reconnection), once the queue is consumed. */
  onConnected(listener: () => void): () => void {
    this.connectedListeners.add(listener);
    return () => this.connectedListeners.delete(listener);
  }

  /** Connects (one try, awaited); on failure it goes on trying in the background. */
  async start(): Promise<void> {
    await this.connect();
  }

  /** Publishes to every instance on a fanout exchange; false when the link is down (nothing is sent). */
  publish(exchange: string, type: string, body: Buffer, options: { replyTo?: boolean } = {}): boolean {
    const channel = this.channel;
    if (!channel) return false;
    channel.publish(exchange, '', body, {
      type,
      appId: this.id,
      ...(options.replyTo && this.queueName ? { replyTo: this.queueName } : {}),
    });
    return true;
  }

  /** Sends to one instance's queue (its replyTo); false when the link is down. */
  sendTo(queue: string, type: string, body: Buffer): boolean {
    const channel = this.channel;
    if (!channel) return false;
    channel.sendToQueue(queue, body, { type, appId: this.id });
    return true;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const model = this.model;
    this.model = undefined;
    this.channel = undefined;
    await model?.close().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    let model: ChannelModel | undefined;
    try {
      model = await amqp.connect(this.options.url, { clientProperties: { connection_name: this.id } });
      model.on('error', () => undefined);
      model.on('close', () => this.lost(model!));
      const channel = await model.createChannel();
      channel.on('error', () => undefined);
      channel.on('close', () => this.lost(model!));
      for (const exchange of this.options.exchanges) await channel.assertExchange(exchange, 'fanout', { durable: false });
      const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true, durable: false });
      for (const exchange of this.options.exchanges) await channel.bindQueue(queue, exchange, '');
      await channel.consume(queue, (message) => message && this.deliver(message), { noAck: true });
      if (this.closed) {
        await model.close().catch(() => undefined);
        return;
      }
      this.model = model;
      this.channel = channel;
      this.queueName = queue;
      this.backoffMs = 250;
      this.options.log.info({ queue }, 'instance link: connected to RabbitMQ');
      for (const listener of this.connectedListeners) listener();
    } catch (error) {
      await model?.close().catch(() => undefined);
      this.options.log.warn({ err: error, retryMs: this.backoffMs }, 'instance link: cannot reach RabbitMQ; trying again');
      this.plan();
    }
  }

  private deliver(message: ConsumeMessage): void {
    const { properties, fields } = message;
    // Answers sent to this queue alone come through the default exchange (DIRECT).
    const handlers = this.handlers.get(fields.exchange);
    if (!handlers) return;
    const delivered: LinkMessage = {
      exchange: fields.exchange,
      type: String(properties.type ?? ''),
      body: message.content,
      from: String(properties.appId ?? ''),
      ...(typeof properties.replyTo === 'string' ? { replyTo: properties.replyTo } : {}),
    };
    for (const handler of handlers) {
      try {
        handler(delivered);
      } catch (error) {
        this.options.log.warn({ err: error, exchange: fields.exchange, type: delivered.type }, 'instance link: a handler failed');
      }
    }
  }

  private lost(model: ChannelModel): void {
    if (this.model !== model) return;
    this.model = undefined;
    this.channel = undefined;
    this.queueName = undefined;
    if (this.closed) return;
    this.options.log.warn({}, 'instance link: lost RabbitMQ; reconnecting');
    void model.close().catch(() => undefined);
    this.plan();
  }

  private plan(): void {
    if (this.closed || this.retry) return;
    const wait = this.backoffMs;
    this.backoffMs = Math.min(this.backoffMs * 2, this.options.maxBackoffMs ?? 5_000);
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.connect();
    }, wait);
    this.retry.unref();
  }
}

/** The exchange of answers sent to this instance alone (sendTo): handlers registered under ''. */
export const DIRECT = '';
