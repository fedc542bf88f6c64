import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HEADER } from '../../../src/contract/sign';
import { SupportAnswer, SupportBody, SupportCall } from '../../../src/contract/support';
import type { SessionCallContext, SessionResolver } from '../../plugins/contract';
import type { SupportCaller, SupportService } from './service';

/**
 * The support chat's calls (auth 'session': a visitor with its token, or a player; identity from the
 * session only), the chat's pictures at /media/support/<key> for their conversation's owner, and the
 * help desk's webhooks at POST /webhooks/support.
 */

/** Webhook bodies are small JSON documents; anything larger is not from the desk. */
const WEBHOOK_BODY_LIMIT = 262_144;

function languageOf(request: FastifyRequest): string {
  const lang = request.headers[HEADER.lang.toLowerCase()];
  return lang === 'cn' ? 'cn' : 'en';
}

const callerOf = (ctx: SessionCallContext<unknown>): SupportCaller => ({
  customerId: ctx.customerId,
  sessionId: ctx.session.id,
  language: languageOf(ctx.request),
});

export async function supportRoutes(app: FastifyInstance, options: { service: SupportService; sessions: SessionResolver }) {
  const { service } = options;

  app.call({
    prefix: 'main',
    name: SupportCall.current,
    auth: 'session',
    body: SupportBody.current,
    answer: SupportAnswer.current,
    handler: (ctx) => service.current(callerOf(ctx), ctx.body),
  });

  app.call({
    prefix: 'main',
    name: SupportCall.send,
    auth: 'session',
    body: SupportBody.send,
    answer: SupportAnswer.send,
    handler: (ctx) => service.send(callerOf(ctx), ctx.body),
  });

  app.call({
    prefix: 'main',
    name: SupportCall.history,
    auth: 'session',
    body: SupportBody.history,
    answer: SupportAnswer.history,
    handler: (ctx) => service.history(callerOf(ctx), ctx.body.conversationId, ctx.body.beforeId),
  });

  app.call({
    prefix: 'main',
    name: SupportCall.conversations,
    auth: 'session',
    body: SupportBody.conversations,
    answer: SupportAnswer.conversations,
    handler: (ctx) => service.conversations(callerOf(ctx), ctx.body.pageNo),
  });

  app.call({
    prefix: 'main',
    name: SupportCall.markRead,
    auth: 'session',
    body: SupportBody.markRead,
    answer: SupportAnswer.markRead,
    handler: (ctx) => service.markRead(callerOf(ctx), ctx.body.conversationId, ctx.body.upTo),
  });

  app.call({
    prefix: 'main',
    name: SupportCall.typing,
    auth: 'session',
    body: SupportBody.typing,
    answer: SupportAnswer.typing,
    handler: (ctx) => service.typing(callerOf(ctx), ctx.body.typing),
  });

  app.call({
    prefix: 'main',
    name: SupportCall.rate,
    auth: 'session',
    body: SupportBody.rate,
    answer: SupportAnswer.rate,
    handler: (ctx) => service.rate(callerOf(ctx), ctx.body),
  });

  // A chat picture, to its conversation's owner only (the token header, as every call): 401 without a
  // valid session, 404 for anyone else's or none.
  app.get<{ Params: { key: string } }>('/media/support/:key', async (request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    const token = request.headers[HEADER.token.toLowerCase()];
    const session = typeof token === 'string' && token ? await options.sessions.resolve(token).catch(() => undefined) : undefined;
    if (!session) return reply.status(401).type('text/plain; charset=utf-8').send('Please refresh the page.');
    const caller = { customerId: session.customerId, sessionId: session.id, language: 'en' };
    const picture = await service.media(caller, request.params.key);
    if (!picture) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    return reply.type(picture.contentType).send(picture.data);
  });

  await app.register(webhookRoute, { service });
}

/** POST /webhooks/support: the raw body (a parser of this scope only), verified before anything is parsed. */
async function webhookRoute(app: FastifyInstance, options: { service: SupportService }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
  app.post('/webhooks/support', async (request, reply) => {
    const raw = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '';
    const headers: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(request.headers)) headers[name] = Array.isArray(value) ? value.join(',') : value;
    reply.header('Cache-Control', 'no-store');
    const status = await options.service.receiveWebhook(raw, headers);
    return reply.status(status).send(status < 300 ? { received: true } : { received: false });
  });
}
