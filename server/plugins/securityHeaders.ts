import { randomBytes } from 'node:crypto';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The browser's side of security, on every answer (helmet): the session token lives in localStorage, so
 * an injected script would own the account. The page may run only the build's own files (no inline
 * script or style, no eval), talk only to this origin and its WebSocket, and be framed only by the app
 * itself and the partner origins an operator configures (FRAME_ANCESTORS). API answers are data, never
 * a document: they allow nothing and no frame.
 */
export interface SecurityHeadersOptions {
  /** Partner origins (mini-apps) that may frame the app, besides the app itself. */
  frameAncestors: readonly string[];
  /** Origins the app may frame besides itself: the game provider's game pages (GAME_PROVIDER_URL's origin). */
  frameSources?: readonly string[];
  /**
   * `npm run dev` only (never with NODE_ENV=production): Vite's page runs two inline module scripts (React
   * refresh, the dev service worker's registration) and injects each CSS module as a `<style>`. Each
   * page answer then allows scripts and styles carrying that answer's own random nonce, and nothing else
   * inline. The production policy is untouched.
   */
  development?: boolean;
}

/** A year, once the page came over TLS; a plain-HTTP answer never sends it (a browser ignores it there anyway). */
const HSTS = { maxAge: 31_536_000, includeSubDomains: true, preload: false };

/**
 * What the app may use (Permissions-Policy; helmet does not write this header). The camera for identity
 * verification (photo of the ID, face capture), on this origin only; fullscreen, picture-in-picture and
 * muted autoplay for match video; writing to the clipboard (copy buttons). Everything else is off, for
 * the page and for anything it frames. Only features the browser knows are named: an unknown one makes
 * Chromium warn on every page ('Unrecognized feature'). Web Share and Web Bluetooth are left out for
 * that reason (desktop Chromium has neither): their default allowlist is 'self', so a framed page of
 * another origin (a game) gets neither anyway, and this origin runs only the build's own scripts.
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'fullscreen=(self)',
  'picture-in-picture=(self)',
  'autoplay=(self)',
  'clipboard-write=(self)',
  'clipboard-read=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'display-capture=()',
  'screen-wake-lock=()',
  'idle-detection=()',
  'local-fonts=()',
  'encrypted-media=()',
  'publickey-credentials-get=()',
  'otp-credentials=()',
  'window-management=()',
  'xr-spatial-tracking=()',
  'browsing-topics=()',
].join(', ');

/** The answers of the call contract (and anything under /api/): data, not a document. */
const isApi = (request: FastifyRequest) => request.url.startsWith('/api/');

/** host[:port] as a browser would write it in an origin; anything else (a forged Host) adds no source. */
const HOST = /^([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/i;

/**
 * The app's WebSocket (STOMP at /ws) on this origin. CSP 3 lets 'self' cover it, but older WebKit does
 * not match ws:/wss: with 'self', so it is named. The host is the one the page was asked for (through a
 * trusted proxy: the forwarded one), which is where the page opens its socket.
 */
function socketSource(request: FastifyRequest): string[] {
  const host = request.host;
  if (!HOST.test(host)) return [];
  return [`${request.protocol === 'https' ? 'wss' : 'ws'}://${host}`];
}

function pagePolicy(
  request: FastifyRequest,
  frameAncestors: readonly string[],
  frameSources: readonly string[],
): FastifyHelmetOptions['contentSecurityPolicy'] {
  const tls = request.protocol === 'https';
  const nonce = request.cspNonce ? [`'nonce-${request.cspNonce}'`] : [];
  return {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'", ...nonce],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'", ...nonce],
      // blob: the maintenance image the app keeps for offline (IndexedDB, shown through an object URL).
      'img-src': ["'self'", 'blob:'],
      'media-src': ["'self'"],
      'font-src': ["'self'"],
      'connect-src': ["'self'", ...socketSource(request)],
      // The realtime SharedWorker (a dedicated Worker where it is missing) and the service worker.
      'worker-src': ["'self'"],
      'manifest-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'self'", ...frameAncestors],
      // The in-game frame: the simulator's pages (same origin) or a real provider's.
      'frame-src': ["'self'", ...frameSources],
      // Over TLS only: on plain HTTP (a phone on the LAN, the tests) it would send the page's own requests to https.
      ...(tls ? { 'upgrade-insecure-requests': [] } : {}),
    },
  };
}

const API_POLICY: FastifyHelmetOptions['contentSecurityPolicy'] = {
  useDefaults: false,
  directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] },
};

export const securityHeaders = fp<SecurityHeadersOptions>(
  async (app, options) => {
    // Not global: the hook below applies helmet once per answer, with the policy that answer needs.
    await app.register(helmet, {
      global: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
    });
    const partners = options.frameAncestors.length > 0;
    app.decorateRequest('cspNonce', undefined);

    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const api = isApi(request);
      if (options.development && !api) request.cspNonce = randomBytes(16).toString('base64');
      const tls = request.protocol === 'https';
      reply.helmet({
        contentSecurityPolicy: api ? API_POLICY : pagePolicy(request, options.frameAncestors, options.frameSources ?? []),
        strictTransportSecurity: tls ? HSTS : false,
        // X-Frame-Options cannot name partners; where partners may frame the app, frame-ancestors decides alone.
        xFrameOptions: api ? { action: 'deny' } : partners ? false : { action: 'sameorigin' },
      });
      if (!api) reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    });
  },
  { name: 'security-headers' },
);

declare module 'fastify' {
  interface FastifyRequest {
    /** The nonce this page answer's policy allows inline scripts and styles by (development server only). */
    cspNonce: string | undefined;
  }
}
