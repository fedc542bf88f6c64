import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { messageAnswer, messageListAnswer, unreadAnswer } from '../../../src/contract/answers/messages';
import { GatewayCode } from '../../../src/contract/errorCodes';
import type { Database } from '../../db';
import { CallError } from '../../lib/errors';
import { type MessageType, markMessageRead, markRead, messagePage, unreadCounts, visibleMessage } from './repository';

/**
 * The message calls (spec §3): the inbox and notices, with unread counts, list, detail (which marks
 * it read) and mark-read.
 */
const typeSchema = z.union([z.literal(1), z.literal(2)]);

const summary = (body: string) => (body.length > 120 ? `${body.slice(0, 117)}…` : body);

export async function messageRoutes(app: FastifyInstance, options: { db: Database }) {
  const { db } = options;

  app.call({
    prefix: 'main',
    name: 'message/unreadCount',
    auth: 'player',
    body: z.looseObject({}),
    answer: unreadAnswer,
    handler: ({ customerId }) => unreadCounts(db, customerId),
  });

  app.call({
    prefix: 'main',
    name: 'message/list',
    auth: 'player',
    body: z.object({
      type: typeSchema,
      pageNo: z._default(z.int().check(z.minimum(1)), 1),
      pageSize: z._default(z.int().check(z.minimum(1), z.maximum(50)), 20),
    }),
    answer: messageListAnswer,
    handler: async ({ body, customerId }) => {
      const { total, rows } = await messagePage(db, customerId, body);
      return {
        total,
        pageNo: body.pageNo,
        list: rows.map((row) => ({
          id: row.id,
          type: row.type as MessageType,
          title: row.title,
          summary: summary(row.body),
          createdAt: row.createdAt.toISOString(),
          read: row.readAt !== null,
        })),
      };
    },
  });

  app.call({
    prefix: 'main',
    name: 'message/detail',
    auth: 'player',
    body: z.object({ id: z.int() }),
    answer: messageAnswer,
    handler: async ({ body, customerId }) => {
      const row = await visibleMessage(db, customerId, body.id);
      if (!row) throw new CallError(GatewayCode.InvalidRequest, 'This message is no longer available.', 404);
      await markMessageRead(db, customerId, row.id);
      return {
        id: row.id,
        type: row.type as MessageType,
        title: row.title,
        body: row.body,
        createdAt: row.createdAt.toISOString(),
        read: true as const,
      };
    },
  });

  app.call({
    prefix: 'main',
    name: 'message/markRead',
    auth: 'player',
    body: z.object({ type: typeSchema, ids: z.optional(z.array(z.int()).check(z.maxLength(200))) }),
    answer: unreadAnswer,
    handler: async ({ body, customerId }) => {
      await markRead(db, customerId, body.type, body.ids);
      return unreadCounts(db, customerId);
    },
  });
}
