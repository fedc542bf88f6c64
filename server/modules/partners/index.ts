import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { alipayPlusClient } from '../../providers/hosts/client';
import { gcashHost } from '../../providers/hosts/gcashHost';
import { alipayPlusSigner, alipayPlusVerifier } from '../../providers/hosts/notify';
import type { HostTransport, SuperAppHost } from '../../providers/hosts/types';
import { MAYA_SESSION_PATH, type WalletMiniAppHost, walletHostClient } from '../../providers/hosts/walletMiniApp';
import { mayaHost } from '../../providers/hosts/mayaHost';
import { MAYA_PAGE_PATH } from '../../providers/hosts/mayaPage';
import { BOT_PAGE_PATH } from '../../providers/hosts/botPage';
import { SUPER_APP_SPECS, notifyPathOf } from '../../providers/hosts/superApps';
import { providerWebhooks } from '../payments';
import { BotService } from './bot';
import { HandoffService } from './handoff';
import { MayaService } from './maya';
import { partnerRoutes } from './routes';
import { loadHostKeys, superAppKeys } from './secrets';
import { POLL_JOB_MS, PartnerService } from './service';
import { hostSimRoutes } from './simRoutes';

/**
 * Partner hosts (issue 36): the super-apps' (GCash on Alipay+, Lazada) login by auth code and their host
 * payments, through the signed host client. Outside production each host is a simulator (/sim/host/gcash,
 * /sim/host/lazada), reached
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
    const simulated = Boolean(app.payments.simulators) && !config.production;
    // The bot's link: Viber's deep link to the registered bot, else (development) the bot simulator's chat.
    const botUrl = config.viberBotUri ? `viber://pa?chatURI=${config.viberBotUri}` : simulated ? BOT_PAGE_PATH : '';
    const bot = new BotService({ db: app.database.db, policy: app.sessions.policy, botUrl });
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
      const superApps = SUPER_APP_SPECS.map((spec) => {
        const signing = superAppKeys(keys, spec.name);
        const host = gcashHost({ store: sims.store, clock, delivery: sims.delivery, baseUrl: config.payments.publicUrl, spec });
        hosts[spec.name] = alipayPlusClient({
          clientId: signing.clientId,
          privateKeyPem: signing.ourPrivateKeyPem,
          hostPublicKeyPem: signing.hostPublicKeyPem,
          basePath: `${spec.pagePath}/api`,
          clock,
          notifyUrl: `${config.payments.publicUrl}${notifyPathOf(spec)}`,
          provider: spec.provider,
          transport: inProcess,
        });
        sims.addWebhookSigner(spec.provider, alipayPlusSigner(signing.hostPrivateKeyPem, signing.clientId, spec.provider));
        return { host, keys: signing };
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
      await providerWebhooks(app, {
        verifiers: Object.fromEntries(
          superApps.map(({ host, keys: signing }) => [
            host.spec.provider,
            alipayPlusVerifier(signing.hostPublicKeyPem, signing.clientId, host.spec.provider),
          ]),
        ),
      });
      await app.register(hostSimRoutes, { superApps, clock, bot, maya });
      app.jobs.add('partner-host-simulator', 1_000, async (now) => {
        let ended = 0;
        for (const { host } of superApps) ended += await host.tick(now);
        return ended;
      });
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
      withdrawOnly: (key) => app.responsibleGaming.service.withdrawOnly(key),
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
