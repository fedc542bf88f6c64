import Fastify, { type FastifyInstance } from 'fastify';
import { API_PREFIXES, makeEnvelope } from '../src/contract/envelopes';
import { GatewayCode } from '../src/contract/errorCodes';
import { HEADER } from '../src/contract/sign';
import type { ServerConfig } from './config';
import { siteRoutes } from './modules/site/routes';
import { fileSiteSettings } from './modules/site/settings';
import { statsRoutes } from './modules/stats/routes';
import { contractPlugin, prefixOf } from './plugins/contract';
import { staticPlugin } from './plugins/static';

/**
 * Builds the server: the call contract, the domain modules (each registers its calls under the
 * contract's prefixes; later releases add auth, account, wallet, kyc, sports, bets, games, promo and
 * messages beside site and stats), and the PWA itself. One origin, one port.
 */
export async function buildApp(config: ServerConfig, options: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: true,
    // The client's Qid names the request in our logs too, so a player's report finds its log lines.
    genReqId: (request) => {
      const qid = request.headers[HEADER.qid.toLowerCase()];
      return typeof qid === 'string' && /^[\w-]{8,64}$/.test(qid) ? qid : crypto.randomUUID();
    },
  });

  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  });

  await app.register(contractPlugin, { appKey: config.appKey });
  const settings = fileSiteSettings(config.dataDir, app.log);
  await app.register(siteRoutes, { settings });
  await app.register(statsRoutes, { counts: new Map() });
  await app.register(staticPlugin, { distDir: config.distDir, appKey: config.appKey });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const prefix = prefixOf(path);
    if (prefix) {
      const status = request.method === 'POST' ? 404 : 405;
      const message = request.method === 'POST' ? `There is no call ${path.slice(API_PREFIXES[prefix].length + 1)}.` : 'Calls are POST.';
      return reply.status(status).send(makeEnvelope(prefix, GatewayCode.UnknownCall, message, null));
    }
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !/\.[a-z0-9]{2,12}$/i.test(path);
    if (isPage) return app.sendShell(request, reply);
    return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
  });

  return app;
}
