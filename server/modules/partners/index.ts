import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { alipayPlusClient } from '../../providers/hosts/client';
import { gcashHost } from '../../providers/hosts/gcashHost';
import { alipayPlusSigner, alipayPlusVerifier } from '../../providers/hosts/notify';
import type { SuperAppHost } from '../../providers/hosts/types';
import { NOTIFY_PATH } from '../../providers/hosts/alipayPlus';
import { providerWebhooks } from '../payments';
import { BotService } from './bot';
import { partnerRoutes } from './routes';
import { loadHostKeys } from './secrets';
import { POLL_JOB_MS, PartnerService } from './service';
import { HOST_API_BASE, hostSimRoutes } from './simRoutes';

/**
 * Partner hosts (issue 36): the super-app (GCash on Alipay+) login by auth code and its host payments,
 * through the signed host client. Outside production the host is the simulator (/sim/host/gcash), reached
 * in process through its own signed routes; in production no simulator runs and, with no host contract
 * configured, the host calls answer the provider-issue refusal.
 */
declare module 'fastify' {
  interface FastifyInstance {
    partners: PartnerService;
  }
}

export const partners = fp(
  async (app: FastifyInstance) => {
    const { config, clock } = app;
    const hosts: Partial<Record<string, SuperAppHost>> = {};
    const bot = new BotService({ db: app.database.db, policy: app.sessions.policy });
    const sims = app.payments.simulators;
    if (sims && !config.production) {
      const keys = loadHostKeys(config.dataDir);
      const host = gcashHost({ store: sims.store, clock, delivery: sims.delivery, baseUrl: config.payments.publicUrl });
      hosts['gcash'] = alipayPlusClient({
        clientId: keys.clientId,
        privateKeyPem: keys.ourPrivateKeyPem,
        hostPublicKeyPem: keys.hostPublicKeyPem,
        basePath: HOST_API_BASE,
        clock,
        notifyUrl: `${config.payments.publicUrl}${NOTIFY_PATH}`,
        // The simulator's API is ours: reached in process, through its real (signed) routes.
        async transport(path, headers, body) {
          const answer = await app.inject({ method: 'POST', url: path, headers, payload: body });
          const out: Record<string, string | undefined> = {};
          for (const [name, value] of Object.entries(answer.headers))
            out[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value?.toString();
          return { status: answer.statusCode, headers: out, body: answer.body };
        },
      });
      sims.addWebhookSigner('alipayplus', alipayPlusSigner(keys.hostPrivateKeyPem, keys.clientId));
      await providerWebhooks(app, { verifiers: { alipayplus: alipayPlusVerifier(keys.hostPublicKeyPem, keys.clientId) } });
      await app.register(hostSimRoutes, { host, keys, clock, bot });
      app.jobs.add('partner-host-simulator', 1_000, (now) => host.tick(now));
    }

    const service = new PartnerService({
      db: app.database.db,
      hosts,
      policy: app.sessions.policy,
      deposits: app.deposits,
      gate: app.responsibleGaming.gate,
      events: app.playerEvents,
      limits: config.payments.deposit.gcash,
      clock,
      log: app.log,
    });
    app.decorate('partners', service);
    await app.register(partnerRoutes, { service, bot });
    app.jobs.add('partner-host-orders', POLL_JOB_MS, (now) => service.pollOrders(now));
  },
  { name: 'partners', dependencies: ['core', 'jobs', 'contract', 'sessions', 'payments', 'deposits', 'responsible-gaming'] },
);
