import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import ece from 'http_ece';
import { importJWK, jwtVerify } from 'jose';
import type { SimulatorStore } from '../payments/store';

/**
 * A development push service (never in production, like the payment simulators): /dev/push makes a
 * "browser" (a P-256 key pair and an auth secret, kept in the simulators' store, so every instance and a
 * restart know it) whose subscription points back here. What the server sends to it is checked as a
 * push service would (the VAPID JWT signed by the key it names, for this origin) and decrypted with the
 * browser's keys (http_ece, aes128gcm), so a test reads what the player would be told. A browser can be
 * told to answer another status (404, 410, 500…) to exercise pruning and retries.
 */
export interface DevPushBrowser {
  /** The browser's private key (base64url); the public half is the subscription's p256dh. */
  privateKey: string;
  p256dh: string;
  auth: string;
  /** What the endpoint answers; 201 stores the message. */
  answer: number;
  /** The VAPID public key of the last accepted send. */
  vapidKey: string | null;
  messages: DevPushMessage[];
}

export interface DevPushMessage {
  receivedAt: number;
  ttl: number | null;
  urgency: string | null;
  topic: string | null;
  /** The decrypted payload, as text (the server sends JSON). */
  text: string;
}

const KEEP_MESSAGES = 50;

export async function devPushEndpoint(app: FastifyInstance, options: { store: SimulatorStore; clock: () => number }) {
  const { store, clock } = options;
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  /** A new browser: its id and the subscription (endpoint and keys) as PushSubscription.toJSON() gives it. */
  app.post<{ Body: { answer?: number } | null }>('/dev/push/browsers', async (request) => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const id = randomUUID();
    const data: DevPushBrowser = {
      privateKey: ecdh.getPrivateKey('base64url'),
      p256dh: ecdh.getPublicKey('base64url'),
      auth: randomBytes(16).toString('base64url'),
      answer: request.body?.answer ?? 201,
      vapidKey: null,
      messages: [],
    };
    await store.insert('pushBrowser', { id, dueAt: null, data });
    const origin = `${request.protocol}://${request.headers.host}`;
    return { id, subscription: { endpoint: `${origin}/dev/push/endpoint/${id}`, keys: { p256dh: data.p256dh, auth: data.auth } } };
  });

  /** What a browser has received (newest last). */
  app.get<{ Params: { id: string } }>('/dev/push/browsers/:id', async (request, reply) => {
    const browser = await store.get('pushBrowser', request.params.id);
    if (!browser) return reply.code(404).send({ error: 'no such browser' });
    return { answer: browser.data.answer, vapidKey: browser.data.vapidKey, messages: browser.data.messages };
  });

  /** From now on the endpoint answers this status (410: the browser unsubscribed). */
  app.post<{ Params: { id: string }; Body: { answer: number } }>('/dev/push/browsers/:id/answer', async (request, reply) => {
    const answer = Number(request.body?.answer);
    if (!Number.isInteger(answer) || answer < 200 || answer > 599) return reply.code(400).send({ error: 'answer must be an HTTP status' });
    const found = await store.transaction(async (tx) => {
      const browser = await tx.get('pushBrowser', request.params.id);
      if (!browser) return false;
      await tx.put('pushBrowser', { ...browser, data: { ...browser.data, answer } });
      return true;
    });
    return found ? { answer } : reply.code(404).send({ error: 'no such browser' });
  });

  /** The push endpoint itself: what web-push POSTs (RFC 8030 with RFC 8291 encryption and RFC 8292 VAPID). */
  app.post<{ Params: { id: string } }>('/dev/push/endpoint/:id', async (request, reply) => {
    const outcome = await store.transaction(async (tx) => {
      const browser = await tx.get('pushBrowser', request.params.id);
      if (!browser) return { status: 404, error: 'no such subscription' };
      if (browser.data.answer !== 201) return { status: browser.data.answer, error: 'answering as told' };
      const vapidKey = await verifyVapid(request.headers.authorization, `${request.protocol}://${request.headers.host}`, clock);
      if (!vapidKey) return { status: 403, error: 'VAPID authorization missing or invalid' };
      if (request.headers['content-encoding'] !== 'aes128gcm') return { status: 415, error: 'aes128gcm only' };
      const body = request.body;
      if (!Buffer.isBuffer(body)) return { status: 400, error: 'no body' };
      const ecdh = createECDH('prime256v1');
      ecdh.setPrivateKey(Buffer.from(browser.data.privateKey, 'base64url'));
      let text: string;
      try {
        text = ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: browser.data.auth }).toString('utf8');
      } catch {
        return { status: 400, error: 'the payload does not decrypt with this subscription’s keys' };
      }
      const header = (name: string) => (typeof request.headers[name] === 'string' ? (request.headers[name] as string) : null);
      const message: DevPushMessage = {
        receivedAt: clock(),
        ttl: header('ttl') === null ? null : Number(header('ttl')),
        urgency: header('urgency'),
        topic: header('topic'),
        text,
      };
      const messages = [...browser.data.messages, message].slice(-KEEP_MESSAGES);
      await tx.put('pushBrowser', { ...browser, data: { ...browser.data, vapidKey, messages } });
      return { status: 201 };
    });
    if (outcome.status !== 201) return reply.code(outcome.status).send({ error: outcome.error });
    return reply.code(201).header('Location', `/dev/push/browsers/${request.params.id}`).send();
  });
}

/**
 * `vapid t=<JWT>, k=<public key>` (RFC 8292): the JWT is ES256-signed by k, for this origin (aud), not
 * expired and naming a contact (sub). Answers the key, or undefined.
 */
async function verifyVapid(authorization: string | undefined, audience: string, clock: () => number): Promise<string | undefined> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) return undefined;
  const [, token, key] = match as unknown as [string, string, string];
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return undefined;
  try {
    const publicKey = await importJWK(
      { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
      'ES256',
    );
    const { payload } = await jwtVerify(token, publicKey, { audience, algorithms: ['ES256'], currentDate: new Date(clock()) });
    return typeof payload.sub === 'string' && /^(mailto:|https:)/.test(payload.sub) ? key : undefined;
  } catch {
    return undefined;
  }
}
