import type { FastifyInstance } from 'fastify';
import { API_PREFIXES, makeEnvelope } from '../../src/contract/envelopes';
import { GatewayCode } from '../../src/contract/errorCodes';
import { prefixOf } from './contract';

/**
 * What nothing else answers: an unknown call gets its prefix's envelope (GW_ code, 404; 405 for a
 * method other than POST), a page address the app shell (the client's router decides), anything else
 * a plain 404.
 */
export function answerNotFound(app: FastifyInstance): void {
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
}
