import { and, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { UnreadCounts } from '../../../src/contract/answers/messages';
import type { Queryable } from '../../db';
import { messageReads, messages } from '../../db/schema';

/** Messages in the database: the inbox (type 1, to one player) and notices (type 2, customerId null, to all). */
export const MESSAGE_TYPES = { inbox: 1, notice: 2 } as const;
export type MessageType = (typeof MESSAGE_TYPES)[keyof typeof MESSAGE_TYPES];

const visibleTo = (customerId: number) => or(eq(messages.customerId, customerId), isNull(messages.customerId));

const readBy = (customerId: number) => and(eq(messageReads.messageId, messages.id), eq(messageReads.customerId, customerId));

export async function insertMessage(
  db: Queryable,
  message: { customerId: number | null; type: MessageType; title: string; body: string },
): Promise<number> {
  const [row] = await db.insert(messages).values(message).returning({ id: messages.id });
  return row!.id;
}

export async function countNotices(db: Queryable): Promise<number> {
  const [notices] = await db.select({ value: count() }).from(messages).where(isNull(messages.customerId));
  return notices?.value ?? 0;
}

export async function unreadCounts(db: Queryable, customerId: number): Promise<UnreadCounts> {
  const rows = await db
    .select({ type: messages.type, unread: count() })
    .from(messages)
    .leftJoin(messageReads, readBy(customerId))
    .where(and(visibleTo(customerId), isNull(messageReads.messageId)))
    .groupBy(messages.type);
  return {
    unreadInbox: rows.find((r) => r.type === MESSAGE_TYPES.inbox)?.unread ?? 0,
    unreadNotice: rows.find((r) => r.type === MESSAGE_TYPES.notice)?.unread ?? 0,
  };
}

/** One page of the messages of a type the player sees, newest first, with whether each was read. */
export async function messagePage(db: Queryable, customerId: number, query: { type: MessageType; pageNo: number; pageSize: number }) {
  const where = and(visibleTo(customerId), eq(messages.type, query.type));
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
    .leftJoin(messageReads, readBy(customerId))
    .where(where)
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize);
  return { total: total?.value ?? 0, rows };
}

/** A message the player sees, or undefined (another player's message is as absent as a missing one). */
export async function visibleMessage(db: Queryable, customerId: number, id: number) {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.id, id), visibleTo(customerId)));
  return row;
}

export async function markMessageRead(db: Queryable, customerId: number, messageId: number): Promise<void> {
  await db.insert(messageReads).values({ customerId, messageId }).onConflictDoNothing();
}

/** Marks read the player's visible messages of a type (only `ids` when given). */
export async function markRead(db: Queryable, customerId: number, type: MessageType, ids?: number[]): Promise<void> {
  const visible = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(visibleTo(customerId), eq(messages.type, type), ids ? inArray(messages.id, ids) : sql`true`));
  if (visible.length === 0) return;
  await db
    .insert(messageReads)
    .values(visible.map((m) => ({ customerId, messageId: m.id })))
    .onConflictDoNothing();
}
