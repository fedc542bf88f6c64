import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { APP_KEY_META } from '../../src/contract/sign';
import type { SiteInfo } from '../../src/contract/site';
import type { SportTypeId } from '../../src/contract/sports';
import { DATA_SAVER_HINTS, requestSavesData } from '../../src/lib/dataSaver';
import {
  EMPTY_INFO,
  type ListSource,
  allowInlineStyles,
  inlineStyleHashes,
  inlineScriptHashes,
  pageVariant,
  allowInlineScripts,
  rowsPolicyHashes,
  readFirstPaintInfo,
  routeMatcher,
} from './firstPaint';
import { type GameListSource, gameListSource } from './firstTiles';

/**
 * Serves the built PWA. A file's caching rule is a property of its address, never of the bytes chosen
 * for this client: the same for a plain, a brotli and a gzip answer (the precompressed file on disk is
 * only another encoding of the same address). Files named by their content hash (`/assets/`) never
 * change, so they are kept for a year. Every other file (the HTML, the service worker, the web
 * manifest, icons, avatars, images) can change at any deploy under the same address, so it is stored
 * but revalidated on every use: unchanged, that costs a 304 without a body; changed, the player gets
 * it at once instead of a mix of old and new for an hour that no one can purge from their browser. The
 * installed app barely pays even that: its service worker serves the shell and its icons from its
 * precache. Assets are sent brotli- or gzip-compressed from files made at build time. The HTML carries
 * this deployment's app key and is made for the address asked (./firstPaint.ts: its prerendered shell,
 * the route's preloads, the first list snapshots of /sports and /foryou), so its ETag is that of the
 * bytes sent for that address; each variant is compressed once when first sent (a variant with
 * snapshots is rebuilt at most once a second).
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

/** The caching rule of a file of the build, by its path (the file asked for, whatever encoding is sent). */
export function cacheControlFor(path: string): string {
  return path.startsWith('/assets/') ? IMMUTABLE : NO_CACHE;
}

interface Shell {
  identity: Buffer;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
  /** Epoch ms until which this build of the page is reused. */
  until: number;
}

/** The page with this deployment's app key in its meta tag, which the Sign of every call is keyed with. */
export function withAppKey(html: string, appKey: string): string {
  return html.replace(
    new RegExp(`<meta name="${APP_KEY_META}" content="[^"]*"\\s*/?>`),
    `<meta name="${APP_KEY_META}" content="${appKey}" />`,
  );
}

/** At most this many builds of the page are kept (one per route and list set in practice: a few dozen). */
const MAX_PAGES = 500;

function pageOf(html: string, until: number): Shell {
  const identity = Buffer.from(html);
  return { identity, until, etag: `"${createHash('sha1').update(identity).digest('base64url').slice(0, 16)}"` };
}

/** The encoding sent, made on first need: a page kept for ever is worth the best brotli, one kept a second a fast one. */
function encoded(page: Shell, encoding: 'br' | 'gzip'): Buffer {
  const lasting = page.until === Infinity;
  if (encoding === 'br') {
    page.br ??= brotliCompressSync(page.identity, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: lasting ? 11 : 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: page.identity.length },
    });
    return page.br;
  }
  page.gzip ??= gzipSync(page.identity, { level: lasting ? 9 : 6 });
  return page.gzip;
}

export const staticPlugin = fp<{ distDir: string; appKey: string; lists?: ListSource; siteInfo?: () => SiteInfo; games?: GameListSource }>(
  async (app: FastifyInstance, options) => {
    const file = join(options.distDir, 'index.html');
    const html = existsSync(file) ? withAppKey(readFileSync(file, 'utf8'), options.appKey) : undefined;
    // Built once: the route map from the build manifest, and the hash of the shell's inline style.
    const info = html ? readFirstPaintInfo(options.distDir) : EMPTY_INFO;
    const routeOf = routeMatcher(info);
    const rowsHashes = rowsPolicyHashes(info);
    const styleHashes = html ? [...inlineStyleHashes(html), ...rowsHashes.styles] : [];
    const scriptHashes = html ? [...inlineScriptHashes(html), ...rowsHashes.scripts] : [];
    // Without a list source of its own, the snapshots come from the server's feed (as saba/queryCompressedMatchList answers them).
    const lists: ListSource | undefined =
      options.lists ??
      (app.hasDecorator('feed') ? (query) => app.feed.listSnapshot(query.sportTypeId as SportTypeId, query.mode, query.dateId) : undefined);
    // The games lobby's first tiles and catalogue come from the games module's public lists.
    const games: GameListSource | undefined =
      options.games ?? (html && app.hasDecorator('games') ? gameListSource(() => app.games.publicLists()) : undefined);
    // Read once the server is ready (after the games module started its catalogue's refresh), so the first visitor gets the tiles.
    if (games)
      app.addHook('onReady', async () => {
        games();
      });
    const pages = new Map<string, Shell>();

    /** The page for this address: built once (a page with snapshots at most once a second), then kept. */
    const pageFor = (url: string, saveData: boolean): Shell | undefined => {
      if (!html) return undefined;
      const variant = pageVariant(html, url, info, routeOf, lists, options.siteInfo?.(), games, saveData);
      const now = Date.now();
      const kept = pages.get(variant.key);
      if (kept && kept.until > now) return kept;
      const page = pageOf(variant.build(), now + variant.ttlMs);
      if (pages.size >= MAX_PAGES) pages.clear();
      pages.set(variant.key, page);
      return page;
    };

    const sendShell = (request: FastifyRequest, reply: FastifyReply) => {
      const shell = pageFor(request.url, requestSavesData(request.headers));
      if (!shell) {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('The app is not built yet. Run `npm start` (it builds first) or `npm run build`.');
      }
      allowInlineStyles(reply, styleHashes);
      allowInlineScripts(reply, scriptHashes);
      // The page differs with data saver (the player's choice in a cookie, else the browser's Save-Data or a
      // 2G/3G effective connection): the browser is asked for those hints, and ECT is critical: a Chromium
      // that did not send it (its first visit) asks again at once with it, so a first visit on 3G gets the
      // light page too, at the price of one round trip on that first visit only.
      reply
        .header('Cache-Control', NO_CACHE)
        .header('Accept-CH', DATA_SAVER_HINTS.join(', '))
        .header('Critical-CH', 'ECT')
        .header('Vary', `Accept-Encoding, ${DATA_SAVER_HINTS.join(', ')}, Cookie`)
        .header('ETag', shell.etag)
        .type('text/html; charset=utf-8');
      if (request.headers['if-none-match'] === shell.etag) return reply.status(304).send();
      const accepts = String(request.headers['accept-encoding'] ?? '');
      if (/\bbr\b/.test(accepts)) return reply.header('Content-Encoding', 'br').send(encoded(shell, 'br'));
      if (/\bgzip\b/.test(accepts)) return reply.header('Content-Encoding', 'gzip').send(encoded(shell, 'gzip'));
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
  },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers with the app's HTML page (the single-page app's every address). */
    sendShell(request: FastifyRequest, reply: FastifyReply): FastifyReply;
  }
}
