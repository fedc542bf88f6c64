import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GAME_LIST_INDEX_URL } from '../../../src/contract/games';
import { IMMUTABLE, NO_CACHE } from '../../plugins/static';
import type { CatalogueStore, EncodedFile } from './store';
import { thumbnailSvg } from './thumbs';

/**
 * The game lists as static files (spec §7 "static script files … for game lists"): the index, revalidated
 * on every use (no-cache, ETag = its version: unchanged costs a 304), the chunks of a version (immutable:
 * a version's chunks never change), and the thumbnails drawn from each game's theme. Gray platforms are
 * never in the public index, so these files are the same for everyone; a gray-listed player's lists
 * (game/queryGameList) are another version, served here as well.
 */

const CHUNK_FILE = /^(\d{1,4})\.json$/;
const VERSION = /^[0-9a-f]{16}$/;
const THUMB_FILE = /^([1-9]\d{0,15})\.svg$/;

const notFound = (reply: FastifyReply) =>
  reply.status(404).type('text/plain; charset=utf-8').header('Cache-Control', NO_CACHE).send('Not found');

function etagMatches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (typeof header !== 'string') return false;
  return header === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

function sendEncoded(request: FastifyRequest, reply: FastifyReply, file: EncodedFile) {
  reply.header('Vary', 'Accept-Encoding');
  const accepts = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepts)) return reply.header('Content-Encoding', 'br').send(file.br);
  if (/\bgzip\b/.test(accepts)) return reply.header('Content-Encoding', 'gzip').send(file.gzip);
  return reply.send(file.identity);
}

export async function gameStaticRoutes(app: FastifyInstance, options: { store: CatalogueStore }) {
  const { store } = options;

  app.get(GAME_LIST_INDEX_URL, async (request, reply) => {
    const lists = await store.lists(false);
    const etag = `"${lists.version}"`;
    reply.header('Cache-Control', NO_CACHE).header('ETag', etag).type('application/json; charset=utf-8');
    if (etagMatches(request, etag)) return reply.status(304).send();
    return reply.send(JSON.stringify(lists.index));
  });

  // Nothing else lives under /static/games/: a plain 404, never the app's page.
  app.get('/static/games/*', async (_request, reply) => notFound(reply));

  app.get<{ Params: { version: string; chunk: string } }>('/static/games/:version/:chunk', async (request, reply) => {
    const n = CHUNK_FILE.exec(request.params.chunk)?.[1];
    if (!VERSION.test(request.params.version) || n === undefined) return notFound(reply);
    const file = await store.chunk(request.params.version, Number(n));
    if (!file) return notFound(reply);
    const etag = `"${request.params.version}-${n}"`;
    reply.header('Cache-Control', IMMUTABLE).header('ETag', etag).type('application/json; charset=utf-8');
    if (etagMatches(request, etag)) return reply.status(304).send();
    return sendEncoded(request, reply, file);
  });

  app.get<{ Params: { file: string }; Querystring: { v?: string } }>('/static/games/thumbs/:file', async (request, reply) => {
    const id = THUMB_FILE.exec(request.params.file)?.[1];
    const game = id === undefined ? undefined : (await store.current()).byId.get(Number(id));
    if (!game) return notFound(reply);
    const svg = thumbnailSvg(game.game);
    const hash = createHash('sha256').update(svg).digest('hex');
    const etag = `"${hash.slice(0, 16)}"`;
    // The lists name the thumbnail with its hash (?v=): that address never changes. Any other is revalidated.
    const exact = typeof request.query.v === 'string' && request.query.v === hash.slice(0, 10);
    reply
      .header('Cache-Control', exact ? IMMUTABLE : NO_CACHE)
      .header('ETag', etag)
      .type('image/svg+xml; charset=utf-8');
    if (etagMatches(request, etag)) return reply.status(304).send();
    return reply.send(svg);
  });
}
