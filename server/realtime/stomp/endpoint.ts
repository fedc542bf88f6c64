import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import { CHAT_LIMIT, normalizeChatLine } from '../../../src/contract/chat';
import { type ChatMessage, STOMP_PATH, STOMP_PROTOCOL } from '../../../src/contract/feed';
import type { BrokerConnection, EmbeddedBroker, SessionEndedNotice } from './broker';
import { FrameError, FrameReader, type StompFrame, encodeFrame } from './frames';

/**
 * The STOMP 1.2 endpoint on `/ws` (ARCHITECTURE "The contract"). Every ERROR closes the connection,
 * as STOMP 1.2 requires, so the client checks a chat line (1..200 characters) before sending it.
 * The token travels in CONNECT, never in a cookie, so a foreign page opening the socket gains nothing.
 */

export interface StompEndpointOptions {
  broker: EmbeddedBroker;
  /**
   * The player behind a CONNECT token (undefined: a visitor) and the login session it belongs to, whose
   * end closes the connection (a visitor's session: whose support chat the connection hears); null
   * refuses the connection.
   */
  authenticate(token: string | undefined): Promise<{ customerId: number | null; nickName: string; sessionId?: number } | null>;
  /** Offered heart-beat in both directions (spec §9: 10 s); 0 turns heart-beating off. */
  heartbeatMs?: number;
  /**
   * Where a chat line is published: by default this broker's subscribers; with several instances, every
   * instance's (the lines cross through RabbitMQ).
   */
  publishChat?(destination: string, body: string): void;
  /** Persists a chat line once it has been published; a failure is logged, the line stays sent. */
  onChat?(message: ChatMessage, customerId: number): Promise<void> | void;
  /**
   * Paths of other WebSocket endpoints on the same HTTP server (the development server's hot reload),
   * whose upgrades are left to them; any other path is refused.
   */
  otherSocketPaths?: readonly string[];
}

/** Per connection, sliding window: a line over the limit is dropped (still receipted), not an ERROR. */
export { CHAT_LIMIT };
const CONNECT_TIMEOUT_MS = 10_000;
const MAX_SUBSCRIPTIONS = 1_000;
const MAX_FRAME_BYTES = 65_536;
const CHAT_DESTINATION = /^\/topic\/chat\/([A-Za-z0-9_-]{1,40})$/;
const CLOSE_PROTOCOL_ERROR = 1002;
const CLOSE_REFUSED = 1008;
/** WebSocket close code for "the login session ended" (4000-4999 are the application's own). */
const CLOSE_SESSION_ENDED = 4401;
/** WebSocket close code 1001: the server is going away (RFC 6455). */
const CLOSE_GOING_AWAY = 1001;
/** A stopping server's reconnect hints are spread over this long. */
export const RECONNECT_SPREAD_MS = 1_000;

function toBuffer(data: RawData): Buffer {
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.isBuffer(data) ? data : Buffer.from(data);
}

function chatText(body: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  const text = (parsed as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? normalizeChatLine(text) : undefined;
}

/** Connections with frames waiting, sent together once per event-loop turn. */
const waiting = new Set<StompConnection>();
let flushScheduled = false;

function queueFlush(connection: StompConnection): void {
  waiting.add(connection);
  if (flushScheduled) return;
  flushScheduled = true;
  setImmediate(() => {
    flushScheduled = false;
    const batch = [...waiting];
    waiting.clear();
    for (const each of batch) each.flush();
  });
}

class StompConnection implements BrokerConnection {
  customerId: number | null | undefined = undefined;
  playerSessionId: number | null | undefined = undefined;
  visitorSessionId: number | null = null;
  private nickName = '';
  private state: 'new' | 'connecting' | 'open' | 'closing' = 'new';
  private readonly reader = new FrameReader(MAX_FRAME_BYTES);
  private work: Promise<void> = Promise.resolve();
  private readonly timers: NodeJS.Timeout[] = [];
  private readDeadline: NodeJS.Timeout | undefined;
  private lastReadAt = Date.now();
  private readonly chatTimes: number[] = [];
  private readonly closed: Promise<void>;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private queued = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly options: StompEndpointOptions & { heartbeatMs: number },
    private readonly log: FastifyBaseLogger,
    private readonly stompSession: string,
  ) {
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
    options.broker.attach(this);
    const connectBy = setTimeout(() => {
      if (this.state === 'new' || this.state === 'connecting') this.fail(`No CONNECT within ${CONNECT_TIMEOUT_MS} ms`);
    }, CONNECT_TIMEOUT_MS);
    this.timers.push(connectBy);
    socket.on('message', (data) => this.receive(toBuffer(data)));
    socket.on('pong', () => this.heard());
    socket.on('error', (error) => log.debug({ err: error }, 'STOMP socket error'));
    socket.on('close', () => {
      this.state = 'closing';
      for (const timer of this.timers) clearTimeout(timer);
      if (this.readDeadline) clearTimeout(this.readDeadline);
      options.broker.detach(this);
    });
  }

  get backlog(): number {
    return this.socket.bufferedAmount + this.pendingBytes;
  }

  /**
   * Queues frames and sends them at the end of the event-loop turn, several to one WebSocket message:
   * a busy server pays one socket write per subscriber per turn, not per frame (STOMP clients parse a
   * stream, so frames may share a message).
   */
  write(...parts: (Buffer | string)[]): void {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    for (const part of parts) {
      const bytes = typeof part === 'string' ? Buffer.from(part, 'utf8') : part;
      this.pending.push(bytes);
      this.pendingBytes += bytes.length;
    }
    if (!this.queued) {
      this.queued = true;
      queueFlush(this);
    }
  }

  flush(): void {
    this.queued = false;
    if (this.pending.length === 0) return;
    const data = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(data, { binary: false });
  }

  /**
   * The server is stopping: an open STOMP session gets an ERROR saying so, with `reconnect-after` (ms,
   * spread over RECONNECT_SPREAD_MS so the sockets of a stopping instance do not all land on the next
   * one in the same instant), then the socket closes with 1001 (going away).
   */
  close(): Promise<void> {
    if (this.state === 'open') {
      this.state = 'closing';
      const after = String(Math.floor(Math.random() * RECONNECT_SPREAD_MS));
      const message = 'The server is restarting; reconnect';
      this.write(encodeFrame('ERROR', { message, 'reconnect-after': after, 'content-type': 'text/plain' }, message));
      this.flush();
      this.socket.close(CLOSE_GOING_AWAY, 'server restarting');
    } else if (this.socket.readyState !== WebSocket.CLOSED && this.socket.readyState !== WebSocket.CLOSING) {
      this.state = 'closing';
      this.socket.close(CLOSE_GOING_AWAY, 'server restarting');
    }
    return this.closed;
  }

  terminate(): void {
    this.socket.terminate();
  }

  end(notice: SessionEndedNotice): void {
    this.fail(notice.message, undefined, CLOSE_SESSION_ENDED, { code: notice.code });
  }

  private heard(): void {
    this.lastReadAt = Date.now();
    this.readDeadline?.refresh();
  }

  private receive(data: Buffer): void {
    this.heard();
    if (this.state === 'closing') return;
    let frames: StompFrame[];
    try {
      frames = this.reader.push(data);
    } catch (error) {
      if (!(error instanceof FrameError)) this.log.warn({ err: error }, 'STOMP input failed');
      this.fail(error instanceof FrameError ? error.message : 'Internal error');
      return;
    }
    for (const frame of frames) {
      this.work = this.work
        .then(() => (this.state === 'closing' ? undefined : this.handle(frame)))
        .catch((error: unknown) => {
          this.log.warn({ err: error, command: frame.command }, 'STOMP frame failed');
          this.fail('Internal error');
        });
    }
  }

  private async handle(frame: StompFrame): Promise<void> {
    if (this.state === 'new') {
      if (frame.command === 'CONNECT' || frame.command === 'STOMP') return this.connect(frame);
      return this.fail(`Expected CONNECT, got ${frame.command}`, frame);
    }
    switch (frame.command) {
      case 'SUBSCRIBE':
        return this.subscribe(frame);
      case 'UNSUBSCRIBE':
        if (!frame.headers['id']) return this.fail('UNSUBSCRIBE needs an id header', frame);
        this.options.broker.unsubscribe(this, frame.headers['id']);
        return this.receipt(frame);
      case 'SEND':
        return this.chat(frame);
      case 'DISCONNECT':
        this.receipt(frame);
        this.state = 'closing';
        this.flush();
        this.socket.close(1000, 'bye');
        return;
      case 'ACK':
      case 'NACK':
        return this.fail('Subscriptions are ack:auto; ACK and NACK are not used', frame);
      case 'BEGIN':
      case 'COMMIT':
      case 'ABORT':
        return this.fail('Transactions are not supported', frame);
      default:
        return this.fail(`Unexpected ${frame.command} frame`, frame);
    }
  }

  private async connect(frame: StompFrame): Promise<void> {
    const versions = (frame.headers['accept-version'] ?? '1.0').split(',').map((version) => version.trim());
    if (!versions.includes('1.2')) return this.fail('Supported protocol versions are 1.2', frame, CLOSE_PROTOCOL_ERROR, { version: '1.2' });
    const heartBeat = /^\s*(\d{1,9})\s*,\s*(\d{1,9})\s*$/.exec(frame.headers['heart-beat'] ?? '0,0');
    if (!heartBeat) return this.fail('Malformed heart-beat header', frame);
    this.state = 'connecting';
    const token = frame.headers['token'] || frame.headers['passcode'] || undefined;
    let player: Awaited<ReturnType<StompEndpointOptions['authenticate']>> = null;
    try {
      player = await this.options.authenticate(token);
    } catch (error) {
      this.log.warn({ err: error }, 'STOMP authentication failed');
    }
    if (this.state !== 'connecting') return;
    if (!player) return this.fail('login failed', frame, CLOSE_REFUSED);
    this.customerId = player.customerId;
    this.playerSessionId = player.customerId === null ? null : (player.sessionId ?? null);
    this.visitorSessionId = player.customerId === null ? (player.sessionId ?? null) : null;
    this.nickName = player.nickName;
    this.state = 'open';
    const offer = this.options.heartbeatMs;
    this.write(
      encodeFrame('CONNECTED', { version: '1.2', 'heart-beat': `${offer},${offer}`, server: 'Panalo', session: this.stompSession }),
    );
    this.startHeartBeats(Number(heartBeat[1]), Number(heartBeat[2]));
    this.receipt(frame);
  }

  /** STOMP 1.2 "Heart-beating"; a client that cannot send them is watched with WebSocket pings instead. */
  private startHeartBeats(clientSends: number, clientWants: number): void {
    const offer = this.options.heartbeatMs;
    if (offer === 0) return;
    if (clientWants > 0) {
      const every = Math.max(offer, clientWants);
      this.timers.push(setInterval(() => this.write('\n'), every));
    }
    const expected = clientSends > 0 ? Math.max(clientSends, offer) : offer;
    if (clientSends === 0) this.timers.push(setInterval(() => this.socket.ping(), offer));
    // Judged after the input waiting in the kernel is read (setImmediate runs after the poll phase):
    // on a server that was busy for a while, timers fire before the heart-beats that came meanwhile are
    // read, and every healthy socket would be cut together.
    this.readDeadline = setTimeout(() => {
      setImmediate(() => {
        const silentMs = Date.now() - this.lastReadAt;
        if (silentMs < 2 * expected) {
          this.readDeadline?.refresh();
          return;
        }
        this.log.debug({ expected, silentMs }, 'STOMP client went silent');
        this.socket.terminate();
      });
    }, 2 * expected);
  }

  private subscribe(frame: StompFrame): void {
    const { id, destination, ack = 'auto', since } = frame.headers;
    if (!id || !destination) return this.fail('SUBSCRIBE needs id and destination headers', frame);
    if (ack !== 'auto') return this.fail(`ack:${ack.slice(0, 20)} is not supported; use ack:auto`, frame);
    if (since !== undefined && !/^\d{1,15}$/.test(since)) return this.fail('since is the seq of a snapshot: digits', frame);
    if (this.options.broker.subscriptionsOf(this) >= MAX_SUBSCRIPTIONS) return this.fail('Too many subscriptions', frame);
    const refusal = this.options.broker.subscribe(this, id, destination, since === undefined ? undefined : Number(since));
    if (refusal) return this.fail(refusal, frame, CLOSE_REFUSED);
    this.receipt(frame);
  }

  private chat(frame: StompFrame): void {
    const destination = frame.headers['destination'] ?? '';
    const matchId = CHAT_DESTINATION.exec(destination)?.[1];
    if (!matchId) return this.fail('Only chat lines may be sent, to /topic/chat/{matchId}', frame, CLOSE_REFUSED);
    if (this.customerId === null || this.customerId === undefined) return this.fail('Chat needs a logged-in player', frame, CLOSE_REFUSED);
    const text = chatText(frame.body);
    if (text === undefined) return this.fail(`A chat line is JSON {"text": …} with 1 to ${CHAT_LIMIT.maxChars} characters`, frame);
    if (!this.chatAllowed(Date.now())) {
      this.log.debug({ customerId: this.customerId }, 'chat line over the limit dropped');
      return this.receipt(frame);
    }
    const message: ChatMessage = { id: randomUUID(), matchId, nickName: this.nickName, text, ts: Date.now() };
    if (this.options.publishChat) this.options.publishChat(destination, JSON.stringify(message));
    else this.options.broker.publish(destination, JSON.stringify(message));
    this.receipt(frame);
    const customerId = this.customerId;
    void Promise.resolve()
      .then(() => this.options.onChat?.(message, customerId))
      .catch((error: unknown) => this.log.warn({ err: error, matchId }, 'chat line not stored'));
  }

  private chatAllowed(now: number): boolean {
    while (this.chatTimes.length > 0 && now - this.chatTimes[0]! >= CHAT_LIMIT.windowMs) this.chatTimes.shift();
    if (this.chatTimes.length >= CHAT_LIMIT.lines) return false;
    this.chatTimes.push(now);
    return true;
  }

  private receipt(frame: StompFrame): void {
    const receipt = frame.headers['receipt'];
    if (receipt !== undefined) this.write(encodeFrame('RECEIPT', { 'receipt-id': receipt }));
  }

  /** ERROR, then close: STOMP 1.2 makes every ERROR the end of the connection. */
  private fail(message: string, frame?: StompFrame, code = CLOSE_PROTOCOL_ERROR, extra: Record<string, string> = {}): void {
    if (this.state === 'closing') return;
    this.state = 'closing';
    this.log.debug({ message, command: frame?.command }, 'STOMP ERROR');
    const headers: Record<string, string> = { ...extra, message, 'content-type': 'text/plain' };
    const receipt = frame?.headers['receipt'];
    if (receipt !== undefined) headers['receipt-id'] = receipt;
    this.write(encodeFrame('ERROR', headers, message));
    this.flush();
    this.socket.close(code, 'STOMP error');
  }
}

export const stompEndpoint = fp<StompEndpointOptions>(
  async (app: FastifyInstance, options) => {
    const settings = { ...options, heartbeatMs: options.heartbeatMs ?? 10_000 };
    const server = new WebSocketServer({
      noServer: true,
      maxPayload: 2 * MAX_FRAME_BYTES,
      handleProtocols: (protocols) => (protocols.has(STOMP_PROTOCOL) ? STOMP_PROTOCOL : false),
    });
    server.on('connection', (socket: WebSocket) => {
      const sessionId = randomUUID();
      new StompConnection(socket, settings, app.log.child({ stompSession: sessionId }), sessionId);
    });

    const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const path = (request.url ?? '').split('?')[0];
      if (path !== STOMP_PATH) {
        if (!options.otherSocketPaths?.includes(path ?? '')) socket.destroy();
        return;
      }
      server.handleUpgrade(request, socket, head, (ws) => server.emit('connection', ws, request));
    };
    app.server.on('upgrade', onUpgrade);

    // Upgraded sockets keep the HTTP server from closing, so they go before it does.
    app.addHook('preClose', async () => {
      app.server.off('upgrade', onUpgrade);
      await options.broker.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
  },
  { name: 'panalo-stomp-endpoint' },
);
