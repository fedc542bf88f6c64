import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../../db';
import { outbox } from '../../db/schema';
import { type MailAccepted, type MailEvent, type MailMessage, checkMailSignature, signMail } from './api';

/** Addresses at this domain bounce (the simulator's magic recipient, to see a bounce end to end). */
export const BOUNCING_DOMAIN = 'bounce.test';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface MailSimulatorOptions {
  db: Database;
  secret: string;
  now: () => number;
  log: FastifyBaseLogger;
  /** POSTs a signed delivery event to our webhook; answers its HTTP status. */
  deliverEvent: (event: { headers: Record<string, string>; body: string }) => Promise<number>;
}

/**
 * The transactional-mail provider's simulator (development and tests only): `POST /sim/mail/v1/messages`
 * checks the signature, "sends" the message into the development outbox (/dev/outbox) and answers its
 * id; then, as a real provider does, it reports the delivery as a signed event to /webhooks/mail:
 * `delivered`, or `bounced` for an address at bounce.test. A webhook not answered 2xx is sent once more.
 */
export async function mailSimulator(app: FastifyInstance, options: MailSimulatorOptions) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 262_144 }, (_request, body, done) => done(null, body));

  async function report(event: MailEvent) {
    const body = JSON.stringify(event);
    for (let attempt = 1; attempt <= 2; attempt++) {
      try {
        const status = await options.deliverEvent({
          headers: { 'content-type': 'application/json', 'x-mail-signature': signMail(body, options.secret, options.now()) },
          body,
        });
        if (status >= 200 && status < 300) return;
        options.log.warn({ status, eventId: event.eventId, attempt }, 'mail simulator: delivery event refused');
      } catch (error) {
        options.log.warn({ err: error, eventId: event.eventId, attempt }, 'mail simulator: delivery event failed');
      }
    }
  }

  app.post('/sim/mail/v1/messages', async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const header = request.headers['x-mail-signature'];
    const verdict = checkMailSignature(typeof header === 'string' ? header : undefined, raw, options.secret, options.now());
    if (verdict !== 'ok') return reply.status(401).send({ error: 'signature', message: `signature ${verdict}` });
    let message: Partial<MailMessage>;
    try {
      message = JSON.parse(raw) as Partial<MailMessage>;
    } catch {
      return reply.status(400).send({ error: 'json', message: 'the body is not JSON' });
    }
    const { to, subject, text } = message;
    if (typeof to !== 'string' || !EMAIL.test(to) || typeof subject !== 'string' || typeof text !== 'string') {
      return reply.status(422).send({ error: 'invalid_message', message: 'to, subject and text are required; to must be an address' });
    }
    const id = `msg_${randomUUID()}`;
    await options.db
      .insert(outbox)
      .values({ channel: 'email', recipient: to, body: `${subject}\n\n${text}`, messageId: id, delivery: 'queued' });
    const bounced = to.toLowerCase().endsWith(`@${BOUNCING_DOMAIN}`);
    const event: MailEvent = {
      eventId: `evt_${randomUUID()}`,
      type: bounced ? 'bounced' : 'delivered',
      messageId: id,
      recipient: to,
      occurredAt: new Date(options.now()).toISOString(),
      ...(bounced ? { reason: '550 5.1.1 mailbox does not exist' } : {}),
    };
    // After the answer, as a provider reports delivery later, out of the request that sent it.
    setImmediate(() => void report(event));
    const accepted: MailAccepted = { id, status: 'queued' };
    return reply.status(202).send(accepted);
  });
}
