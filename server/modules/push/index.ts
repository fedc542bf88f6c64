import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pushRoutes } from './routes';
import { PushService } from './service';

/**
 * Web Push (issue 38): browsers' subscriptions, the player's per-kind switches, and notifications of the
 * events the other modules already publish on the player events bus (`bet` settled or cashed out; `notice`
 * for a withdrawal, a KYC decision, a deposit limit). The VAPID key pair is made at the first start into
 * the data folder's secrets.json. Deliveries live in Postgres; a shared job retries failed sends and
 * sweeps old rows.
 */
export { PushService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    push: PushService;
  }
}

/** The hosts of the browsers' push services (Chrome/Edge/Samsung via FCM, Firefox, Safari, Windows). */
const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /(^|\.)push\.services\.mozilla\.com$/,
  /(^|\.)push\.apple\.com$/,
  /\.notify\.windows\.com$/,
];
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

const RETRY_EVERY_MS = 15_000;
const SWEEP_EVERY_MS = 60 * 60_000;

export const push = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const service = new PushService({
      db: app.database.db,
      clock: app.clock,
      vapid: { publicKey: config.secrets.vapidPublicKey, privateKey: config.secrets.vapidPrivateKey },
      subject: config.pushSubject,
      log: app.log,
      // The server posts only to the push services; outside production also to this machine (the
      // development push endpoint, /dev/push).
      endpointAllowed: (url) =>
        (url.protocol === 'https:' && PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname))) ||
        (!config.production && LOCAL_HOSTS.has(url.hostname)),
    });
    app.decorate('push', service);
    await app.register(pushRoutes, { service });
    const stop = app.playerEvents.subscribe((event) => service.hear(event));
    app.jobs.add('push-retry', RETRY_EVERY_MS, (now) => service.retryDue(now));
    app.jobs.add('push-sweep', SWEEP_EVERY_MS, (now) => service.sweep(now));
    app.addHook('onClose', async () => {
      stop();
      await service.idle();
    });
  },
  { name: 'push', dependencies: ['core', 'contract', 'jobs'] },
);
