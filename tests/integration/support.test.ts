import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, type IMessage, type IStompSocket } from '@stomp/stompjs';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { buildApp } from '../../server/app';
import { withdrawConfig } from '../../server/config';
import {
  paymentWebhookEvents,
  supportConversations,
  supportDeskConversations,
  supportDeskMessages,
  supportMessages,
} from '../../server/db/schema';
import { signWebhook } from '../../server/providers/support/chatwoot';
import { simulatorSecrets } from '../../server/providers/support/index';
import type { PlayerEvent, PlayerEventsTransport } from '../../server/realtime/bus';
import { APP_ID, APP_VERSION } from '../../src/contract/constants';
import { API_PREFIXES } from '../../src/contract/envelopes';
import { STOMP_PATH, STOMP_PROTOCOL } from '../../src/contract/feed';
import { computeSign } from '../../src/contract/sign';
import { SupportCall, type SupportConversation, type SupportMessage, type SupportPush } from '../../src/contract/support';
import { dataUrl, makePng, pixelBomb } from './images';
import { call, captcha, encrypt, idempotencyKey, registerPlayer, visitorToken } from './player';
import { type TestServer, startServer } from './server';
import { WITHDRAW_PASSWORD, readyToWithdraw } from './withdrawing';

/**
 * The customer-support chat (issue 37) end to end on the server: a player's or a visitor's
 * conversation through the calls, the help-desk simulator's console (as its agent) and its signed
 * webhooks, the pushes on /user/queue/support over STOMP, two instances on one database.
 */

let server: TestServer;
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  server = await startServer({ withdraw: withdrawConfig({ WITHDRAW_TURNOVER_PERCENT: '0' }) }, undefined, {
    ipCallsPerMinute: 1_000_000,
    accountCallsPerMinute: 1_000_000,
  });
});

afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await server.close();
});

async function until<T>(check: () => T | Promise<T>, what: string, timeoutMs = 5_000): Promise<NonNullable<T>> {
  const start = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() - start > timeoutMs) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

type Sent = { conversation: SupportConversation; message: SupportMessage };

const send = (token: string, body: Record<string, unknown>, on = server) =>
  call<Sent>(on, 'main', SupportCall.send, { clientMessageId: randomUUID(), ...body }, { token });

/** A STOMP socket on an instance, subscribed to the caller's /user/queue/support: what it heard. */
async function listen(url: string, token: string): Promise<SupportPush[]> {
  const heard: SupportPush[] = [];
  const client = new Client({
    webSocketFactory: () => new WebSocket(`${url.replace('http', 'ws')}${STOMP_PATH}`, [STOMP_PROTOCOL]) as unknown as IStompSocket,
    connectHeaders: { token },
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
  });
  cleanups.push(() => client.deactivate({ force: true }));
  const subscribed = new Promise<void>((resolve) => {
    client.onConnect = () => {
      const receipt = `sub-${randomUUID()}`;
      client.watchForReceipt(receipt, () => resolve());
      client.subscribe('/user/queue/support', (message: IMessage) => heard.push(JSON.parse(message.body) as SupportPush), { receipt });
    };
  });
  client.activate();
  await subscribed;
  return heard;
}

/** The help desk's side of a conversation (the simulator's rows). */
async function deskOf(publicId: string) {
  const [row] = await server.database.db.select().from(supportDeskConversations).where(eq(supportDeskConversations.sourceId, publicId));
  return row;
}

const deskMessages = (deskId: number) =>
  server.database.db.select().from(supportDeskMessages).where(eq(supportDeskMessages.conversationId, deskId));

/** The agent in the console (plain HTML forms). */
async function agent(action: 'reply' | 'assign' | 'resolve', deskId: number, fields: Record<string, string> = {}, on = server) {
  const response = await fetch(`${on.url}/sim/support/conversations/${deskId}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  expect(response.status, `${action}: ${await response.clone().text()}`).toBe(303);
}

async function withdrawalOf(): Promise<{ token: string; orderNo: string }> {
  const player = await readyToWithdraw(server);
  const withdrawal = await call<{ orderNo: string }>(
    server,
    'main',
    'withdraw/createWithdrawalRequest',
    { bankAccountId: player.bankAccountId, amount: 20_000, withdrawPassword: await encrypt(server, WITHDRAW_PASSWORD) },
    { token: player.token, idempotencyKey: idempotencyKey() },
  );
  expect(withdrawal.code, withdrawal.message).toBe('0000');
  return { token: player.token, orderNo: withdrawal.data.orderNo };
}

function setHours(hours: { from: string; to: string; days: number[] }) {
  const file = join(server.config.dataDir, 'site.json');
  const settings = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  writeFileSync(file, JSON.stringify({ ...settings, support: { hours } }));
}

describe('a conversation', () => {
  it('opens with the first message from a withdrawal, reaches the desk, and comes back with receipts, typing, the agent’s answer, the close and a rating', async () => {
    const { token, orderNo } = await withdrawalOf();
    const heard = await listen(server.url, token);

    const first = await send(token, { text: 'My withdrawal is stuck', page: 'withdrawInfo', about: 'withdrawal', orderNo });
    expect(first.code, first.message).toBe('0000');
    const conversationId = first.data.conversation.id;
    expect(first.data.conversation).toMatchObject({ status: 'open', topic: 'withdrawal' });
    expect(first.data.message).toMatchObject({ author: 'player', text: 'My withdrawal is stuck' });

    // The desk has it, with the context masked for its agent, and the player hears it was delivered.
    const desk = await until(() => deskOf(conversationId), 'the desk has the conversation');
    expect(desk.customAttributes).toMatchObject({ topic: 'withdrawal', status: 'processing', amount: '₱200.00', page: 'withdrawInfo' });
    expect(desk.customAttributes['reference']).toBe(`${orderNo.slice(0, 4)}…${orderNo.slice(-4)}`);
    expect(JSON.stringify(desk)).not.toContain(orderNo);
    expect(desk.customAttributes['phone']).toMatch(/^\+639 ••• ••• \d{4}$/);
    await until(async () => (await deskMessages(desk.id)).length > 0, 'the desk has the message');
    expect((await deskMessages(desk.id)).map((m) => m.content)).toEqual(['My withdrawal is stuck']);
    await until(
      () => heard.some((p) => p.kind === 'receipt' && p.receipt === 'delivered' && p.upTo === first.data.message.id),
      'delivered',
    );

    // The player types: the desk sees it. The agent opens it (read), types, takes it and answers.
    await call(server, 'main', SupportCall.typing, { typing: true }, { token });
    expect((await deskOf(conversationId))!.contactTypingUntil!.getTime()).toBeGreaterThan(Date.now());
    expect((await fetch(`${server.url}/sim/support/conversations/${desk.id}`)).status).toBe(200);
    await until(() => heard.some((p) => p.kind === 'receipt' && p.receipt === 'read' && p.upTo === first.data.message.id), 'read');
    const typing = await fetch(`${server.url}/sim/support/conversations/${desk.id}/typing`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ agent: 'Ana', typing: true }),
    });
    expect(typing.status).toBe(204);
    await until(() => heard.some((p) => p.kind === 'typing' && p.typing && p.agentName === 'Ana'), 'the agent is typing');
    await agent('assign', desk.id, { agent: 'Ana' });
    await agent('reply', desk.id, { agent: 'Ana', content: 'Let me check that for you.' });
    const answer = await until(
      () => heard.find((p): p is Extract<SupportPush, { kind: 'message' }> => p.kind === 'message' && p.message.author === 'agent'),
      'the answer',
    );
    expect(answer.message).toMatchObject({ text: 'Let me check that for you.', agentName: 'Ana' });
    expect(heard.some((p) => p.kind === 'conversation' && p.conversation.status === 'assigned' && p.conversation.agentName === 'Ana')).toBe(
      true,
    );

    // What a reload shows: the history with receipts and one unread answer, until it is read.
    const current = await call<{ conversation: SupportConversation; messages: SupportMessage[] }>(
      server,
      'main',
      SupportCall.current,
      {},
      { token },
    );
    expect(current.data.messages.map((m) => [m.author, m.text, m.receipt])).toEqual([
      ['player', 'My withdrawal is stuck', 'read'],
      ['agent', 'Let me check that for you.', undefined],
    ]);
    expect(current.data.conversation.unread).toBe(1);
    const read = await call<{ unread: number }>(
      server,
      'main',
      SupportCall.markRead,
      { conversationId, upTo: answer.message.id },
      { token },
    );
    expect(read.data.unread).toBe(0);
    await until(async () => (await deskOf(conversationId))!.contactLastSeenAt !== null, 'the desk hears the player read it');

    // Rating before the end is refused; the agent closes; the rating is kept and reaches the desk.
    expect((await call(server, 'main', SupportCall.rate, { conversationId, score: 5 }, { token })).code).toBe('GW_800492');
    await agent('resolve', desk.id);
    await until(() => heard.some((p) => p.kind === 'conversation' && p.conversation.status === 'closed'), 'closed');
    const rated = await call<SupportConversation>(
      server,
      'main',
      SupportCall.rate,
      { conversationId, score: 4, comment: 'Quick' },
      { token },
    );
    expect(rated.data.rating).toEqual({ score: 4, comment: 'Quick' });
    await until(async () => (await deskOf(conversationId))!.customAttributes['rating'] === '4/5', 'the desk has the rating');
    expect((await call(server, 'main', SupportCall.rate, { conversationId, score: 1 }, { token })).code).toBe('GW_800492');

    // A message after the close opens a new conversation; both are listed, newest first.
    const next = await send(token, { text: 'One more thing' });
    expect(next.data.conversation.id).not.toBe(conversationId);
    const list = await call<{ total: number; list: SupportConversation[] }>(server, 'main', SupportCall.conversations, {}, { token });
    expect(list.data.list.map((c) => [c.id, c.status])).toEqual([
      [next.data.conversation.id, 'open'],
      [conversationId, 'closed'],
    ]);
  });

  it('keeps what it was about only when it is the caller’s own: another player’s order or ticket answers as none', async () => {
    const victim = await withdrawalOf();
    const attacker = await withdrawalOf();
    for (const body of [
      { about: 'withdrawal', orderNo: victim.orderNo },
      { about: 'deposit', orderNo: victim.orderNo },
      { about: 'bet', transId: victim.orderNo },
      { about: 'withdrawal' },
    ]) {
      const answer = await send(attacker.token, { text: 'hi', ...body });
      expect(answer.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(answer.message).not.toContain(victim.orderNo);
    }
    // Nothing was opened by the refused attempts; a visitor has no orders at all.
    expect((await call<{ total: number }>(server, 'main', SupportCall.conversations, {}, { token: attacker.token })).data.total).toBe(0);
    const visitor = await visitorToken(server);
    expect((await send(visitor, { text: 'hi', about: 'withdrawal', orderNo: victim.orderNo })).code).toBe('GW_800454');
    expect((await send(visitor, { text: 'hi', about: 'kyc' })).code).toBe('GW_800454');
  });

  it('stores a message sent again under its client message id once, however often and however concurrently it arrives', async () => {
    const token = await visitorToken(server);
    const clientMessageId = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => send(token, { clientMessageId, text: 'Sent while offline' })));
    const again = await send(token, { clientMessageId, text: 'Sent while offline' });
    const ids = new Set([...answers, again].map((a) => a.data.message.id));
    expect(ids.size).toBe(1);
    const conversationId = again.data.conversation.id;
    const [conversation] = await server.database.db
      .select()
      .from(supportConversations)
      .where(eq(supportConversations.publicId, conversationId));
    const stored = await server.database.db.select().from(supportMessages).where(eq(supportMessages.conversationId, conversation!.id));
    expect(stored).toHaveLength(1);
    const desk = await until(() => deskOf(conversationId), 'the desk has it');
    await until(async () => (await deskMessages(desk.id)).length === 1, 'the desk has the message once');
    await server.app.support.forwardDue();
    expect(await deskMessages(desk.id)).toHaveLength(1);
  });

  it('moves a visitor’s conversation to the player when that visitor logs in', async () => {
    const player = await registerPlayer(server);
    const visitor = await visitorToken(server);
    const asked = await send(visitor, { text: 'How do I withdraw?' });
    const login = await loginWithPasswordAs(visitor, player.phone.typed, player.password);
    expect(login.code, login.message).toBe('0000');
    const list = await call<{ list: SupportConversation[] }>(
      server,
      'main',
      SupportCall.conversations,
      {},
      { token: login.data.webToken.token },
    );
    expect(list.data.list.map((c) => c.id)).toEqual([asked.data.conversation.id]);
    const desk = await until(() => deskOf(asked.data.conversation.id), 'the desk has it');
    await until(
      async () => (await deskOf(asked.data.conversation.id))!.customAttributes['player'] === 'player',
      'the desk hears who it is',
    );
    expect(desk.sourceId).toBe(asked.data.conversation.id);
  });
});

/** A password login made with a visitor's token (the app sends the one it holds). */
async function loginWithPasswordAs(token: string, phone: string, password: string) {
  return call<{ webToken: { token: string } }>(
    server,
    'main',
    'userAuth/loginByPhoneV4',
    { phone: await encrypt(server, phone), password: await encrypt(server, password), captchaToken: await captcha(server) },
    { token },
  );
}

describe('pictures', () => {
  it('are fitted to 750 px, kept under an unguessable key and shown to the conversation’s owner and the desk only', async () => {
    const token = await visitorToken(server);
    const sent = await send(token, { image: dataUrl('image/png', makePng(1600, 800)) });
    expect(sent.code, sent.message).toBe('0000');
    const image = sent.data.message.image!;
    expect(image).toMatchObject({ width: 750, height: 375 });
    expect(image.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const own = await fetch(`${server.url}/media/support/${image.key}`, { headers: { token } });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await own.arrayBuffer())).metadata()).width).toBe(750);
    expect((await fetch(`${server.url}/media/support/${image.key}`, { headers: { token: await visitorToken(server) } })).status).toBe(404);
    expect((await fetch(`${server.url}/media/support/${image.key}`)).status).toBe(401);
    // The desk has the fitted picture, at its console.
    const desk = await until(() => deskOf(sent.data.conversation.id), 'the desk has it');
    const [message] = await until(async () => {
      const rows = await deskMessages(desk.id);
      return rows.length ? rows : undefined;
    }, 'the desk has the picture');
    const console = await fetch(`${server.url}/sim/support/attachments/${message!.id}`);
    expect(console.status).toBe(200);
    expect((await sharp(Buffer.from(await console.arrayBuffer())).metadata()).width).toBe(750);
  });

  it('are refused when their bytes are not a picture, or their header claims a pixel bomb', async () => {
    const token = await visitorToken(server);
    const text = await send(token, { image: dataUrl('image/png', Buffer.from('not a picture at all, only words')) });
    expect([text.status, text.code]).toEqual([400, 'GW_800491']);
    const bomb = await send(token, { image: dataUrl('image/png', pixelBomb()) });
    expect([bomb.status, bomb.code]).toEqual([400, 'GW_800491']);
    expect(bomb.message).toMatch(/too large/);
    expect((await call<{ conversation: unknown }>(server, 'main', SupportCall.current, {}, { token })).data.conversation).toBeNull();
  });
});

describe('business hours', () => {
  it('answers a message out of hours with the FAQ articles that match it, once an hour', async () => {
    setHours({ from: '09:00', to: '09:00', days: [1, 2, 3, 4, 5, 6, 7] });
    try {
      const token = await visitorToken(server);
      const heard = await listen(server.url, token);
      const hours = await call<{ hours: { open: boolean } }>(server, 'main', SupportCall.current, {}, { token });
      expect(hours.data.hours.open).toBe(false);
      await send(token, { text: 'What is the minimum withdrawal amount?' });
      await send(token, { text: 'Hello?' });
      const current = await call<{ messages: SupportMessage[] }>(server, 'main', SupportCall.current, {}, { token });
      const system = current.data.messages.filter((m) => m.author === 'system');
      expect(system).toHaveLength(1);
      expect(system[0]!.text).toMatch(/away right now/);
      expect(system[0]!.articles).toEqual([{ slug: 'min-max-deposit', title: 'Minimum and maximum deposit and withdrawal' }]);
      await until(() => heard.some((p) => p.kind === 'message' && p.message.author === 'system'), 'pushed');
    } finally {
      setHours({ from: '00:00', to: '24:00', days: [1, 2, 3, 4, 5, 6, 7] });
    }
  });
});

describe('the desk’s webhooks', () => {
  const secret = () => simulatorSecrets(server.config.secrets.captchaKeySecret).webhookSecret;

  async function deliver(payload: unknown, options: { deliveryId?: string; at?: number; sign?: (body: string, t: number) => string } = {}) {
    const body = JSON.stringify(payload);
    const t = Math.floor((options.at ?? Date.now()) / 1000);
    return fetch(`${server.url}/webhooks/support`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-chatwoot-signature': (options.sign ?? ((b, ts) => signWebhook(secret(), ts, b)))(body, t),
        'x-chatwoot-timestamp': String(t),
        'x-chatwoot-delivery': options.deliveryId ?? randomUUID(),
      },
      body,
    });
  }

  async function openConversation() {
    const token = await visitorToken(server);
    const sent = await send(token, { text: 'hello desk' });
    const desk = await until(() => deskOf(sent.data.conversation.id), 'the desk has it');
    return { token, publicId: sent.data.conversation.id, desk };
  }

  const agentMessage = (publicId: string, deskId: number, id: number, content: string, at: Date) => ({
    event: 'message_created',
    id,
    content,
    message_type: 'outgoing',
    private: false,
    created_at: at.toISOString(),
    sender: { name: 'Ben', type: 'user' },
    conversation: { id: deskId, status: 'open', custom_attributes: { panalo_conversation: publicId } },
  });
  const statusOf = (publicId: string, deskId: number, status: string, at: Date, assignee: string | null) => ({
    event: 'conversation_status_changed',
    id: deskId,
    status,
    updated_at: at.toISOString(),
    custom_attributes: { panalo_conversation: publicId },
    meta: { assignee: assignee ? { name: assignee } : null },
  });

  it('are refused unsigned, badly signed or stale, and nothing of them is applied', async () => {
    const { token, publicId, desk } = await openConversation();
    const payload = agentMessage(publicId, desk.id, 90_001, 'forged', new Date());
    expect((await deliver(payload, { sign: () => 'sha256=' + '0'.repeat(64) })).status).toBe(401);
    expect((await deliver(payload, { sign: (body, t) => signWebhook('another secret', t, body) })).status).toBe(401);
    expect((await deliver(payload, { at: Date.now() - 10 * 60_000 })).status).toBe(401);
    const current = await call<{ messages: SupportMessage[] }>(server, 'main', SupportCall.current, {}, { token });
    expect(current.data.messages.map((m) => m.text)).toEqual(['hello desk']);
    const refused = await server.database.db
      .select()
      .from(paymentWebhookEvents)
      .where(and(eq(paymentWebhookEvents.provider, 'support'), eq(paymentWebhookEvents.verdict, 'bad-signature')));
    expect(refused.length).toBeGreaterThanOrEqual(3);
  });

  it('apply a delivery once however many copies arrive, and a message once under two deliveries', async () => {
    const { token, publicId, desk } = await openConversation();
    const payload = agentMessage(publicId, desk.id, 90_002, 'only once', new Date());
    const deliveryId = randomUUID();
    const statuses = [await deliver(payload, { deliveryId }), await deliver(payload, { deliveryId }), await deliver(payload)].map(
      (r) => r.status,
    );
    expect(statuses).toEqual([200, 200, 200]);
    const current = await call<{ messages: SupportMessage[] }>(server, 'main', SupportCall.current, {}, { token });
    expect(current.data.messages.filter((m) => m.text === 'only once')).toHaveLength(1);
    const [row] = await server.database.db
      .select()
      .from(paymentWebhookEvents)
      .where(and(eq(paymentWebhookEvents.provider, 'support'), eq(paymentWebhookEvents.eventId, deliveryId)));
    expect(row!.copies).toBe(2);
  });

  it('apply the desk’s changes in the desk’s order of time, whatever order they arrive in', async () => {
    const { token, publicId, desk } = await openConversation();
    const t0 = Date.now();
    // Closed at t0+2 s arrives first; taken at t0+1 s arrives after it and changes nothing.
    expect((await deliver(statusOf(publicId, desk.id, 'resolved', new Date(t0 + 2_000), 'Ben'))).status).toBe(200);
    expect((await deliver(statusOf(publicId, desk.id, 'open', new Date(t0 + 1_000), 'Ben'))).status).toBe(200);
    // Two answers arriving newest first are listed in the desk's order.
    expect((await deliver(agentMessage(publicId, desk.id, 90_004, 'second', new Date(t0 + 600)))).status).toBe(200);
    expect((await deliver(agentMessage(publicId, desk.id, 90_003, 'first', new Date(t0 + 500)))).status).toBe(200);
    const current = await call<{ conversation: SupportConversation; messages: SupportMessage[] }>(
      server,
      'main',
      SupportCall.current,
      {},
      { token },
    );
    expect(current.data.conversation.status).toBe('closed');
    expect(current.data.messages.map((m) => m.text)).toEqual(['hello desk', 'first', 'second']);
  });
});

describe('two instances', () => {
  let b: FastifyInstance;
  let bUrl: string;
  /** Instance B as a TestServer: the same signed calls, to B's port. */
  let onB: TestServer;

  beforeAll(async () => {
    b = await buildApp(server.config, {
      logger: false,
      database: server.database,
      feed: server.app.feed,
      captchaDifficulty: { min: 1, max: 20 },
      jobs: { run: false },
    });
    // RabbitMQ's fanout between them, in memory (server/realtime/playerLink.ts carries the same JSON).
    const listeners: ((event: PlayerEvent) => void)[] = [];
    const link = (): PlayerEventsTransport => ({
      send(event) {
        const wire = JSON.stringify(event);
        for (const deliver of listeners) deliver(JSON.parse(wire) as PlayerEvent);
        return true;
      },
      listen: (deliver) => void listeners.push(deliver),
    });
    server.app.playerEvents.crossInstances(link());
    b.playerEvents.crossInstances(link());
    await b.listen({ port: 0, host: '127.0.0.1' });
    const address = b.server.address();
    bUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    onB = {
      ...server,
      url: bUrl,
      app: b,
      post: (prefix, name, body = {}, options = {}) => {
        const text = JSON.stringify(body);
        const qid = randomUUID();
        const token = options.token ?? '';
        const sign = computeSign(server.config.appKey, { body: text, qid, appId: APP_ID, version: APP_VERSION, token });
        return fetch(`${bUrl}${API_PREFIXES[prefix]}/${name}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Qid: qid, AppId: APP_ID, token, Sign: sign, ...options.headers },
          body: text,
        });
      },
    };
  });

  afterAll(async () => {
    await b?.close();
  });

  it('deliver the agent’s answer made on A to the player’s socket on B, and the player’s message sent on B to the desk', async () => {
    const token = await visitorToken(server);
    const heardOnB = await listen(bUrl, token);
    const heardOnA = await listen(server.url, token);
    const sent = await send(token, { text: 'sent on B' }, onB);
    expect(sent.code, sent.message).toBe('0000');
    const desk = await until(() => deskOf(sent.data.conversation.id), 'the desk has it');
    await until(async () => (await deskMessages(desk.id)).some((m) => m.content === 'sent on B'), 'the desk has the message');
    await agent('reply', desk.id, { agent: 'Cara', content: 'Answered on A' });
    for (const heard of [heardOnB, heardOnA]) {
      await until(
        () => heard.some((p) => p.kind === 'message' && p.message.author === 'agent' && p.message.text === 'Answered on A'),
        'every socket of the visitor hears the answer',
      );
      expect(heard.some((p) => p.kind === 'message' && p.message.text === 'sent on B')).toBe(true);
    }
  });
});
