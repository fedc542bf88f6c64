import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NEWS_ID, NEWS_INDEX_URL } from '../../../src/contract/news';
import { IMMUTABLE, NO_CACHE } from '../../plugins/static';
import type { NewsFile, NewsService } from './service';

/**
 * The news as static files (spec §7: "static script files … for news"), the same for every reader:
 *   /static/news/index.json   the published articles' cards, newest first
 *   /static/news/<id>.json    one article
 *   /static/news/images/<f>   an article's picture (named by its bytes, kept a year)
 * Revalidated on every use (no-cache, ETag: unchanged costs a 304); the service worker keeps the ones a
 * reader opened, so they read offline.
 */
const notFound = (reply: FastifyReply) =>
  reply.status(404).type('text/plain; charset=utf-8').header('Cache-Control', NO_CACHE).send('Not found');

function send(request: FastifyRequest, reply: FastifyReply, file: NewsFile) {
  reply.header('Cache-Control', NO_CACHE).header('ETag', file.etag).type('application/json; charset=utf-8');
  const match = request.headers['if-none-match'];
  if (typeof match === 'string' && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === file.etag)) {
    return reply.status(304).send();
  }
  return reply.send(file.json);
}

export async function newsRoutes(app: FastifyInstance, options: { service: NewsService }) {
  const { service } = options;
  app.get(NEWS_INDEX_URL, async (request, reply) => send(request, reply, service.index()));
  app.get<{ Params: { file: string } }>('/static/news/:file', async (request, reply) => {
    const id = /^(.+)\.json$/.exec(request.params.file)?.[1];
    const file = id && NEWS_ID.test(id) ? service.article(id) : undefined;
    return file ? send(request, reply, file) : notFound(reply);
  });
  // An article's picture: named by its bytes, so a name never changes content (kept a year).
  app.get<{ Params: { file: string } }>('/static/news/images/:file', async (request, reply) => {
    const image = service.image(request.params.file);
    if (!image) return notFound(reply);
    return reply.header('Cache-Control', IMMUTABLE).header('X-Content-Type-Options', 'nosniff').type(image.contentType).send(image.data);
  });
  app.get('/static/news/*', async (_request, reply) => notFound(reply));
}
