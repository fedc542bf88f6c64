import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { alipayPlusClient } from '../../providers/hosts/client';
import { gcashHost } from '../../providers/hosts/gcashHost';
import { alipayPlusSigner, alipayPlusVerifier } from '../../providers/hosts/notify';
import type { HostTransport, SuperAppHost } from '../../providers/hosts/types';
import { MAYA_SESSION_PATH, type WalletMiniAppHost, walletHostClient } from '../../providers/hosts/walletMiniApp';
import { mayaHost } from '../../providers/hosts/mayaHost';
import { MAYA_PAGE_PATH } from '../../providers/hosts/mayaPage';
import { NOTIFY_PATH } from '../../providers/hosts/alipayPlus';
import { providerWebhooks } from '../payments';
import { BotService } from './bot';
import { HandoffService } from './handoff';
import { MayaService } from './maya';
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
export { linksOf } from './repository';

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
    let wallet: { host: WalletMiniAppHost; privateKeyPem: string } | undefined;
    const sims = app.payments.simulators;
    if (sims && !config.production) {
      const keys = loadHostKeys(config.dataDir);
      // The simulators' APIs are ours: reached in process, through their real routes.
      const inProcess: HostTransport = async (path, headers, body) => {
        const answer = await app.inject({ method: 'POST', url: path, headers, payload: body });
        const out: Record<string, string | undefined> = {};
        for (const [name, value] of Object.entries(answer.headers))
          out[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value?.toString();
        return { status: answer.statusCode, headers: out, body: answer.body };
      };
      const host = gcashHost({ store: sims.store, clock, delivery: sims.delivery, baseUrl: config.payments.publicUrl });
      hosts['gcash'] = alipayPlusClient({
        clientId: keys.clientId,
        privateKeyPem: keys.ourPrivateKeyPem,
        hostPublicKeyPem: keys.hostPublicKeyPem,
        basePath: HOST_API_BASE,
        clock,
        notifyUrl: `${config.payments.publicUrl}${NOTIFY_PATH}`,
        transport: inProcess,
      });
      wallet = {
        host: walletHostClient({ basePath: `${MAYA_PAGE_PATH}/api`, transport: inProcess }),
        privateKeyPem: keys.mayaMerchantPrivateKeyPem,
      };
      const maya = mayaHost({
        store: sims.store,
        clock,
        merchantPublicKeyPem: keys.mayaMerchantPublicKeyPem,
        postSession: async (body) => {
          const answer = await inProcess(MAYA_SESSION_PATH, { 'Content-Type': 'application/json' }, body);
          return { status: answer.status, body: answer.body };
        },
      });
      sims.addWebhookSigner('alipayplus', alipayPlusSigner(keys.hostPrivateKeyPem, keys.clientId));
      await providerWebhooks(app, { verifiers: { alipayplus: alipayPlusVerifier(keys.hostPublicKeyPem, keys.clientId) } });
      await app.register(hostSimRoutes, { host, keys, clock, bot, maya });
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
    const mayaService = new MayaService({
      db: app.database.db,
      policy: app.sessions.policy,
      host: wallet?.host,
      privateKeyPem: wallet?.privateKeyPem,
      withdrawOnly: (key) => app.responsibleGaming.service.withdrawOnly(key),
      clock,
      log: app.log,
    });
    app.decorate('partners', service);
    const handoff = new HandoffService({ db: app.database.db, policy: app.sessions.policy });
    await app.register(partnerRoutes, { service, bot, maya: mayaService, handoff, deposits: app.deposits });
    app.jobs.add('partner-host-orders', POLL_JOB_MS, (now) => service.pollOrders(now));
  },
  { name: 'partners', dependencies: ['core', 'jobs', 'contract', 'sessions', 'payments', 'deposits', 'responsible-gaming'] },
);
