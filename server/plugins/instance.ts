import Fastify, { type FastifyInstance } from 'fastify';
import { HEADER } from '../../src/contract/sign';
import type { ServerConfig } from '../config';
import { fastifyTrustProxy } from '../lib/proxies';

/** The Fastify instance every part registers on: its logger, the proxies it trusts, the body limit, request ids. */
export function createFastify(config: ServerConfig, options: { logger?: boolean | undefined }): FastifyInstance {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    // Only the proxies the operator names may say who the client is (TRUST_PROXY, none by default):
    // request.ip, the per-address limits and the address recorded with a session all follow from it.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 2_097_152,
    // The client's Qid names the request in our logs too, so a player's report finds its log lines.
    genReqId: (request) => {
      const qid = request.headers[HEADER.qid.toLowerCase()];
      return typeof qid === 'string' && /^[\w-]{8,64}$/.test(qid) ? qid : crypto.randomUUID();
    },
  });
  if (typeof config.trustProxy === 'number') {
    app.log.warn(
      { hops: config.trustProxy },
      'TRUST_PROXY is a hop count: safe only if callers cannot reach this server except through those proxies; prefer their addresses',
    );
  }
  return app;
}
