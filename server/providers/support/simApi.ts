import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DeskRefusal, type DeskSimulator } from './simulator';

/**
 * The simulator's Chatwoot-style application API (development and tests only), under
 * /sim/support/api/v1/accounts/{account}/…: what our adapter (chatwoot.ts) calls, with the
 * `api_access_token` header, answered as Chatwoot answers (JSON, 401 without the token, 404 for a
 * conversation it does not have).
 */

export const SIM_ACCOUNT_ID = '1';
export const SIM_INBOX_ID = '1';
const PREFIX = `/sim/support/api/v1/accounts/:account/conversations`;

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

type Params = { account: string; id?: string };

export async function simApi(app: FastifyInstance, options: { simulator: DeskSimulator; apiToken: string }) {
  const { simulator } = options;

  async function answer(
    request: FastifyRequest<{ Params: Params }>,
    reply: FastifyReply,
    work: (body: Record<string, unknown>, id: number) => Promise<unknown>,
  ) {
    reply.header('Cache-Control', 'no-store');
    const token = request.headers['api_access_token'];
    if (typeof token !== 'string' || !sameText(token, options.apiToken))
      return reply.status(401).send({ error: 'You need to sign in or sign up before continuing.' });
    if (request.params.account !== SIM_ACCOUNT_ID) return reply.status(404).send({ error: 'Resource could not be found' });
    const id = request.params.id === undefined ? 0 : Number(request.params.id);
    if (!Number.isSafeInteger(id) || id < 0) return reply.status(404).send({ error: 'Resource could not be found' });
    const body = typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>) : {};
    try {
      return reply.send((await work(body, id)) ?? {});
    } catch (error) {
      if (error instanceof DeskRefusal) return reply.status(error.status).send({ error: error.message });
      throw error;
    }
  }

  app.post<{ Params: Params }>(PREFIX, (request, reply) =>
    answer(request, reply, async (body) => {
      const row = await simulator.createConversation(body);
      return { id: row.id, status: row.status, custom_attributes: row.customAttributes };
    }),
  );
  app.post<{ Params: Params }>(`${PREFIX}/:id/messages`, (request, reply) =>
    answer(request, reply, async (body, id) => {
      const row = await simulator.postMessage(id, body);
      return { id: row.id, content: row.content, message_type: row.messageType, created_at: row.createdAt.toISOString() };
    }),
  );
  app.post<{ Params: Params }>(`${PREFIX}/:id/custom_attributes`, (request, reply) =>
    answer(request, reply, async (body, id) => {
      await simulator.setAttributes(id, (body['custom_attributes'] ?? {}) as Record<string, unknown>);
      return { custom_attributes: (await simulator.conversation(id)).customAttributes };
    }),
  );
  app.post<{ Params: Params }>(`${PREFIX}/:id/toggle_typing_status`, (request, reply) =>
    answer(request, reply, (body, id) => simulator.contactTyping(id, body['typing_status'] === 'on')),
  );
  app.post<{ Params: Params }>(`${PREFIX}/:id/update_last_seen`, (request, reply) =>
    answer(request, reply, async (body, id) => {
      const at = Date.parse(typeof body['contact_last_seen_at'] === 'string' ? body['contact_last_seen_at'] : '');
      if (!Number.isFinite(at)) throw new DeskRefusal(422, 'contact_last_seen_at is required');
      await simulator.contactSeen(id, new Date(at));
    }),
  );
}
