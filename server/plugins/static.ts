import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { APP_KEY_META } from '../../src/contract/sign';

/**
 * Serves the built PWA. A file's caching rule is a property of its address, never of the bytes chosen
 * for this client: the same for a plain, a brotli and a gzip answer (the precompressed file on disk is
 * only another encoding of the same address). Files named by their content hash (`/assets/`) never
 * change, so they are kept for a year. Every other file (the HTML, the service worker, the web
 * manifest, icons, avatars, images) can change at any deploy under the same address, so it is stored
 * but revalidated on every use: unchanged, that costs a 304 without a body; changed, the player gets
 * it at once instead of a mix of old and new for an hour that no one can purge from their browser. The
 * installed app barely pays even that: its service worker serves the shell and its icons from its
 * precache. Assets are sent brotli- or gzip-compressed from files made at build time; the HTML (which
 * carries this deployment's app key) is compressed once at start.
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

/** The caching rule of a file of the build, by its path (the file asked for, whatever encoding is sent). */
export function cacheControlFor(path: string): string {
  return path.startsWith('/assets/') ? IMMUTABLE : NO_CACHE;
}

interface Shell {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/** The page with this deployment's app key in its meta tag, which the Sign of every call is keyed with. */
export function withAppKey(html: string, appKey: string): string {
  return html.replace(
    new RegExp(`<meta name="${APP_KEY_META}" content="[^"]*"\\s*/?>`),
    `<meta name="${APP_KEY_META}" content="${appKey}" />`,
  );
}

function buildShell(distDir: string, appKey: string): Shell | undefined {
  const file = join(distDir, 'index.html');
  if (!existsSync(file)) return undefined;
  const html = withAppKey(readFileSync(file, 'utf8'), appKey);
  const identity = Buffer.from(html);
  return {
    identity,
    br: brotliCompressSync(identity),
    gzip: gzipSync(identity, { level: 9 }),
    etag: `"${createHash('sha1').update(identity).digest('base64url').slice(0, 16)}"`,
  };
}

export const staticPlugin = fp<{ distDir: string; appKey: string }>(async (app: FastifyInstance, options) => {
  const shell = buildShell(options.distDir, options.appKey);

  const sendShell = (request: FastifyRequest, reply: FastifyReply) => {
    if (!shell) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The app is not built yet. Run `npm start` (it builds first) or `npm run build`.');
    }
    reply.header('Cache-Control', NO_CACHE).header('Vary', 'Accept-Encoding').header('ETag', shell.etag).type('text/html; charset=utf-8');
    if (request.headers['if-none-match'] === shell.etag) return reply.status(304).send();
    const accepts = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepts)) return reply.header('Content-Encoding', 'br').send(shell.br);
    if (/\bgzip\b/.test(accepts)) return reply.header('Content-Encoding', 'gzip').send(shell.gzip);
    return reply.send(shell.identity);
  };

  app.get('/', sendShell);
  app.get('/index.html', sendShell);

  if (existsSync(options.distDir)) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      index: false,
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      dotfiles: 'deny',
      // `path` is the file sent: with preCompressed, the .br or .gz beside the one asked for. The rule is
      // that of the file asked for.
      setHeaders: (reply, path) => {
        const asked = path
          .slice(options.distDir.length)
          .replaceAll('\\', '/')
          .replace(/\.(br|gz)$/, '');
        reply.header('Cache-Control', cacheControlFor(asked));
      },
    });
  }

  app.decorate('sendShell', sendShell);
});

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers with the app's HTML page (the single-page app's every address). */
    sendShell(request: FastifyRequest, reply: FastifyReply): FastifyReply;
  }
}
