import type { AddressInfo } from 'node:net';
import { Client, type IFrame, type IMessage, type IStompSocket, type StompConfig } from '@stomp/stompjs';
import Fastify, { type FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { type BrokerConnection, EmbeddedBroker } from '../../server/realtime/stomp/broker';
import { CHAT_LIMIT, RECONNECT_SPREAD_MS, type StompEndpointOptions, stompEndpoint } from '../../server/realtime/stomp/endpoint';
import { FrameError, FrameReader, type StompFrame, encodeFrame, parseFrames } from '../../server/realtime/stomp/frames';
import { sessions } from '../../server/db/schema';
import { sha256 } from '../../server/lib/security';
import { sessionResolver } from '../../server/modules/auth/sessions';
import { SOCKET_RECONNECT_MS } from '../../src/contract/constants';
import { GatewayCode } from '../../src/contract/errorCodes';
import { type ChatMessage, Destination, STOMP_PATH, STOMP_PROTOCOL } from '../../src/contract/feed';
import { stompTransport } from '../../workers/realtime/stomp';
import { call, encrypt, loginWithPassword, registerPlayer } from './player';
import { type TestServer, startServer } from './server';

const HEARTBEAT_MS = 200;
const PLAYERS: Record<string, { customerId: number; nickName: string }> = {
  'token-juan': { customerId: 1, nickName: 'Juan' },
  'token-maria': { customerId: 2, nickName: 'Maria' },
};

let app: FastifyInstance;
let broker: EmbeddedBroker;
let url: string;
let chats: ChatMessage[];
const cleanups: (() => Promise<void> | void)[] = [];

async function startEndpoint(options: Partial<StompEndpointOptions> = {}): Promise<void> {
  broker = new EmbeddedBroker({ closeGraceMs: 200 });
  chats = [];
  app = Fastify();
  await app.register(stompEndpoint, {
    broker,
    heartbeatMs: HEARTBEAT_MS,
    authenticate: async (token) => (token === undefined ? { customerId: null, nickName: 'Guest' } : (PLAYERS[token] ?? null)),
    onChat: (message) => void chats.push(message),
    ...options,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`;
}

beforeEach(() => startEndpoint());

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await app.close();
});

async function until(condition: () => boolean, timeoutMs = 2_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A real @stomp/stompjs client in Node, cleaned up after the test. */
function stompClient(token?: string, config: StompConfig = {}) {
  const state = { connects: 0, closes: 0, errors: [] as IFrame[], heartbeats: 0 };
  const client = new Client({
    webSocketFactory: () => new WebSocket(url, [STOMP_PROTOCOL]) as unknown as IStompSocket,
    connectHeaders: token ? { token } : {},
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
    onConnect: () => void (state.connects += 1),
    onStompError: (frame) => void state.errors.push(frame),
    onWebSocketClose: () => void (state.closes += 1),
    onHeartbeatReceived: () => void (state.heartbeats += 1),
    ...config,
  });
  cleanups.push(() => client.deactivate({ force: true }));
  return { client, state };
}

async function connectedClient(token?: string, config: StompConfig = {}) {
  const player = stompClient(token, config);
  player.client.activate();
  await until(() => player.state.connects === 1 || player.state.errors.length > 0);
  return player;
}

/** Subscribes and waits for the server's RECEIPT, so a publish afterwards is sure to reach it. */
async function subscribed(client: Client, destination: string): Promise<IMessage[]> {
  const inbox: IMessage[] = [];
  const receipt = `sub-${Math.random()}`;
  const done = new Promise<void>((resolve) => client.watchForReceipt(receipt, () => resolve()));
  client.subscribe(destination, (message) => inbox.push(message), { receipt });
  await done;
  return inbox;
}

/** A raw WebSocket speaking STOMP by hand, for what a well-behaved client never sends. */
async function rawClient(path = '/ws', endpoint = url) {
  const socket = new WebSocket(endpoint.replace('/ws', path), [STOMP_PROTOCOL]);
  const reader = new FrameReader();
  const frames: StompFrame[] = [];
  let messages = 0;
  const closed = new Promise<{ code: number; at: number }>((resolve) => socket.on('close', (code) => resolve({ code, at: Date.now() })));
  socket.on('message', (data: Buffer) => {
    messages += 1;
    frames.push(...reader.push(data));
  });
  cleanups.push(() => socket.terminate());
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    socket,
    frames,
    closed,
    messages: () => messages,
    send: (text: string) => socket.send(text),
    next: async (command: string) => {
      await until(() => frames.some((frame) => frame.command === command));
      return frames.find((frame) => frame.command === command)!;
    },
  };
}

async function rawConnected(headers = 'accept-version:1.2\nheart-beat:0,0', endpoint = url) {
  const raw = await rawClient('/ws', endpoint);
  raw.send(`CONNECT\n${headers}\n\n\0`);
  await raw.next('CONNECTED');
  return raw;
}

describe('frame codec', () => {
  it('round-trips escaped header names and values, except in CONNECT', () => {
    const headers = { 'odd:name': 'line1\nline2\\back\rslash:colon', destination: '/topic/x' };
    const [frame] = parseFrames(encodeFrame('MESSAGE', headers, '{"a":1}'));
    expect(frame).toEqual({ command: 'MESSAGE', headers: { ...headers, 'content-length': '7' }, body: '{"a":1}' });
    const connect = encodeFrame('CONNECT', { passcode: 'a:b\\c' }).toString();
    expect(connect).toContain('passcode:a:b\\c\n');
    expect(parseFrames(connect)[0]?.headers['passcode']).toBe('a:b\\c');
  });

  it('keeps the first of repeated headers and reads a body with NUL by content-length', () => {
    const [frame] = parseFrames('MESSAGE\nfoo:1\nfoo:2\ncontent-length:5\n\na\0b\0c\0');
    expect(frame?.headers['foo']).toBe('1');
    expect(frame?.body).toBe('a\0b\0c');
  });

  it('reads several frames and heart-beat EOLs in one message, with LF or CRLF lines', () => {
    const frames = parseFrames('\n\r\nSEND\r\ndestination:/a\r\n\r\nx\0\n\nUNSUBSCRIBE\nid:1\n\n\0\r\n');
    expect(frames.map((frame) => [frame.command, frame.body])).toEqual([
      ['SEND', 'x'],
      ['UNSUBSCRIBE', ''],
    ]);
    expect(frames[0]?.headers['destination']).toBe('/a');
  });

  it('keeps a frame split across chunks until it completes', () => {
    const reader = new FrameReader();
    expect(reader.push('SEND\ndestination:/topic/chat/1\ncontent-le')).toEqual([]);
    expect(reader.push('ngth:3\n\nab')).toEqual([]);
    expect(reader.push('c\0\n')).toMatchObject([{ command: 'SEND', body: 'abc' }]);
    expect(reader.buffered).toBe(0);
  });

  it.each([
    ['an unknown command', 'HELLO\n\n\0', 'Unknown command'],
    ['an undefined escape', 'SEND\nbad\\tescape:x\n\n\0', 'Undefined escape'],
    ['a header without colon', 'SEND\nno colon here\n\n\0', 'Malformed header'],
    ['a body on SUBSCRIBE', 'SUBSCRIBE\nid:1\n\nbody\0', 'must not have a body'],
    ['a negative content-length', 'SEND\ncontent-length:-1\n\n\0', 'Invalid content-length'],
    ['a body longer than content-length', 'SEND\ncontent-length:1\n\nab\0', 'not followed by NUL'],
    ['a missing NUL', 'SEND\ndestination:/a\n\nno terminator', 'Unfinished frame'],
    ['an oversized frame', `SEND\n\n${'x'.repeat(200)}`, 'larger than 100 bytes'],
  ])('refuses %s', (_label, text, message) => {
    expect(() => parseFrames(text, 100)).toThrow(FrameError);
    expect(() => parseFrames(text, 100)).toThrow(message);
  });
});

describe('embedded broker fan-out', () => {
  function fakeConnection(customerId: number | null, backlog = 0) {
    const written: Buffer[] = [];
    const connection: BrokerConnection = {
      customerId,
      playerSessionId: null,
      backlog,
      write: (...parts) => void written.push(Buffer.concat(parts)),
      end: () => {},
      close: async () => {},
      terminate: () => {},
    };
    broker.attach(connection);
    return { connection, written };
  }

  it('encodes once and adds each subscription id; holds back from a subscriber with a large backlog', () => {
    const a = fakeConnection(null);
    const b = fakeConnection(7);
    const slow = fakeConnection(8, 2_000_000);
    expect(broker.subscribe(a.connection, 'a-1', '/topic/match/42')).toBeUndefined();
    expect(broker.subscribe(b.connection, 'b:1', '/topic/match/42')).toBeUndefined();
    expect(broker.subscribe(slow.connection, 's', '/topic/match/42')).toBeUndefined();
    expect(broker.subscriberCount('/topic/match/42')).toBe(3);

    broker.publish('/topic/match/42', '{"seq":1}', { seq: '1', subscription: 'forged' });
    const [toA] = parseFrames(a.written[0]!);
    const [toB] = parseFrames(b.written[0]!);
    expect(toA?.headers).toMatchObject({
      subscription: 'a-1',
      destination: '/topic/match/42',
      seq: '1',
      'content-type': 'application/json',
    });
    expect(toB?.headers['subscription']).toBe('b:1');
    expect(toB?.headers['message-id']).toBe(toA?.headers['message-id']);
    expect(slow.written).toHaveLength(0);

    broker.publish('/topic/match/42', '{"seq":2}');
    expect(parseFrames(a.written[1]!)[0]?.headers['message-id']).not.toBe(toA?.headers['message-id']);
    expect(broker.stats()).toEqual({ connections: 3, subscriptions: 3 });
  });
});

describe('STOMP endpoint', () => {
  it('answers CONNECT with CONNECTED over the v12.stomp sub-protocol and destroys other upgrade paths', async () => {
    const raw = await rawConnected('accept-version:1.0,1.1,1.2\nheart-beat:0,500');
    expect(raw.socket.protocol).toBe(STOMP_PROTOCOL);
    const connected = raw.frames[0]!;
    expect(connected.headers).toMatchObject({ version: '1.2', 'heart-beat': `${HEARTBEAT_MS},${HEARTBEAT_MS}`, server: 'Panalo' });
    expect(connected.headers['session']).toMatch(/^[0-9a-f-]{36}$/);
    await expect(rawClient('/elsewhere')).rejects.toThrow();
  });

  it('delivers published messages in order with their seq headers', async () => {
    const { client } = await connectedClient();
    const inbox = await subscribed(client, Destination.match('42'));
    for (let seq = 1; seq <= 20; seq += 1) broker.publish(Destination.match('42'), JSON.stringify({ seq }), { seq: String(seq) });
    broker.publish(Destination.match('43'), '{}', { seq: '1' });
    await until(() => inbox.length === 20);
    expect(inbox.map((message) => message.headers['seq'])).toEqual(Array.from({ length: 20 }, (_, i) => String(i + 1)));
    expect(inbox.map((message) => (JSON.parse(message.body) as { seq: number }).seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(inbox[0]?.headers).toMatchObject({ destination: '/topic/match/42', 'content-type': 'application/json' });
    expect(new Set(inbox.map((message) => message.headers['message-id'])).size).toBe(20);
    expect(broker.stats()).toEqual({ connections: 1, subscriptions: 1 });
  });

  it('sends a RECEIPT for a SUBSCRIBE that asks for one', async () => {
    const raw = await rawConnected();
    raw.send('SUBSCRIBE\nid:0\ndestination:/topic/jackpot\nreceipt:77\n\n\0');
    expect((await raw.next('RECEIPT')).headers['receipt-id']).toBe('77');
    expect(broker.subscriberCount(Destination.jackpot)).toBe(1);
  });

  it('sends the frames of one event-loop turn to a socket in one WebSocket message', async () => {
    const raw = await rawConnected();
    raw.send('SUBSCRIBE\nid:0\ndestination:/topic/sport/1\nreceipt:r\n\n\0');
    await raw.next('RECEIPT');
    const before = raw.messages();
    for (let seq = 1; seq <= 20; seq += 1) broker.publish(Destination.sport('1'), JSON.stringify({ seq }), { seq: String(seq) });
    await until(() => raw.frames.filter((frame) => frame.command === 'MESSAGE').length === 20);
    expect(raw.messages() - before).toBe(1);
    expect(raw.frames.filter((frame) => frame.command === 'MESSAGE').map((frame) => frame.headers['seq'])).toEqual(
      Array.from({ length: 20 }, (_, i) => String(i + 1)),
    );
  });

  it('stops delivery after UNSUBSCRIBE', async () => {
    const { client } = await connectedClient();
    const inbox: IMessage[] = [];
    const subscription = client.subscribe(Destination.site, (message) => inbox.push(message), { id: 'site' });
    await until(() => broker.subscriberCount(Destination.site) === 1);
    broker.publish(Destination.site, '{"n":1}');
    await until(() => inbox.length === 1);
    subscription.unsubscribe();
    await until(() => broker.subscriberCount(Destination.site) === 0);
    broker.publish(Destination.site, '{"n":2}');
    await sleep(50);
    expect(inbox).toHaveLength(1);
  });

  it('keeps an idle connection open with heart-beats in both directions', async () => {
    const { state } = await connectedClient(undefined, { heartbeatIncoming: HEARTBEAT_MS, heartbeatOutgoing: HEARTBEAT_MS });
    await sleep(1_500);
    expect(state.closes).toBe(0);
    expect(state.heartbeats).toBeGreaterThanOrEqual(4);
    expect(broker.stats().connections).toBe(1);
  });

  it('drops a client that promised heart-beats and went silent, within two intervals', async () => {
    const raw = await rawConnected(`accept-version:1.2\nheart-beat:${HEARTBEAT_MS},0`);
    const connectedAt = Date.now();
    const { at } = await raw.closed;
    // The server counts from the CONNECT it read, a little before CONNECTED reached this client (tens of
    // ms on a loaded machine): past one interval and a half means it did not drop the client at one.
    expect(at - connectedAt).toBeGreaterThanOrEqual(1.5 * HEARTBEAT_MS);
    expect(at - connectedAt).toBeLessThan(4 * HEARTBEAT_MS);
    // It asked for none, so the server sent no EOLs: CONNECTED was its only message.
    expect(raw.messages()).toBe(1);
  });

  it('refuses another player’s queue, and a visitor any player queue, with ERROR and a close', async () => {
    const juan = await rawConnected('accept-version:1.2\ntoken:token-juan');
    juan.send('SUBSCRIBE\nid:1\ndestination:/user/2/queue/balance\nreceipt:r-9\n\n\0');
    const error = await juan.next('ERROR');
    expect(error.headers['message']).toBe(
      "/user/2/queue/balance is not yours to read; a player's own queues are /user/queue/{balance,bets,messages,support}",
    );
    expect(error.headers['receipt-id']).toBe('r-9');
    expect((await juan.closed).code).toBe(1008);

    const visitor = await connectedClient();
    visitor.client.subscribe(Destination.balance, () => {});
    await until(() => visitor.state.errors.length === 1 && visitor.state.closes === 1);
    expect(visitor.state.errors[0]?.headers['message']).toBe('/user/queue/balance needs a logged-in player');
  });

  it.each(['/queue/x', '/topic/other', '/topic/sport/football', '/topic/match/a/b', '/user/queue/other'])(
    'refuses %s',
    async (destination) => {
      const raw = await rawConnected('accept-version:1.2\npasscode:token-maria');
      raw.send(`SUBSCRIBE\nid:1\ndestination:${destination}\n\n\0`);
      expect((await raw.next('ERROR')).headers['message']).toMatch(/Unknown destination|is not yours to read/);
      await raw.closed;
    },
  );

  it('delivers publishToUser only to that player’s connections', async () => {
    const juanPhone = await connectedClient('token-juan');
    const juanTablet = await connectedClient('token-juan');
    const maria = await connectedClient('token-maria');
    const inboxes = await Promise.all([juanPhone, juanTablet, maria].map(({ client }) => subscribed(client, Destination.balance)));
    expect(broker.subscriberCount('/user/1/queue/balance')).toBe(2);

    broker.publishToUser(1, 'balance', '{"balance":5000}');
    await until(() => inboxes[0]!.length === 1 && inboxes[1]!.length === 1);
    await sleep(50);
    expect(inboxes[2]).toHaveLength(0);
    expect(inboxes[0]![0]?.headers['destination']).toBe('/user/queue/balance');

    broker.publishToUser(2, 'balance', '{"balance":10}');
    await until(() => inboxes[2]!.length === 1);
    expect(inboxes[0]).toHaveLength(1);
  });

  it('publishes a logged-in player’s chat line with their nickName, and refuses a visitor’s', async () => {
    const watcher = await connectedClient();
    const inbox = await subscribed(watcher.client, Destination.chat('m42'));
    const juan = await connectedClient('token-juan');
    juan.client.publish({ destination: Destination.chat('m42'), body: JSON.stringify({ text: '  Go \u0007  Ginebra! ' }) });
    await until(() => inbox.length === 1 && chats.length === 1);
    const line = JSON.parse(inbox[0]!.body) as ChatMessage;
    expect(line).toMatchObject({ matchId: 'm42', nickName: 'Juan', text: 'Go Ginebra!' });
    expect(chats[0]).toEqual(line);

    watcher.client.publish({ destination: Destination.chat('m42'), body: '{"text":"hi"}' });
    await until(() => watcher.state.errors.length === 1 && watcher.state.closes === 1);
    expect(watcher.state.errors[0]?.headers['message']).toBe('Chat needs a logged-in player');
    expect(chats).toHaveLength(1);
  });

  it('drops chat lines over the per-connection limit and refuses an over-long line', async () => {
    const juan = await rawConnected('accept-version:1.2\ntoken:token-juan');
    juan.send('SUBSCRIBE\nid:c\ndestination:/topic/chat/m1\n\n\0');
    for (let n = 1; n <= CHAT_LIMIT.lines + 2; n += 1) {
      juan.send(`SEND\ndestination:/topic/chat/m1\nreceipt:${n}\n\n{"text":"line ${n}"}\0`);
    }
    await until(() => juan.frames.filter((frame) => frame.command === 'RECEIPT').length === CHAT_LIMIT.lines + 2);
    expect(juan.frames.filter((frame) => frame.command === 'MESSAGE')).toHaveLength(CHAT_LIMIT.lines);
    expect(chats.map((line) => line.text)).toEqual(['line 1', 'line 2', 'line 3', 'line 4', 'line 5']);

    const maria = await rawConnected('accept-version:1.2\ntoken:token-maria');
    maria.send(`SEND\ndestination:/topic/chat/m1\n\n${JSON.stringify({ text: 'x'.repeat(CHAT_LIMIT.maxChars + 1) })}\0`);
    expect((await maria.next('ERROR')).headers['message']).toMatch(/1 to 200 characters/);
  });

  it('refuses a bad token, an old protocol version and malformed frames with ERROR', async () => {
    const cases: [string, string][] = [
      ['CONNECT\naccept-version:1.2\ntoken:stolen\n\n\0', 'login failed'],
      ['CONNECT\naccept-version:1.0,1.1\n\n\0', 'Supported protocol versions are 1.2'],
      ['SUBSCRIBE\nid:1\ndestination:/topic/site\n\n\0', 'Expected CONNECT, got SUBSCRIBE'],
      ['HELLO\n\n\0', 'Unknown command "HELLO"'],
      ['CONNECT\naccept-version:1.2\nheart-beat:soon\n\n\0', 'Malformed heart-beat header'],
    ];
    for (const [text, message] of cases) {
      const raw = await rawClient();
      raw.send(text);
      expect((await raw.next('ERROR')).headers['message']).toBe(message);
      await raw.closed;
    }
    const raw = await rawConnected();
    raw.send('SEND\ndestination:/topic/chat/1\nbad\\tescape:x\n\n{}\0');
    expect((await raw.next('ERROR')).headers['message']).toMatch(/Undefined escape/);
    await raw.closed;
    // The client may see the close a moment before the server has filed the connection away.
    await until(() => broker.stats().connections === 0);
    expect(broker.stats()).toEqual({ connections: 0, subscriptions: 0 });
  });

  it('answers DISCONNECT with its RECEIPT, then closes', async () => {
    const raw = await rawConnected();
    raw.send('DISCONNECT\nreceipt:bye-1\n\n\0');
    expect((await raw.next('RECEIPT')).headers['receipt-id']).toBe('bye-1');
    expect((await raw.closed).code).toBe(1000);
  });

  it('dropAll cuts every socket and @stomp/stompjs reconnects and subscribes again', async () => {
    const inbox: IMessage[] = [];
    const { client, state } = stompClient('token-juan', { reconnectDelay: 50 });
    client.onConnect = () => {
      state.connects += 1;
      client.subscribe(Destination.sport('1'), (message) => inbox.push(message));
    };
    client.activate();
    await until(() => broker.subscriberCount(Destination.sport('1')) === 1);

    broker.dropAll();
    await until(() => state.closes === 1);
    await until(() => state.connects === 2 && broker.subscriberCount(Destination.sport('1')) === 1);
    expect(broker.stats()).toEqual({ connections: 1, subscriptions: 1 });
    broker.publish(Destination.sport('1'), '{"seq":1}', { seq: '1' });
    await until(() => inbox.length === 1);
  });

  it('closes connected sockets when the server closes', async () => {
    const { state } = await connectedClient('token-juan');
    const raw = await rawClient();
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(1_000);
    await until(() => state.closes === 1);
    expect((await raw.closed).code).toBe(1001);
    // The connected session is told first, with when to come back (spread over a second).
    expect(state.errors).toHaveLength(1);
    expect(state.errors[0]?.headers['message']).toBe('The server is restarting; reconnect');
    expect(Number(state.errors[0]?.headers['reconnect-after'])).toBeLessThan(RECONNECT_SPREAD_MS);
    expect(broker.stats()).toEqual({ connections: 0, subscriptions: 0 });
  });

  it('the realtime worker’s socket reconnects at the stopping server’s hint, before its usual 5 s delay', async () => {
    const transport = stompTransport(url, () => new WebSocket(url, [STOMP_PROTOCOL]) as unknown as globalThis.WebSocket);
    const statuses: string[] = [];
    const prices: string[] = [];
    transport.onStatus((status) => statuses.push(status));
    transport.subscribe(Destination.sport('3'), (body) => prices.push(body));
    transport.start();
    await until(() => broker.subscriberCount(Destination.sport('3')) === 1);
    // The sockets close as a stopping instance closes them (the balancer sends the new ones elsewhere).
    await broker.close();
    await until(() => statuses.includes('reconnecting'));
    await until(() => statuses.at(-1) === 'online' && broker.subscriberCount(Destination.sport('3')) === 1, SOCKET_RECONNECT_MS - 1_000);
    broker.publish(Destination.sport('3'), '{"seq":1}', { seq: '1' });
    await until(() => prices.length === 1);
  });
});

describe('STOMP: logout and password change close the sockets of the ended sessions', () => {
  let server: TestServer;
  let endpoint: string;

  beforeAll(async () => {
    // A short re-check, so the backstop's own test (a session ended where the bus did not reach) is quick.
    server = await startServer({}, undefined, { sessionRecheckMs: 200 });
    endpoint = `${server.url.replace('http', 'ws')}${STOMP_PATH}`;
  });
  afterAll(() => server.close());

  async function sessionOf(token: string) {
    const [row] = await server.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(token)));
    return row!;
  }

  /** A player on two devices: two logins, two sessions, a socket on each with their own queues. */
  async function playerOnTwoDevices() {
    const player = await registerPlayer(server);
    const second = await loginWithPassword(server, player.phone.typed, player.password);
    expect(second.code).toBe('0000');
    const tokens = [player.webToken.token, second.data.webToken.token] as const;
    const customerId = (await sessionOf(tokens[0])).customerId!;
    const sockets = await Promise.all(tokens.map((token) => playerSocket(token)));
    return { player, tokens, customerId, sockets };
  }

  async function playerSocket(token?: string) {
    const raw = await rawConnected(`accept-version:1.2\nheart-beat:0,0${token ? `\ntoken:${token}` : ''}`, endpoint);
    // A player reads their own queues, a visitor a public topic.
    raw.send(
      token
        ? `SUBSCRIBE\nid:b\ndestination:${Destination.balance}\n\n\0SUBSCRIBE\nid:t\ndestination:${Destination.bets}\nreceipt:ready\n\n\0`
        : `SUBSCRIBE\nid:s\ndestination:${Destination.sport('1')}\nreceipt:ready\n\n\0`,
    );
    await raw.next('RECEIPT');
    let open = true;
    void raw.closed.then(() => (open = false));
    return { ...raw, isOpen: () => open, received: () => raw.frames.filter((frame) => frame.command === 'MESSAGE') };
  }

  /** What a deposit or a settled bet sends the player's sockets. */
  function pushToPlayer(customerId: number): void {
    server.app.playerEvents.publish({ type: 'balance', customerId });
    server.app.broker.publishToUser(customerId, 'bets', '{"transId":"t-1"}');
  }

  it('logout closes the socket of that session with ERROR, the other device keeps its pushes', async () => {
    const { tokens, customerId, sockets } = await playerOnTwoDevices();
    const [loggedOut, other] = sockets;

    expect((await call(server, 'main', 'customer/logoutV2', {}, { token: tokens[0] })).code).toBe('0000');
    // Pushed the moment logout answers: the ended session's socket must not get it.
    pushToPlayer(customerId);

    await until(() => !loggedOut!.isOpen());
    const error = loggedOut!.frames.find((frame) => frame.command === 'ERROR');
    expect(error?.headers['code']).toBe(GatewayCode.TokenInvalid);
    expect(error?.headers['message']).toBe('Your login has ended. Please log in again.');
    expect(loggedOut!.received()).toHaveLength(0);

    await until(() => other!.received().length === 2);
    pushToPlayer(customerId);
    await until(() => other!.received().length === 4);
    expect(other!.isOpen()).toBe(true);
    expect(loggedOut!.received()).toHaveLength(0);
  });

  it('a password change closes the sockets of the player’s other sessions, not its own', async () => {
    const { player, tokens, customerId, sockets } = await playerOnTwoDevices();
    const [changedHere, elsewhere] = sockets;
    const visitor = await playerSocket();

    const changed = await call(
      server,
      'main',
      'customer/modifyPwd',
      { oldPassword: await encrypt(server, player.password), newPassword: await encrypt(server, 'NewSecret456') },
      { token: tokens[0] },
    );
    expect(changed.code).toBe('0000');
    pushToPlayer(customerId);

    await until(() => !elsewhere!.isOpen());
    const error = elsewhere!.frames.find((frame) => frame.command === 'ERROR');
    expect(error?.headers['code']).toBe(GatewayCode.SessionReplaced);
    expect(error?.headers['message']).toBe('Your password was changed. Please log in again.');
    expect(elsewhere!.received()).toHaveLength(0);

    await until(() => changedHere!.received().length === 2);
    expect(changedHere!.isOpen()).toBe(true);
    expect(visitor.isOpen()).toBe(true);
  });

  it('a session ended where the bus did not reach, or gone idle, closes its sockets at the next re-check', async () => {
    const { customerId, tokens, sockets } = await playerOnTwoDevices();
    const [revokedElsewhere, idle] = sockets;
    const visitor = await playerSocket();
    const db = server.database.db;

    // As another instance would: straight in the database, no event on this instance's bus.
    await db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'password_changed' })
      .where(eq(sessions.tokenHash, sha256(tokens[0])));
    await until(() => !revokedElsewhere!.isOpen());
    expect(revokedElsewhere!.frames.find((frame) => frame.command === 'ERROR')?.headers['code']).toBe(GatewayCode.SessionReplaced);

    // Nobody called for longer than the idle limit (the socket's own traffic is not activity).
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`${sessions.lastSeenAt} - make_interval(secs => ${server.config.sessionIdleMs / 1000 + 1})` })
      .where(eq(sessions.tokenHash, sha256(tokens[1])));
    await until(() => !idle!.isOpen());
    expect(idle!.frames.find((frame) => frame.command === 'ERROR')?.headers['code']).toBe(GatewayCode.SessionExpired);
    expect((await sessionOf(tokens[1])).revokedReason).toBe('expired');

    pushToPlayer(customerId);
    server.app.broker.publish(Destination.sport('1'), '{"seq":1}', { seq: '1' });
    await until(() => visitor.received().length === 1);
    expect(visitor.isOpen()).toBe(true);
    expect(revokedElsewhere!.received()).toHaveLength(0);
    expect(idle!.received()).toHaveLength(0);
  });

  it('an idle limit of 30 s keeps a player calling every 20 s logged in, and 31 s of silence ends the session and its socket', async () => {
    const player = await registerPlayer(server);
    const token = player.webToken.token;
    const socket = await playerSocket(token);
    let clock = Date.now();
    const resolver = sessionResolver(
      server.database.db,
      { idleMs: 30_000, maxMs: 3_600_000, events: server.app.playerEvents },
      () => clock,
    );
    for (let call = 0; call < 15; call += 1) {
      clock += 20_000;
      await expect(resolver.resolve(token)).resolves.toMatchObject({ customerId: expect.any(Number) });
    }
    expect(socket.isOpen()).toBe(true);
    clock += 31_000;
    await expect(resolver.resolve(token)).rejects.toMatchObject({ code: GatewayCode.SessionExpired });
    await until(() => !socket.isOpen());
    expect(socket.frames.find((frame) => frame.command === 'ERROR')?.headers['code']).toBe(GatewayCode.SessionExpired);
  });

  it('the realtime worker’s socket comes back as a visitor’s after its session ended, still reading the public feed', async () => {
    const player = await registerPlayer(server);
    const transport = stompTransport(endpoint, () => new WebSocket(endpoint, [STOMP_PROTOCOL]) as unknown as globalThis.WebSocket);
    const statuses: string[] = [];
    const prices: string[] = [];
    transport.onStatus((status) => statuses.push(status));
    transport.setToken(player.webToken.token);
    transport.subscribe(Destination.balance, () => {});
    transport.subscribe(Destination.sport('2'), (body) => prices.push(body));
    transport.start();
    await until(() => server.app.broker.subscriberCount(Destination.sport('2')) === 1);

    expect((await call(server, 'main', 'customer/logoutV2', {}, { token: player.webToken.token })).code).toBe('0000');
    await until(() => statuses.includes('reconnecting'));
    // stompjs reconnects after 5 s (spec §9), with the old token: the server takes it for a visitor's.
    await until(
      () =>
        statuses.filter((status) => status === 'online').length === 2 && server.app.broker.subscriberCount(Destination.sport('2')) === 1,
      10_000,
    );
    server.app.broker.publish(Destination.sport('2'), '{"seq":1}', { seq: '1' });
    await until(() => prices.length === 1);
    expect(statuses.at(-1)).toBe('online');

    // Logged in again: the new token brings the player's own queue back.
    const again = await loginWithPassword(server, player.phone.typed, player.password);
    const customerId = (await sessionOf(again.data.webToken.token)).customerId!;
    transport.setToken(again.data.webToken.token);
    await until(() => server.app.broker.subscriberCount(`/user/${customerId}/queue/balance`) === 1);
  }, 20_000);
});
