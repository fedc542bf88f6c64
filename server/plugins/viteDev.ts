import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createServer } from 'vite';
import { STOMP_PATH } from '../../src/contract/feed';
import type { routeInfo as RouteInfo } from '../../scripts/vite-first-paint';
import type { SportTypeId } from '../../src/contract/sports';
import { FIRST_LIST_ID, type ListSource, allowInlineStyles, inlineStyleHashes, pageVariant, routeMatcher } from './firstPaint';
import { withAppKey } from './static';

/**
 * `npm run dev`: the PWA served by Vite from the sources, on the server's own origin and port, beside the
 * API, the STOMP socket and the development pages. Vite runs in middleware mode: its hot-reload socket
 * shares the HTTP server at HMR_PATH, the page is `index.html` transformed by Vite with the app key
 * written in as the production path does, and every other request Vite does not answer (an API call, a
 * page address of the app) goes on to the server's own routes. Development only: `buildApp` refuses it
 * when NODE_ENV=production, and Vite is a development dependency, so it is imported only here.
 */
export const HMR_PATH = '/__vite_hmr';

/**
 * What Vite writes into the page for its nonce (`html.cspNonce`); each answer replaces it with that
 * request's own nonce, the one its Content-Security-Policy allows.
 */
const NONCE_PLACEHOLDER = 'PANALO_DEV_NONCE';

/** The server's own addresses, never looked up in Vite (API bodies, the STOMP socket, development pages). */
const SERVER_PATHS = /^\/(api|dev|media\/avatar)\//;

export interface ViteDevOptions {
  appKey: string;
  /** The server's data folder (secrets, database): never served, even though it is under the project root. */
  dataDir: string;
  /** The project root (where vite.config.ts and index.html are); the working directory by default. */
  root?: string;
}

export const viteDevPlugin = fp<ViteDevOptions>(
  async (app: FastifyInstance, options) => {
    const root = resolve(options.root ?? process.cwd());
    const vite = await createServer({
      root,
      configFile: resolve(root, 'vite.config.ts'),
      appType: 'custom',
      clearScreen: false,
      html: { cspNonce: NONCE_PLACEHOLDER },
      server: {
        middlewareMode: true,
        // Its own path, so the STOMP endpoint (/ws) and Vite's socket share the one port.
        hmr: { server: app.server, path: HMR_PATH },
        fs: {
          // Vite serves files under the root on request; the data folder holds the deployment's secrets.
          // (Vite matches a pattern with a slash against the absolute path.)
          deny: ['.env', '.env.*', '*.{crt,pem}', '**/.git/**', `${resolve(options.dataDir)}/**`],
        },
      },
    });

    app.addHook('onRequest', (request, reply, done) => {
      const path = request.url.split('?')[0] ?? '/';
      if (path === '/' || path === '/index.html' || path === STOMP_PATH || SERVER_PATHS.test(path)) return done();
      // Vite answers what it serves (modules, workers, the dev service worker, public files) itself, and
      // hands anything else back (Fastify's routes), as a Connect middleware does.
      vite.middlewares(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
    });

    const lists: ListSource | undefined = app.hasDecorator('feed')
      ? (query) => app.feed.listSnapshot(query.sportTypeId as SportTypeId, query.mode, query.dateId)
      : undefined;
    // The routes and sports, read from the sources through Vite (the server imports only src/contract and src/lib).
    const { routeInfo } = (await vite.ssrLoadModule(resolve(root, 'scripts/vite-first-paint.ts'))) as { routeInfo: typeof RouteInfo };
    const info = routeInfo();
    const routeOf = routeMatcher(info);
    const sendShell = async (request: FastifyRequest, reply: FastifyReply) => {
      const source = await readFile(resolve(root, 'index.html'), 'utf8');
      const transformed = await vite.transformIndexHtml(request.url, withAppKey(source, options.appKey));
      // The address's prerendered shell and first lists, as the production page has them (no chunk preloads: Vite serves modules).
      // The inlined lists are data, never run; they carry the nonce like every inline script of this page.
      const html = pageVariant(transformed, request.url, info, routeOf, lists)
        .build()
        .replace(
          `<script type="application/json" id="${FIRST_LIST_ID}">`,
          `<script type="application/json" id="${FIRST_LIST_ID}" nonce="${NONCE_PLACEHOLDER}">`,
        );
      allowInlineStyles(reply, inlineStyleHashes(html));
      return reply
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(html.replaceAll(NONCE_PLACEHOLDER, request.cspNonce ?? ''));
    };
    app.get('/', sendShell);
    app.get('/index.html', sendShell);
    app.decorate('sendShell', (request: FastifyRequest, reply: FastifyReply) => {
      void sendShell(request, reply).catch((error: unknown) => reply.send(error));
      return reply;
    });

    app.addHook('preClose', async () => {
      await vite.close();
    });
  },
  { name: 'panalo-vite-dev', dependencies: ['security-headers'] },
);
