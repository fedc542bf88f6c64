import { and, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { GatewayCode } from '../../../src/contract/errorCodes';
import type { Database, Queryable } from '../../db';
import { messageReads, messages } from '../../db/schema';
import { CallError } from '../../lib/errors';
import type { PlayerEvents } from '../../realtime/bus';

/**
 * Messages (spec §3): the inbox (type 1, to one player) and notices (type 2, to every player), with
 * unread counts, list, detail (which marks it read) and mark-read.
 */
export const MESSAGE_TYPES = { inbox: 1, notice: 2 } as const;

const visibleTo = (customerId: number) => or(eq(messages.customerId, customerId), isNull(messages.customerId));

export async function sendMessage(
  db: Queryable,
  events: PlayerEvents,
  message: { customerId: number | null; type: 1 | 2; title: string; body: string },
): Promise<number> {
  const [row] = await db.insert(messages).values(message).returning({ id: messages.id });
  events.publish({ type: 'message', customerId: message.customerId, messageId: row!.id, messageType: message.type });
  return row!.id;
}

export async function unreadCounts(db: Queryable, customerId: number): Promise<{ unreadInbox: number; unreadNotice: number }> {
  const rows = await db
    .select({ type: messages.type, unread: count() })
    .from(messages)
    .leftJoin(messageReads, and(eq(messageReads.messageId, messages.id), eq(messageReads.customerId, customerId)))
    .where(and(visibleTo(customerId), isNull(messageReads.messageId)))
    .groupBy(messages.type);
  return {
    unreadInbox: rows.find((r) => r.type === MESSAGE_TYPES.inbox)?.unread ?? 0,
    unreadNotice: rows.find((r) => r.type === MESSAGE_TYPES.notice)?.unread ?? 0,
  };
}

const typeSchema = z.union([z.literal(1), z.literal(2)]);

export async function messageRoutes(app: FastifyInstance, options: { db: Database }) {
  const { db } = options;

  app.call({
    prefix: 'main',
    name: 'message/unreadCount',
    auth: 'player',
    body: z.looseObject({}),
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
    handler: async ({ body, customerId }) => {
      const where = and(visibleTo(customerId), eq(messages.type, body.type));
      const [total] = await db.select({ value: count() }).from(messages).where(where);
      const rows = await db
        .select({
          id: messages.id,
          type: messages.type,
          title: messages.title,
          body: messages.body,
          createdAt: messages.createdAt,
          readAt: messageReads.readAt,
        })
        .from(messages)
        .leftJoin(messageReads, and(eq(messageReads.messageId, messages.id), eq(messageReads.customerId, customerId)))
        .where(where)
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(body.pageSize)
        .offset((body.pageNo - 1) * body.pageSize);
      return {
        total: total?.value ?? 0,
        pageNo: body.pageNo,
        list: rows.map((row) => ({
          id: row.id,
          type: row.type,
          title: row.title,
          summary: row.body.length > 120 ? `${row.body.slice(0, 117)}…` : row.body,
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
    handler: async ({ body, customerId }) => {
      const [row] = await db
        .select()
        .from(messages)
        .where(and(eq(messages.id, body.id), visibleTo(customerId)));
      if (!row) throw new CallError(GatewayCode.InvalidRequest, 'This message is no longer available.', 404);
      await db.insert(messageReads).values({ customerId, messageId: row.id }).onConflictDoNothing();
      return { id: row.id, type: row.type, title: row.title, body: row.body, createdAt: row.createdAt.toISOString(), read: true };
    },
  });

  app.call({
    prefix: 'main',
    name: 'message/markRead',
    auth: 'player',
    body: z.object({ type: typeSchema, ids: z.optional(z.array(z.int()).check(z.maxLength(200))) }),
    handler: async ({ body, customerId }) => {
      const visible = await db
        .select({ id: messages.id })
        .from(messages)
        .where(and(visibleTo(customerId), eq(messages.type, body.type), body.ids ? inArray(messages.id, body.ids) : sql`true`));
      if (visible.length > 0) {
        await db
          .insert(messageReads)
          .values(visible.map((m) => ({ customerId, messageId: m.id })))
          .onConflictDoNothing();
      }
      return unreadCounts(db, customerId);
    },
  });
}
