import type { FastifyInstance } from 'fastify';
import type { KycVendor } from '../../providers/kyc/types';
import type { KycReviewInbox } from './webhooks';

const WEBHOOK_BODY_LIMIT = 262_144;

/** POST /webhooks/kyc: raw body, verified before parsing; not a player call (no Sign, no session). */
export async function kycWebhookRoute(app: FastifyInstance, options: { inbox: KycReviewInbox; vendor: KycVendor }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
  app.post('/webhooks/kyc', async (request, reply) => {
    const raw = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '';
    reply.header('Cache-Control', 'no-store');
    const status = await options.inbox.receive(options.vendor, raw, request.headers);
    return reply.status(status).send(status < 300 ? { received: true } : { received: false });
  });
}
