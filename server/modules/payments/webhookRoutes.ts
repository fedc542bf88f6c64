import type { FastifyInstance } from 'fastify';
import type { WebhookVerifier } from '../../providers/payments/types';
import type { WebhookInbox } from './inbox';

/** Webhook bodies are small JSON documents; anything larger is not from a provider. */
const WEBHOOK_BODY_LIMIT = 262_144;

/**
 * POST /webhooks/paymongo, /webhooks/maya, /webhooks/xendit: the providers' signed final statuses.
 * The body is kept as the raw bytes (a content-type parser of this scope only): the signature covers
 * them exactly, and nothing is parsed before it is verified. The answer is quick: verify, store, apply in
 * one transaction; 2xx when the event is handled (now or before), 401 when refused, 503 when a handler
 * failed, so the provider delivers it again. These are not player calls: no Sign, no session.
 */
export async function webhookRoutes(
  app: FastifyInstance,
  options: { inbox: WebhookInbox; verifiers: Record<string, WebhookVerifier>; clock: () => number },
) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  for (const [provider, verifier] of Object.entries(options.verifiers)) {
    app.post(`/webhooks/${provider}`, async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const headers: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(request.headers)) headers[name] = Array.isArray(value) ? value.join(',') : value;
      const receipt = await options.inbox.receive(verifier, headers, raw, options.clock());
      reply.header('Cache-Control', 'no-store');
      return reply.status(receipt.status).send(receipt.status < 300 ? { received: true } : { received: false, reason: receipt.verdict });
    });
  }
}
