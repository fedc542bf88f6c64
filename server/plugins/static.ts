import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { APP_KEY_META } from '../../src/contract/sign';

/**
 * Serves the built PWA. Hashed assets are immutable for a year; HTML, the service worker and the web
 * manifest are revalidated on every load so an update reaches players at once. Assets are sent
 * brotli- or gzip-compressed from files made at build time; the HTML (which carries this deployment's
 * app key) is compressed once at start.
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';
const SHORT = 'public, max-age=3600';

function cacheControlFor(path: string): string {
  if (path.startsWith('/assets/')) return IMMUTABLE;
  if (
    path === '/sw.js' ||
    path.endsWith('.html') ||
    path.endsWith('.webmanifest') ||
    path.startsWith('/workbox-') ||
    path.startsWith('/static/')
  )
    return NO_CACHE;
  return SHORT;
}

interface Shell {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

function buildShell(distDir: string, appKey: string): Shell | undefined {
  const file = join(distDir, 'index.html');
  if (!existsSync(file)) return undefined;
  const html = readFileSync(file, 'utf8').replace(
    new RegExp(`<meta name="${APP_KEY_META}" content="[^"]*"\\s*/?>`),
    `<meta name="${APP_KEY_META}" content="${appKey}" />`,
  );
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
      setHeaders: (res, path) => {
        const relative = path.slice(options.distDir.length).replaceAll('\\', '/');
        res.header('Cache-Control', cacheControlFor(relative));
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
